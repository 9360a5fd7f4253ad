// /api/auth/signout: thin entry; the handler lives in src/server/auth/signout.ts. Netlify's own per-IP
// rate limit is an outer guard in front of the handler's exact limit in the shared store.
import type { Config, Context } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { authContext } from '../../src/server/auth/context.ts';
import { handleSignout } from '../../src/server/auth/signout.ts';
import { secured } from '../../src/server/http/headers.ts';

export default secured((req: Request, context: Context) => handleSignout(req, authContext(settings()), context.ip));
export const config: Config = {
  path: '/api/auth/signout',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

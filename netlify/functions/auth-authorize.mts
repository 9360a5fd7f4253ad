// /api/auth/authorize: thin entry; the handler lives in src/server/auth/authorize.ts. Netlify's own per-IP
// rate limit is an outer guard in front of the handler's exact limit in the shared store.
import type { Config, Context } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { authContext } from '../../src/server/auth/context.ts';
import { handleAuthorize } from '../../src/server/auth/authorize.ts';
import { secured } from '../../src/server/http/headers.ts';

export default secured((req: Request, context: Context) => handleAuthorize(req, authContext(settings()), context.ip));
export const config: Config = {
  path: '/api/auth/authorize',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

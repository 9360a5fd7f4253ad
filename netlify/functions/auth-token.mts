// /api/auth/token: thin entry; the handler lives in src/server/auth/token-endpoint.ts. Netlify's own per-IP
// rate limit is an outer guard in front of the handler's exact limit in the shared store.
import type { Config, Context } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { authContext } from '../../src/server/auth/context.ts';
import { handleToken } from '../../src/server/auth/token-endpoint.ts';
import { secured } from '../../src/server/http/headers.ts';

export default secured((req: Request, context: Context) => handleToken(req, authContext(settings()), context.ip));
export const config: Config = {
  path: '/api/auth/token',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

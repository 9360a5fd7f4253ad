// /api/auth/register: thin entry; the handler lives in src/server/auth/register.ts. Netlify's own per-IP
// rate limit is an outer guard in front of the handler's exact limit in the shared store.
import type { Config, Context } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { authContext } from '../../src/server/auth/context.ts';
import { handleRegister } from '../../src/server/auth/register.ts';
import { secured } from '../../src/server/http/headers.ts';

export default secured((req: Request, context: Context) => handleRegister(req, authContext(settings()), context.ip));
export const config: Config = {
  path: '/api/auth/register',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

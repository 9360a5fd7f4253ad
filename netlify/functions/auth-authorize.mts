// /api/auth/authorize: thin entry; the handler lives in src/server/auth/authorize.ts.
import type { Config } from '@netlify/functions';
import { authContextFromEnv } from '../../src/server/auth/context.ts';
import { handleAuthorize } from '../../src/server/auth/authorize.ts';

export default (req: Request) => handleAuthorize(req, authContextFromEnv());
export const config: Config = { path: '/api/auth/authorize' };

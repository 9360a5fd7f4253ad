// /api/auth/token: thin entry; the handler lives in src/server/auth/token-endpoint.ts.
import type { Config } from '@netlify/functions';
import { authContextFromEnv } from '../../src/server/auth/context.ts';
import { handleToken } from '../../src/server/auth/token-endpoint.ts';

export default (req: Request) => handleToken(req, authContextFromEnv());
export const config: Config = { path: '/api/auth/token' };

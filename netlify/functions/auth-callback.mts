// /api/auth/callback: thin entry; the handler lives in src/server/auth/callback.ts.
import type { Config } from '@netlify/functions';
import { authContextFromEnv } from '../../src/server/auth/context.ts';
import { handleCallback } from '../../src/server/auth/callback.ts';

export default (req: Request) => handleCallback(req, authContextFromEnv());
export const config: Config = { path: '/api/auth/callback' };

// /api/auth/register: thin entry; the handler lives in src/server/auth/register.ts.
import type { Config } from '@netlify/functions';
import { authContextFromEnv } from '../../src/server/auth/context.ts';
import { handleRegister } from '../../src/server/auth/register.ts';

export default (req: Request) => handleRegister(req, authContextFromEnv());
export const config: Config = { path: '/api/auth/register' };

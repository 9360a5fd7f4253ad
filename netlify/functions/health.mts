import type { Config } from '@netlify/functions';
import { handleHealth } from '../../src/server/health.ts';
import { secured } from '../../src/server/http/headers.ts';

export default secured(handleHealth);
export const config: Config = { path: '/api/health' };

import type { Config } from '@netlify/functions';
import { handleHealth } from '../../src/server/health.ts';

export default handleHealth;
export const config: Config = { path: '/api/health' };

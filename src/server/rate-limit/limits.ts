// Every limit of the admin side in one place: per admin on /api/mcp and trigger_rebuild, per client
// IP on each /api/auth endpoint (the MCP SDK's own server defaults: limits no real admin meets).
import type { LimitSpec } from '../store/shared-store.ts';

export const REQUEST_LIMIT = { name: 'mcp-req', points: 60, durationSeconds: 60 } as const satisfies LimitSpec;
export const REBUILD_LIMIT = { name: 'mcp-rebuild', points: 5, durationSeconds: 3600 } as const satisfies LimitSpec;

export const AUTH_LIMITS = {
  register: { name: 'auth-register', points: 20, durationSeconds: 3600 },
  token: { name: 'auth-token', points: 50, durationSeconds: 900 },
  authorize: { name: 'auth-authorize', points: 100, durationSeconds: 900 },
  callback: { name: 'auth-callback', points: 100, durationSeconds: 900 },
} as const satisfies Record<string, LimitSpec>;

export type AuthEndpoint = keyof typeof AUTH_LIMITS;

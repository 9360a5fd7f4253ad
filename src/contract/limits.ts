// Every limit of the admin side in one place: per admin on /api/mcp and trigger_rebuild, per
// curator on the editor's git gateway, per client IP on each /api/auth endpoint (the MCP SDK's own
// server defaults: limits no real admin meets).
// Plain data, so the build can state them (OpenAPI, tool descriptions) without loading the server.

export interface LimitSpec {
  /** Names the counter family in the store (`mcp-req`, `auth-token`, …). */
  name: string;
  points: number;
  durationSeconds: number;
}

export const REQUEST_LIMIT = { name: 'mcp-req', points: 60, durationSeconds: 60 } as const satisfies LimitSpec;
export const REBUILD_LIMIT = { name: 'mcp-rebuild', points: 5, durationSeconds: 3600 } as const satisfies LimitSpec;
/** Proposals (a branch and a pull request each) one admin may open: more than a busy day needs. */
export const PROPOSAL_LIMIT = { name: 'mcp-propose', points: 30, durationSeconds: 3600 } as const satisfies LimitSpec;

/**
 * Proposals one run of a watcher (link or recall) may open: the site's own budget, apart from the
 * admins' PROPOSAL_LIMIT. What is left waits for the next run.
 */
export const WATCHER_PROPOSALS_PER_RUN = 5;

/**
 * Requests one curator may send to the editor's git gateway (/api/git). Decap reads one blob per
 * product when the editor opens (then keeps them in the browser's cache), so a first visit of a
 * 10,000-product catalog costs about as many requests; an hour of saving and reviewing costs
 * hundreds. GitHub's own limit (5,000 an hour for a token, more for a large App installation) is
 * passed through with Retry-After.
 */
/**
 * The largest request body the editor's gateway takes, said once: a Netlify Function takes 6 MB
 * buffered and netlify-cli cuts the local stack's at 6,000,000 bytes (a body past it never reaches
 * the function: on the local stack scripts/lib/local-function-answers.cjs answers this limit's 413
 * for a declared length past it), and a picture grows by a third in base64, so a photo of about
 * 4.5 MB fits.
 */
export const GATEWAY_BODY_BYTES = 6_000_000;

/** What the editor shows for a body over GATEWAY_BODY_BYTES (the gateway's 413, and the local stack's before it). */
export const GATEWAY_BODY_TOO_LARGE =
  `This save is larger than the ${(GATEWAY_BODY_BYTES / 1_000_000).toFixed(1)} MB the site accepts in one request ` +
  `(a photo of about ${((GATEWAY_BODY_BYTES * 3) / 4 / 1_000_000).toFixed(1)} MB at most). Make the photo smaller and save again.`;

export const GATEWAY_LIMIT = { name: 'git-req', points: 12_000, durationSeconds: 3600 } as const satisfies LimitSpec;

export const AUTH_LIMITS = {
  register: { name: 'auth-register', points: 20, durationSeconds: 3600 },
  token: { name: 'auth-token', points: 50, durationSeconds: 900 },
  authorize: { name: 'auth-authorize', points: 100, durationSeconds: 900 },
  callback: { name: 'auth-callback', points: 100, durationSeconds: 900 },
  /** The editor's sign-out: not an SDK default; as many as the token endpoint allows. */
  signout: { name: 'auth-signout', points: 50, durationSeconds: 900 },
} as const satisfies Record<string, LimitSpec>;

export type AuthEndpoint = keyof typeof AUTH_LIMITS;

/**
 * A limit in words, for the texts that state it: "60 requests in any minute", "5 in any hour". Limits
 * hold over every span of their duration, not per clock minute (src/server/store/slot-limiter.ts).
 */
export function limitInWords(limit: LimitSpec, noun = ''): string {
  const per: Record<number, string> = { 60: 'in any minute', 900: 'in any 15 minutes', 3600: 'in any hour' };
  const window = per[limit.durationSeconds] ?? `in any ${limit.durationSeconds} seconds`;
  return [limit.points, noun, window].filter(Boolean).join(' ');
}

// POST /api/mcp: the admin MCP endpoint. Checks run in one visible order, each returning early:
// method → configuration → auth → rate limit → body → MCP (./session.ts: stateless Streamable
// HTTP, JSON responses, a new server and transport per request, loaded on first use). The
// function sets all its own headers.
import type { Checked } from '../../config/env.ts';
import { InvalidTokenError, verifyAccessToken, type AdminIdentity, type TokenSettings } from '../auth/tokens.ts';
import { adminIndex } from '../admin-catalog/admin-index.ts';
import type { AdminCatalogSource } from '../admin-catalog/admin-index.ts';
import { apiError } from '../http/api-error.ts';
import { readBody } from '../http/body.ts';
import { rateLimitHeaders } from '../rate-limit/headers.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { bearerToken } from '../http/bearer.ts';
import { hasMediaType } from '../http/content-type.ts';
import { withHeaders } from '../http/headers.ts';
import {
  JSONRPC_INVALID_REQUEST,
  JSONRPC_PARSE_ERROR,
  MAX_BODY_BYTES,
  MCP_CORS_HEADERS,
  MCP_PREFLIGHT_HEADERS,
  bearerChallenge,
  jsonRpcError,
} from './http.ts';
import { defaultLinkPolicy, linkUserAgent, type LinkPolicy } from './links.ts';
import type { ToolContext, WatchAccess } from './tools/tool.ts';
import type { ProposalsChoice } from '../proposals/choose.ts';

export interface McpDeps {
  /** Token settings from the environment; a failure lists the missing variables (→ 503). */
  tokenSettings: () => Checked<TokenSettings>;
  /** What is missing for a shared store (→ 503), or null; omitted means the limiters need none. */
  storeMissing?: () => string | null;
  /** Verifies a bearer token; defaults to verifyAccessToken. Throws InvalidTokenError. */
  authenticate?: (token: string, settings: TokenSettings) => Promise<AdminIdentity>;
  /** The endpoint's request limit, keyed by the admin's token subject. */
  limiter: RateLimiter;
  /** trigger_rebuild's own, stricter limit. */
  rebuildLimiter: RateLimiter;
  /** Where proposals go, or what is missing for them. */
  proposals: ProposalsChoice;
  /** The proposals one admin may open. */
  proposalLimiter: RateLimiter;
  catalog: AdminCatalogSource;
  fetch?: typeof fetch;
  now?: () => Date;
  buildHookUrl?: string | undefined;
  links?: Partial<LinkPolicy>;
  /** What audit_catalog reads of the watchers; without it, nothing (no store). */
  watch?: WatchAccess;
  log?: (message: string) => void;
}

const NO_WATCH: WatchAccess = {
  records: () => null,
  curations: async () => ({ ok: true, value: { aliases: [], dismissals: [] } }),
  paused: false,
};

const ALLOW = 'POST, OPTIONS';

export function createMcpHandler(deps: McpDeps) {
  const authenticate = deps.authenticate ?? verifyAccessToken;
  const now = deps.now ?? (() => new Date());
  const fetchFn = deps.fetch ?? globalThis.fetch;
  const log = deps.log ?? ((m: string) => console.error(m));

  async function handle(req: Request): Promise<Response> {
    // 1. Method. OPTIONS answers the CORS preflight; GET is refused here, before the transport
    // (which would open an event stream that never ends).
    if (req.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: { ...MCP_PREFLIGHT_HEADERS, Allow: ALLOW } });
    if (req.method !== 'POST') {
      return apiError(
        'method_not_allowed',
        `${req.method} is not allowed on /api/mcp.`,
        'Send MCP JSON-RPC messages with POST.',
        { Allow: ALLOW },
      );
    }

    // 2. Configuration: a half-configured admin side (no shared store included) answers 503
    // naming what is missing, so it never runs with limits no one shares.
    const settings = deps.tokenSettings();
    const noStore = deps.storeMissing?.() ?? null;
    if (!settings.ok || noStore) {
      const missing = [...(settings.ok ? [] : settings.missing), ...(noStore ? [noStore] : [])];
      return apiError(
        'not_configured',
        `The admin endpoint is not configured: missing ${missing.join(', ')}.`,
        'Set these environment variables on the site and redeploy.',
      );
    }
    const base = settings.value.issuer;

    // 3. Auth.
    const token = bearerToken(req);
    if (!token) {
      const message =
        token === null ? 'An admin access token is required.' : 'The Authorization header must use the Bearer scheme.';
      return apiError(
        'unauthorized',
        message,
        'Sign in through the OAuth flow advertised in WWW-Authenticate and send `Authorization: Bearer <token>`.',
        {
          'WWW-Authenticate': bearerChallenge(base),
        },
      );
    }
    let admin: AdminIdentity;
    try {
      admin = await authenticate(token, settings.value);
    } catch (err) {
      const reason = err instanceof InvalidTokenError ? err.message : 'the access token could not be verified';
      return apiError('unauthorized', `Invalid access token: ${reason}.`, 'Sign in again to get a new token.', {
        'WWW-Authenticate': bearerChallenge(base, reason),
      });
    }

    // 4. Rate limit: every authenticated POST counts.
    const decision = await deps.limiter.consume(admin.sub);
    if (decision.unavailable)
      return apiError(
        'unavailable',
        'The admin store could not be reached, so the request was not counted or served.',
        `Retry after ${decision.retryAfterSeconds} s.`,
        { 'Retry-After': String(decision.retryAfterSeconds) },
      );
    const limitHeaders = rateLimitHeaders(decision, deps.limiter.durationSeconds);
    if (!decision.allowed) {
      return apiError(
        'rate_limited',
        `Rate limit exceeded: ${decision.limit} requests per ${deps.limiter.durationSeconds} s per admin.`,
        `Retry after ${decision.retryAfterSeconds} s.`,
        limitHeaders,
      );
    }
    return withHeaders(await handleBody(req, admin, base), limitHeaders);
  }

  async function handleBody(req: Request, admin: AdminIdentity, base: string): Promise<Response> {
    // 5. Body: JSON only, at most MAX_BODY_BYTES (counted while reading), one JSON-RPC message.
    if (!hasMediaType(req.headers.get('content-type'), 'application/json')) {
      return apiError(
        'unsupported_media_type',
        'The request body must be JSON.',
        'Send `Content-Type: application/json`.',
      );
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (!body.ok) {
      if (body.reason === 'too_large')
        return apiError(
          'payload_too_large',
          `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
          'Send smaller messages.',
        );
      return jsonRpcError(
        JSONRPC_PARSE_ERROR,
        body.reason === 'not_utf8'
          ? 'Parse error: the body is not valid UTF-8.'
          : 'Parse error: the body could not be read.',
      );
    }
    let message: unknown;
    try {
      message = JSON.parse(body.text);
    } catch {
      return jsonRpcError(JSONRPC_PARSE_ERROR, 'Parse error: the body is not valid JSON.');
    }
    if (Array.isArray(message)) {
      return jsonRpcError(
        JSONRPC_INVALID_REQUEST,
        'Invalid Request: JSON-RPC batches are not supported; send one message per request.',
      );
    }

    // 6. MCP. The SDK, the tools and their schemas are imported here, on the first request that
    // gets this far: 405, 401 and 429 answers (an MCP client's first, unauthenticated request
    // included) never pay for loading them on a cold start.
    const ctx: ToolContext = {
      admin,
      catalog: async () => adminIndex(await deps.catalog.load(), base),
      now,
      fetch: fetchFn,
      buildHookUrl: deps.buildHookUrl,
      rebuildLimiter: deps.rebuildLimiter,
      // Every link check names the site and its about page.
      links: defaultLinkPolicy({ userAgent: linkUserAgent(base), ...deps.links }),
      proposals: deps.proposals,
      proposalLimiter: deps.proposalLimiter,
      watch: deps.watch ?? NO_WATCH,
    };
    const { answerMcp } = await import('./session.ts');
    return answerMcp(req, message, ctx);
  }

  return async function mcpHandler(req: Request): Promise<Response> {
    try {
      return withHeaders(await handle(req), MCP_CORS_HEADERS);
    } catch (err) {
      // Only a real fault in our code or a dependency lands here; bad input never does.
      log(`mcp: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return withHeaders(
        apiError(
          'internal_error',
          'The admin endpoint failed unexpectedly.',
          'Try again; if it keeps failing, check the function log.',
        ),
        MCP_CORS_HEADERS,
      );
    }
  };
}

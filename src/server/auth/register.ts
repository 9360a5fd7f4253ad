// POST /api/auth/register: RFC 7591 dynamic client registration for public clients (PKCE, no
// secret), limited per client IP. Stateless: the answer's client_id is a sealed record of the
// redirect URIs and name; an admin still approves each client on the consent page before it gets any.
import { withCors } from '../http/cors.ts';
import { CLIENT_ID_MAX, sealClient } from './clients.ts';
import type { AuthContext } from './context.ts';
import { oauthPost, type OAuthPostSpec } from './guard.ts';
import { oauthError } from './oauth-errors.ts';
import { redirectUriProblem } from './redirect-uri.ts';

const MAX_BODY = 16 * 1024;

const POST: OAuthPostSpec = {
  endpoint: 'register',
  mediaType: 'application/json',
  mediaTypeHint: 'Send POST with a JSON body (Content-Type: application/json).',
  body: 'The registration request',
  maxBytes: MAX_BODY,
  badBody: 'invalid_client_metadata',
  tooLarge: 'metadata_too_large',
};

export async function handleRegister(request: Request, ctx: AuthContext, ip = ''): Promise<Response> {
  const post = await oauthPost(request, ctx, ip, POST);
  if (post instanceof Response) return post;
  const { ready } = post;
  let meta: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(post.text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    meta = parsed as Record<string, unknown>;
  } catch {
    return oauthError('invalid_client_metadata', 'The body is not a JSON object.');
  }
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10)
    return oauthError('invalid_redirect_uri', 'redirect_uris must list 1 to 10 URIs.');
  for (const u of uris) {
    const problem = redirectUriProblem(u);
    if (problem)
      return oauthError('invalid_redirect_uri', `Redirect URI ${JSON.stringify(String(u)).slice(0, 200)} ${problem}.`);
  }
  const method = meta.token_endpoint_auth_method ?? 'none';
  if (method !== 'none')
    return oauthError(
      'invalid_client_metadata',
      'Only public clients are supported: token_endpoint_auth_method must be "none" (PKCE protects the code).',
    );
  const grants = meta.grant_types ?? ['authorization_code'];
  if (!Array.isArray(grants) || grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token'))
    return oauthError('invalid_client_metadata', 'grant_types may contain only authorization_code and refresh_token.');
  const responseTypes = meta.response_types ?? ['code'];
  if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== 'code'))
    return oauthError('invalid_client_metadata', 'response_types may contain only code.');
  const clientName = typeof meta.client_name === 'string' ? cleanClientName(meta.client_name) : undefined;
  const now = ctx.now();
  const clientId = await sealClient(
    ready.cfg.secrets,
    { redirectUris: uris as string[], ...(clientName ? { clientName } : {}) },
    now,
  );
  if (clientId.length > CLIENT_ID_MAX)
    return oauthError(
      'invalid_client_metadata',
      `The redirect URIs and client name are too long together: their client_id would be ${clientId.length} ` +
        `characters, and /authorize accepts at most ${CLIENT_ID_MAX}. Register fewer or shorter redirect URIs.`,
    );
  const registration = {
    client_id: clientId,
    client_id_issued_at: Math.floor(now / 1000),
    redirect_uris: uris,
    ...(clientName ? { client_name: clientName } : {}),
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
  return withCors(
    new Response(JSON.stringify(registration), {
      status: 201,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    }),
  );
}

/**
 * The name the consent page shows: control and format characters removed (bidi overrides such as
 * U+202E could make "Evil ‮tnatsissA‬" read as another client's name; zero-width ones hide text),
 * spaces collapsed, at most 200 characters.
 */
export function cleanClientName(raw: string): string | undefined {
  const name = raw
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return name || undefined;
}

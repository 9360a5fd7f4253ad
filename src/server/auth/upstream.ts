// The upstream OpenID Connect provider, through openid-client 6: discovery (cached per instance),
// the provider's own PKCE, state and nonce, the code exchange, and the admin's email (ID token
// claims, falling back to userinfo). Plain http is allowed only for loopback issuers.
import type * as Oidc from 'openid-client';
import { isLoopbackHost } from '../../config/env.ts';

export interface UpstreamChecks {
  state: string;
  nonce: string;
  verifier: string;
}

export interface UpstreamIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
}

export interface Upstream {
  /** Where to send the admin, with the checks to keep in the transaction cookie. */
  begin(): Promise<{ url: string; checks: UpstreamChecks }>;
  /** Validates the callback (state first), exchanges the code and returns who signed in. */
  finish(callbackUrl: URL, checks: UpstreamChecks): Promise<UpstreamIdentity>;
  /** The origin of the provider's sign-in page (the consent page's form may lead there). */
  authorizationOrigin(): Promise<string>;
}

/** The callback's `state` is not the one we sent: possible CSRF, shown and never redirected. */
export class UpstreamStateError extends Error {}
/** The provider answered the authorization with `error=` (the admin declined, …). */
export class UpstreamDeniedError extends Error {
  readonly code: string;
  constructor(code: string, description: string) {
    super(description);
    this.code = code;
  }
}

export interface OidcUpstreamOptions {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * openid-client, loaded by the first sign-in that needs the provider: the token endpoint and the
 * editor's gateway check the site's own tokens and start without it (a cold start ~0.2 s shorter).
 */
let openidClient: Promise<typeof Oidc> | undefined;
const loadOpenidClient = () => (openidClient ??= import('openid-client'));

export function oidcUpstream(o: OidcUpstreamOptions): Upstream {
  let configPromise: Promise<{ oidc: typeof Oidc; c: Oidc.Configuration }> | undefined;
  const insecure = o.issuer.protocol === 'http:' && isLoopbackHost(o.issuer.hostname);
  const config = () => {
    configPromise ??= loadOpenidClient()
      .then(async (oidc) => ({
        oidc,
        c: await oidc.discovery(o.issuer, o.clientId, undefined, oidc.ClientSecretPost(o.clientSecret), {
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          timeout: 10,
        }),
      }))
      .then(({ oidc, c }) => {
        // client_secret_post unless the provider only advertises client_secret_basic.
        const methods = c.serverMetadata().token_endpoint_auth_methods_supported;
        if (!methods || methods.includes('client_secret_post') || !methods.includes('client_secret_basic'))
          return { oidc, c };
        const basic = new oidc.Configuration(
          c.serverMetadata(),
          o.clientId,
          undefined,
          oidc.ClientSecretBasic(o.clientSecret),
        );
        if (insecure) oidc.allowInsecureRequests(basic);
        return { oidc, c: basic };
      })
      .catch((err: unknown) => {
        configPromise = undefined; // retry discovery on the next request
        throw err;
      });
    return configPromise;
  };
  return {
    async authorizationOrigin() {
      const endpoint = (await config()).c.serverMetadata().authorization_endpoint;
      if (!endpoint) throw new Error('the provider advertises no authorization endpoint');
      return new URL(endpoint).origin;
    },
    async begin() {
      const { oidc, c } = await config();
      const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(c, {
        redirect_uri: o.redirectUri,
        scope: 'openid email',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
        prompt: 'login',
      });
      return { url: url.href, checks };
    },
    async finish(callbackUrl, checks) {
      if (callbackUrl.searchParams.get('state') !== checks.state)
        throw new UpstreamStateError('the state parameter does not match this sign-in');
      const err = callbackUrl.searchParams.get('error');
      if (err)
        throw new UpstreamDeniedError(
          err,
          callbackUrl.searchParams.get('error_description') ?? 'the identity provider refused the sign-in',
        );
      const { oidc, c } = await config();
      const tokens = await oidc.authorizationCodeGrant(c, callbackUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the identity provider returned no ID token');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let verified = claims.email_verified === true;
      if (!email) {
        const info = await oidc.fetchUserInfo(c, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : undefined;
        verified = info.email_verified === true;
      }
      return { sub: claims.sub, ...(email ? { email } : {}), emailVerified: verified };
    },
  };
}

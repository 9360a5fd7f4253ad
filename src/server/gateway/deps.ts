// The gateway's production dependencies, from the environment's settings: the editor token's
// verification (src/server/auth/), the site's GitHub access (made once, so an App's installation
// token is kept between requests), the site's branch, PUBLISH_OWN_SAVES, the authorship seal
// (keyed by AUTH_SECRET), and the per-curator request limit and the ledger of re-encoded pictures
// in the shared store (Netlify Blobs, or Redis; chosen per request).
import type { Settings } from '../../config/env.ts';
import { GATEWAY_LIMIT } from '../../contract/limits.ts';
import { authContext } from '../auth/context.ts';
import { noReplyEmail } from '../auth/editor-client.ts';
import { githubAccess } from '../github/credentials.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { sharedStoreFor } from '../store/choose.ts';
import { editorAuthenticator } from './authenticate.ts';
import { authorshipSeal, type AuthorshipSeal } from './authorship.ts';
import type { GatewayDeps, PictureLedger } from './handler.ts';

/** How long the gateway remembers a picture it re-encoded: a save older than that adds its photo again. */
const PICTURE_DAYS = 400;

/** The ledger in whichever store the settings provide; a store outage refuses (the tree is not written). */
function storePictures(s: Settings): PictureLedger {
  const store = () => {
    const choice = sharedStoreFor(s.store);
    if (!choice.ok) throw new Error('the shared store is not configured');
    return choice.store;
  };
  const key = (sha: string) => `gateway-pictures/${sha}`;
  return {
    remember: (sha) => store().putRecord(key(sha), 1, Date.now() + PICTURE_DAYS * 86_400_000),
    known: async (sha) => (await store().getRecord(key(sha))) === 1,
  };
}

/** Without AUTH_SECRET no editor token verifies, so the gateway never gets this far: a seal that proves no one. */
const NO_SEAL: AuthorshipSeal = {
  sign: () => {
    throw new Error('AUTH_SECRET is not set');
  },
  verify: () => false,
};

/** The limit in whichever store the settings provide at the time of the request; none is an outage (503), never a pass. */
function storeLimiter(s: Settings): RateLimiter {
  const { points, durationSeconds } = GATEWAY_LIMIT;
  return {
    points,
    durationSeconds,
    scope: 'shared',
    async consume(key) {
      const choice = sharedStoreFor(s.store);
      if (!choice.ok)
        return {
          allowed: false,
          unavailable: true,
          limit: points,
          remaining: 0,
          resetSeconds: 60,
          retryAfterSeconds: 60,
        };
      return choice.store.limiter(GATEWAY_LIMIT).consume(key);
    },
  };
}

export function gatewayDeps(s: Settings): GatewayDeps {
  const github = githubAccess(s.admin.github);
  return {
    authenticate: editorAuthenticator(() => authContext(s)),
    github: () => github,
    siteBranch: s.build.editor.branch,
    noReplyEmail: (handle) => noReplyEmail(handle, s.site.url),
    publishOwnSaves: () => s.admin.editor.ok && s.admin.editor.value.publishOwnSaves,
    authorship: s.admin.tokens.ok ? authorshipSeal(s.admin.tokens.value.secrets) : NO_SEAL,
    pictures: storePictures(s),
    limiter: storeLimiter(s),
  };
}

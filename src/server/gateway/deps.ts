// The gateway's production dependencies, from the environment's settings: the editor token's
// verification (src/server/auth/), the site's GitHub access (made once, so an App's installation
// token is kept between requests), the site's branch, PUBLISH_OWN_SAVES and the per-curator
// request limit in the shared store (Netlify Blobs, or Redis; chosen per request).
import type { Settings } from '../../config/env.ts';
import { GATEWAY_LIMIT } from '../../contract/limits.ts';
import { authContext } from '../auth/context.ts';
import { noReplyEmail } from '../auth/editor-client.ts';
import { githubAccess } from '../github/credentials.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { sharedStoreFor } from '../store/choose.ts';
import { editorAuthenticator } from './authenticate.ts';
import type { GatewayDeps } from './handler.ts';

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
    limiter: storeLimiter(s),
  };
}

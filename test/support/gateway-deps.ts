// What a test's git gateway needs beyond its GitHub and its curators: an authorship seal under a
// test secret, and a ledger of the pictures it re-encoded (in memory, as the shared store keeps it);
// and the whole gateway in front of a GitHub stand-in, as the integration tests use it.
import { authorshipSeal } from '../../src/server/gateway/authorship.ts';
import { createGatewayHandler, type PictureLedger } from '../../src/server/gateway/handler.ts';
import type { GatewayCurator } from '../../src/server/gateway/policy.ts';
import { memoryStore } from '../../src/server/store/memory.ts';

export const testSeal = authorshipSeal({ current: 'gateway-test-secret-'.repeat(3) });

export function memoryPictures(): PictureLedger & { shas: Set<string> } {
  const shas = new Set<string>();
  return { shas, remember: async (sha) => void shas.add(sha), known: async (sha) => shas.has(sha) };
}

/**
 * The git gateway in front of a GitHub stand-in (repository `local/catalog`, site branch `site`), as
 * the integration tests use it: sign-in is a map of bearer tokens to curators.
 */
export function standinGateway(
  gh: { url: string },
  token: string,
  curators: Record<string, GatewayCurator>,
): (req: Request) => Promise<Response> {
  return createGatewayHandler({
    authenticate: async (req) =>
      curators[/^Bearer (\S+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? ''] ??
      Response.json({ message: 'Sign in to the editor again.' }, { status: 401 }),
    github: () => ({
      ok: true,
      value: { apiUrl: gh.url, owner: 'local', repo: 'catalog', kind: 'token', token: async () => token },
    }),
    siteBranch: 'site',
    noReplyEmail: (handle) => `${handle}@users.noreply.catalog.example`,
    publishOwnSaves: () => false,
    limiter: memoryStore().limiter({ name: 'git-standin', points: 100_000, durationSeconds: 3600 }),
    authorship: testSeal,
    pictures: memoryPictures(),
    log: () => {},
  });
}

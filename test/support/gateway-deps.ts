// What a test's git gateway needs beyond its GitHub and its curators: an authorship seal under a
// test secret, and a ledger of the pictures it re-encoded (in memory, as the shared store keeps it).
import { authorshipSeal } from '../../src/server/gateway/authorship.ts';
import type { PictureLedger } from '../../src/server/gateway/handler.ts';

export const testSeal = authorshipSeal({ current: 'gateway-test-secret-'.repeat(3) });

export function memoryPictures(): PictureLedger & { shas: Set<string> } {
  const shas = new Set<string>();
  return { shas, remember: async (sha) => void shas.add(sha), known: async (sha) => shas.has(sha) };
}

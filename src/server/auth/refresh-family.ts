// Refresh-token families in the shared store. Each token can be rotated once (a claim on its id);
// presenting one that was already rotated means two parties hold this sign-in, so the whole family
// is revoked and every later refresh fails until the admin signs in again. Records expire with the
// family, at most 30 days after sign-in.
import type { SharedStore } from '../store/shared-store.ts';
import { familyEnd, type RefreshGrant } from './grants.ts';

export type RotationOutcome = 'rotated' | 'revoked' | 'reused';

const revokedKey = (fid: string) => `family/${fid}/revoked`;

/** Consumes `grant` for one rotation. Rejects when the store cannot answer (fail closed). */
export async function rotate(store: SharedStore, grant: RefreshGrant): Promise<RotationOutcome> {
  const end = familyEnd(grant.family);
  if (await store.has(revokedKey(grant.family.id), end)) return 'revoked';
  if (await store.claim(`family/${grant.family.id}/used/${grant.jti}`, end)) return 'rotated';
  await store.claim(revokedKey(grant.family.id), end);
  return 'reused';
}

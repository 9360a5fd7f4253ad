// The keys derived from AUTH_SECRET and, during a rotation, AUTH_SECRET_PREVIOUS (checked for
// strength where the environment is read, src/config/env.ts). New values are always signed and
// sealed with the current secret; the previous one still opens what was issued before the rotation.
import { createHash } from 'node:crypto';
import type { AuthSecrets } from '../../config/env.ts';

export type { AuthSecrets };

/** Derives a purpose-bound key from a secret so one secret can seal cookies and sign tokens. */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`${purpose}\0${secret}`).digest());
}

/** The current key first, then the previous one: the order in which to try opening a value. */
export function keysFor(secrets: AuthSecrets, purpose: string): Uint8Array[] {
  return [secrets.current, ...(secrets.previous ? [secrets.previous] : [])].map((s) => deriveKey(s, purpose));
}

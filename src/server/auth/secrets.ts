// AUTH_SECRET and, during a rotation, AUTH_SECRET_PREVIOUS: what makes one too weak to use, and the
// keys derived from them. New values are always signed and sealed with the current secret; the
// previous one still opens what was issued before the rotation.
import { createHash } from 'node:crypto';

export interface AuthSecrets {
  current: string;
  previous?: string;
}

/** Typical placeholders people paste instead of a random value. */
const PLACEHOLDER = /password|passwd|changeme|change-me|replace-?me|your-?secret|example|qwerty|letmein/i;
const MIN_BYTES = 32;
/** Length × per-character Shannon entropy: crude, but 32 × `a` scores 0 and random base64 ~200. */
const MIN_ESTIMATED_BITS = 96;

function estimatedBits(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...s].length;
  let perChar = 0;
  for (const c of counts.values()) perChar -= (c / n) * Math.log2(c / n);
  return perChar * n;
}

/** Why a secret must not be used, or null. It cannot prove randomness; it stops obvious mistakes. */
export function secretProblem(secret: string): string | null {
  if (Buffer.byteLength(secret) < MIN_BYTES) return `shorter than ${MIN_BYTES} bytes`;
  if (PLACEHOLDER.test(secret)) return 'looks like a placeholder or a password';
  if (new Set(secret).size < 8) return 'too few distinct characters';
  if (estimatedBits(secret) < MIN_ESTIMATED_BITS) return 'too repetitive to be random';
  return null;
}

/** Derives a purpose-bound key from a secret so one secret can seal cookies and sign tokens. */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`${purpose}\0${secret}`).digest());
}

/** The current key first, then the previous one: the order in which to try opening a value. */
export function keysFor(secrets: AuthSecrets, purpose: string): Uint8Array[] {
  return [secrets.current, ...(secrets.previous ? [secrets.previous] : [])].map((s) => deriveKey(s, purpose));
}

/** Reads and checks AUTH_SECRET and AUTH_SECRET_PREVIOUS; `missing` names each problem. */
export function secretsFromEnv(env: Record<string, string | undefined>): {
  secrets?: AuthSecrets;
  missing: string[];
} {
  const missing: string[] = [];
  const current = env.AUTH_SECRET ?? '';
  if (!current) missing.push(`AUTH_SECRET (at least ${MIN_BYTES} random bytes)`);
  else {
    const problem = secretProblem(current);
    if (problem) missing.push(`AUTH_SECRET (too weak: ${problem})`);
  }
  const previous = env.AUTH_SECRET_PREVIOUS?.length ? env.AUTH_SECRET_PREVIOUS : undefined;
  if (previous !== undefined) {
    const problem = secretProblem(previous);
    if (problem) missing.push(`AUTH_SECRET_PREVIOUS (too weak: ${problem})`);
  }
  if (missing.length) return { missing };
  return { secrets: { current, ...(previous !== undefined ? { previous } : {}) }, missing };
}

// Sealed (encrypted and authenticated) values: client ids, the authorize transaction cookie,
// our authorization codes and refresh tokens. JWE `dir` + A256GCM, one derived key per purpose,
// so a value sealed for one purpose can never be opened as another.
import { EncryptJWT, jwtDecrypt, errors, type JWTPayload } from 'jose';
import { deriveKey } from './settings.ts';

export type SealPurpose = 'client' | 'transaction' | 'code' | 'refresh';

export class SealError extends Error {
  readonly expired: boolean;
  constructor(message: string, expired = false) {
    super(message);
    this.expired = expired;
  }
}

/** Seals `data` for `purpose`; `ttlSeconds` undefined means it never expires (client ids). */
export async function seal(
  secret: string,
  purpose: SealPurpose,
  data: Record<string, unknown>,
  now: number,
  ttlSeconds?: number,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  const jwt = new EncryptJWT({ ...data, pur: purpose })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(iat);
  if (ttlSeconds !== undefined) jwt.setExpirationTime(iat + ttlSeconds);
  return jwt.encrypt(deriveKey(secret, `seal:${purpose}`));
}

/** Opens a sealed value; throws SealError when it is tampered, foreign, or expired. */
export async function unseal(
  secret: string,
  purpose: SealPurpose,
  value: string,
  now: number,
): Promise<JWTPayload & Record<string, unknown>> {
  try {
    const { payload } = await jwtDecrypt(value, deriveKey(secret, `seal:${purpose}`), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      currentDate: new Date(now),
      clockTolerance: 0,
    });
    if (payload.pur !== purpose) throw new SealError('sealed for another purpose');
    return payload;
  } catch (err) {
    if (err instanceof SealError) throw err;
    if (err instanceof errors.JWTExpired) throw new SealError('expired', true);
    throw new SealError('invalid');
  }
}

// Sealed (encrypted and authenticated) values: client ids, the sign-in cookies, the consent form's
// request, our authorization codes and refresh tokens. JWE `dir` + A256GCM, one derived key per
// purpose, so a value sealed for one purpose can never be opened as another. Sealed with the current
// AUTH_SECRET; opened with it or, during a rotation, with AUTH_SECRET_PREVIOUS.
import { EncryptJWT, jwtDecrypt, errors, type JWTPayload } from 'jose';
import { deriveKey, keysFor, type AuthSecrets } from './secrets.ts';

export type SealPurpose = 'client' | 'transaction' | 'code' | 'refresh' | 'consent' | 'approval';

export class SealError extends Error {
  readonly expired: boolean;
  constructor(message: string, expired = false) {
    super(message);
    this.expired = expired;
  }
}

/** Seals `data` for `purpose`; `ttlSeconds` undefined means it never expires (client ids). */
export async function seal(
  secrets: AuthSecrets,
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
  return jwt.encrypt(deriveKey(secrets.current, `seal:${purpose}`));
}

async function open(key: Uint8Array, value: string, now: number) {
  const { payload } = await jwtDecrypt(value, key, {
    keyManagementAlgorithms: ['dir'],
    contentEncryptionAlgorithms: ['A256GCM'],
    currentDate: new Date(now),
    clockTolerance: 0,
  });
  return payload;
}

/** Opens a sealed value; throws SealError when it is tampered, foreign, or expired. */
export async function unseal(
  secrets: AuthSecrets,
  purpose: SealPurpose,
  value: string,
  now: number,
): Promise<JWTPayload & Record<string, unknown>> {
  const keys = keysFor(secrets, `seal:${purpose}`);
  for (const [i, key] of keys.entries()) {
    try {
      const payload = await open(key, value, now);
      if (payload.pur !== purpose) throw new SealError('sealed for another purpose');
      return payload;
    } catch (err) {
      if (err instanceof SealError) throw err;
      if (err instanceof errors.JWTExpired) throw new SealError('expired', true);
      // Only a failed decryption means "maybe the previous secret": anything else is final.
      if (!(err instanceof errors.JWEDecryptionFailed) || i === keys.length - 1) throw new SealError('invalid');
    }
  }
  throw new SealError('invalid');
}

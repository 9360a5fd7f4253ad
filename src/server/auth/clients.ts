// Stateless OAuth clients: the client id IS the registration, sealed with AUTH_SECRET, carrying
// its redirect URIs and name. Nothing is stored; a tampered or foreign id does not open.
import type { AuthSecrets } from './secrets.ts';
import { seal, unseal } from './seal.ts';

export interface RegisteredClient {
  clientId: string;
  redirectUris: string[];
  clientName?: string;
  issuedAt: number;
}

export async function sealClient(
  secrets: AuthSecrets,
  c: Omit<RegisteredClient, 'clientId' | 'issuedAt'>,
  now: number,
): Promise<string> {
  return seal(secrets, 'client', { ru: c.redirectUris, ...(c.clientName ? { cn: c.clientName } : {}) }, now);
}

/** The longest client id /authorize, /token and the consent page accept; registration never issues a longer one. */
export const CLIENT_ID_MAX = 8000;

/** The client behind a client id, or null when the id is not one we issued (unknown, tampered). */
export async function openClient(
  secrets: AuthSecrets,
  clientId: unknown,
  now: number,
): Promise<RegisteredClient | null> {
  if (typeof clientId !== 'string' || clientId.length === 0 || clientId.length > CLIENT_ID_MAX) return null;
  try {
    const p = await unseal(secrets, 'client', clientId, now);
    const ru = p.ru;
    if (!Array.isArray(ru) || !ru.every((u) => typeof u === 'string')) return null;
    return {
      clientId,
      redirectUris: ru as string[],
      ...(typeof p.cn === 'string' ? { clientName: p.cn } : {}),
      issuedAt: p.iat ?? 0,
    };
  } catch {
    return null;
  }
}

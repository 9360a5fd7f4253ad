// Who is signed in, as far as the editor's form needs it: her curator code, when her handle is one.
// Decap keeps the signed-in user in localStorage under `decap-cms-user` whatever its backend; the
// git gateway names her by her handle (`name`).
import { CURATOR_CODES, type CuratorCode } from '../config/site.ts';

/** The signed-in curator's code, or null when her handle is none of the codes (or nobody is signed in). */
export function signedInCurator(): CuratorCode | null {
  let user: Record<string, unknown>;
  try {
    user = JSON.parse(localStorage.getItem('decap-cms-user') ?? '{}') as Record<string, unknown>;
  } catch {
    return null;
  }
  const meta = (user.user_metadata ?? {}) as Record<string, unknown>;
  for (const name of [user.name, meta.full_name, user.login]) {
    const handle = typeof name === 'string' ? name.trim().toLowerCase() : '';
    if ((CURATOR_CODES as readonly string[]).includes(handle)) return handle as CuratorCode;
  }
  return null;
}

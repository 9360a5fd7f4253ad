// Files of the catalog as the editor reads them through the site's gateway, the way Decap does:
// GitHub's contents API at a named version (the site's, or saved changes'), and a file's bytes by
// its id (a photo may be larger than the contents API sends), with the signed-in curator's token.
import { GATEWAY_PATH } from '../contract/editor.ts';
import { storedToken } from './session.ts';

const GITHUB = `${GATEWAY_PATH}/github`;

async function get(path: string): Promise<Response> {
  const token = storedToken();
  if (!token) throw new Error('Not signed in.');
  return fetch(`${GITHUB}/${path}`, { headers: { authorization: `Bearer ${token}` } });
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64.replace(/\s/g, '')), (c) => c.charCodeAt(0));

/** A file at `ref`: its id and its text (null for a file the contents API does not send whole), or null when it is not there. */
export async function readFileAt(path: string, ref: string): Promise<{ sha: string; text: string | null } | null> {
  const res = await get(`contents/${path.split('/').map(encodeURIComponent).join('/')}?ref=${encodeURIComponent(ref)}`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`The file could not be read (${res.status}).`);
  const file = (await res.json()) as { sha: string; content?: string; encoding?: string };
  const text =
    file.encoding === 'base64' && typeof file.content === 'string'
      ? new TextDecoder().decode(bytesOf(file.content))
      : null;
  return { sha: file.sha, text };
}

/** A file's bytes by its id. */
export async function readBytes(sha: string): Promise<Uint8Array<ArrayBuffer>> {
  const res = await get(`git/blobs/${encodeURIComponent(sha)}`);
  if (!res.ok) throw new Error(`The file could not be read (${res.status}).`);
  const blob = (await res.json()) as { content: string; encoding: string };
  return blob.encoding === 'base64' ? bytesOf(blob.content) : new TextEncoder().encode(blob.content);
}

// The shared store on Netlify Blobs: one site-wide store with strong consistency; single use is a
// create-if-absent write (`onlyIfNew`), counts are numbered slots (./slot-limiter.ts). Keys start with
// their expiry hour (./buckets.ts) so the hourly clean-up (./cleanup.ts) can drop them. A JSON record
// is one blob under `record/<key>` (a reader cannot know its expiry hour) with its expiry in the
// blob's metadata: a read past it finds nothing, and the clean-up deletes it later.
import { getStore, type Store } from '@netlify/blobs';
import { bucketed, RECORD_PREFIX, recordExpiry } from './buckets.ts';
import { within } from './deadline.ts';
import { nodeHttpFetch } from './node-http-fetch.ts';
import { recordText, type SharedStore } from './shared-store.ts';
import { slotLimiter } from './slot-limiter.ts';

export const BLOBS_STORE_NAME = 'admin-state';
/** How long one store call may take before the request fails closed. */
const CALL_MS = 4000;

/** Explicit connection (tests against a local BlobsServer); omitted, the Netlify environment decides. */
export interface BlobsConnection {
  siteID: string;
  token: string;
  edgeURL: string;
  uncachedEdgeURL: string;
}

/**
 * The client reports any answer to a conditional write other than 412 as success, and retries
 * failures for up to half a minute: answers that are neither success nor an expected refusal must
 * throw, so a broken store can never look like a first claim.
 */
const strictFetch: typeof fetch = async (input, init) => {
  const res = await nodeHttpFetch(input, init);
  if (res.ok || res.status === 304 || res.status === 404 || res.status === 412) return res;
  throw new Error(`Netlify Blobs answered HTTP ${res.status}`);
};

export function openBlobsStore(connection?: BlobsConnection): Store {
  return getStore({ name: BLOBS_STORE_NAME, consistency: 'strong', fetch: strictFetch, ...connection });
}

export function blobsStore(
  opts: { now?: () => number; connection?: BlobsConnection; onStoreError?: (err: unknown) => void } = {},
): SharedStore {
  const now = opts.now ?? Date.now;
  let opened: Store | undefined;
  const store = () => (opened ??= openBlobsStore(opts.connection));
  const create = async (key: string, expiresAt: number) => {
    const res = await within(CALL_MS, store().set(bucketed(key, expiresAt), '1', { onlyIfNew: true }), 'Blobs write');
    return res.modified;
  };
  const count = async (prefix: string, expiresAt: number) => {
    const full = bucketed(prefix, expiresAt);
    const { blobs } = await within(CALL_MS, store().list({ prefix: full }), 'Blobs list');
    return blobs.filter((b) => b.key.startsWith(full)).length;
  };
  const deleteRecord = async (key: string) => {
    await within(CALL_MS, store().delete(`${RECORD_PREFIX}${key}`), 'Blobs delete');
  };
  return {
    backend: 'netlify-blobs',
    claim: create,
    async release(key, expiresAt) {
      await within(CALL_MS, store().delete(bucketed(key, expiresAt)), 'Blobs delete');
    },
    async has(key, expiresAt) {
      return (await within(CALL_MS, store().get(bucketed(key, expiresAt)), 'Blobs read')) !== null;
    },
    async getRecord(key) {
      const found = await within(
        CALL_MS,
        store().getWithMetadata(`${RECORD_PREFIX}${key}`, { type: 'text' }),
        'Blobs read',
      );
      const expiry = recordExpiry(found?.metadata);
      if (!found || expiry === null || expiry <= now()) return null;
      return JSON.parse(found.data) as unknown;
    },
    async putRecord(key, value, expiresAt) {
      const text = recordText(key, value);
      if (expiresAt <= now()) return deleteRecord(key);
      await within(CALL_MS, store().set(`${RECORD_PREFIX}${key}`, text, { metadata: { expiresAt } }), 'Blobs write');
    },
    deleteRecord,
    limiter: (spec) =>
      slotLimiter({ create, count }, spec, {
        now,
        scope: 'shared',
        // The store's real error goes to the function log; the client gets a 503 saying it is an outage.
        onStoreError:
          opts.onStoreError ??
          ((err) => console.error(`shared store (Netlify Blobs) failed: ${err instanceof Error ? err.message : err}`)),
      }),
  };
}

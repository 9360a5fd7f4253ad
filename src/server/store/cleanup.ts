// Deletes the Blobs records whose expiry has passed (run hourly by the admin-store-cleanup
// scheduled function). Single-use records and limit slots go by whole past expiry hours, so no live
// one can be lost. A JSON record (`record/<key>`, its expiry in its metadata) goes an hour after its
// expiry: one that is still in use is rewritten long before, and a record is never read past its
// expiry anyway (./blobs.ts), so the clean-up only frees space.
import type { Store } from '@netlify/blobs';
import type { Settings } from '../../config/env.ts';
import { bucketExpiry, RECORD_PREFIX, recordExpiry } from './buckets.ts';

/** How long after its expiry a JSON record is deleted. */
const RECORD_GRACE_MS = 3_600_000;

export interface CleanupReport {
  bucketsEmptied: number;
  recordsDeleted: number;
}

export async function deleteExpired(store: Store, now: number): Promise<CleanupReport> {
  const { directories } = await store.list({ directories: true });
  const report: CleanupReport = { bucketsEmptied: 0, recordsDeleted: 0 };
  for (const dir of directories) {
    const expiry = bucketExpiry(dir);
    if (expiry === null || expiry > now) continue;
    for await (const page of store.list({ prefix: `${dir}/`, paginate: true })) {
      for (const blob of page.blobs) {
        await store.delete(blob.key);
        report.recordsDeleted++;
      }
    }
    report.bucketsEmptied++;
  }
  for await (const page of store.list({ prefix: RECORD_PREFIX, paginate: true })) {
    for (const blob of page.blobs) {
      const expiry = recordExpiry((await store.getMetadata(blob.key))?.metadata);
      if (expiry === null || expiry + RECORD_GRACE_MS > now) continue;
      await store.delete(blob.key);
      report.recordsDeleted++;
    }
  }
  return report;
}

/** The scheduled run: the site's own Blobs store when the platform provides one, else nothing to do. */
export async function runCleanup(s: Settings, now = Date.now()): Promise<string> {
  const { sharedStoreFor } = await import('./choose.ts');
  const choice = sharedStoreFor({ ...s.store, redisUrl: undefined });
  if (!choice.ok) return 'admin store clean-up: no Netlify Blobs here, nothing to clean';
  const { openBlobsStore } = await import('./blobs.ts');
  const r = await deleteExpired(openBlobsStore(), now);
  return `admin store clean-up: ${r.recordsDeleted} expired records deleted (${r.bucketsEmptied} past hours emptied)`;
}

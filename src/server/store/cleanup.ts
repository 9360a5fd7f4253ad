// Deletes the Blobs records whose expiry hour has passed (run hourly by the admin-store-cleanup
// scheduled function). Only whole past buckets are touched, so no live record can be lost.
import type { Store } from '@netlify/blobs';
import type { Settings } from '../../config/env.ts';
import { bucketExpiry } from './buckets.ts';

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
  return report;
}

/** The scheduled run: the site's own Blobs store when the platform provides one, else nothing to do. */
export async function runCleanup(s: Settings, now = Date.now()): Promise<string> {
  const { sharedStoreFor } = await import('./choose.ts');
  const choice = sharedStoreFor({ ...s.store, redisUrl: undefined });
  if (!choice.ok) return 'admin store clean-up: no Netlify Blobs here, nothing to clean';
  const { openBlobsStore } = await import('./blobs.ts');
  const r = await deleteExpired(openBlobsStore(), now);
  return `admin store clean-up: ${r.recordsDeleted} expired records deleted from ${r.bucketsEmptied} past hours`;
}

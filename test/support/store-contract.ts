// What every shared store does, seen from two clients (two function instances) of one store: the
// checks that test/unit/store.test.ts (memory, local Netlify Blobs) and
// test/integration/store.test.ts (a real redis-server) run on each store.
import { expect } from 'vitest';
import { RECORD_MAX_BYTES, type SharedStore } from '../../src/server/store/shared-store.ts';

export const spec = (name: string, points = 60, durationSeconds = 60) => ({ name, points, durationSeconds });

export async function exactBudget(a: SharedStore, b: SharedStore, name: string) {
  const la = a.limiter(spec(name));
  const lb = b.limiter(spec(name));
  const who = `admin-${crypto.randomUUID()}`;
  const results: boolean[] = [];
  for (let i = 0; i < 61; i++) results.push((await (i % 2 ? lb : la).consume(who)).allowed);
  return results;
}

/**
 * What every store's JSON records do, seen from two clients (two function instances) of one store:
 * a record one writes the other reads, replaced whole, deleted, gone after its expiry (`wait`
 * moves both clients' clocks, or waits for real), refused when it is not JSON or too large.
 */
export async function recordsHold(
  a: SharedStore,
  b: SharedStore,
  now: () => number,
  wait: (ms: number) => Promise<void>,
) {
  const key = `cache/${crypto.randomUUID()}`;
  expect(await a.getRecord(key)).toBeNull();
  const value = { proposals: [{ branch: 'catalog/a-1', title: 'Ünïcode ✓ `x`' }], fetchedAt: '2030-01-01T00:00:00Z' };
  await a.putRecord(key, value, now() + 60_000);
  expect(await b.getRecord(key)).toEqual(value);
  await b.putRecord(key, { replaced: true }, now() + 60_000);
  expect(await a.getRecord(key)).toEqual({ replaced: true });
  await a.deleteRecord(key);
  expect(await b.getRecord(key)).toBeNull();
  await a.deleteRecord(key); // deleting what is not there is fine
  // A few hundred kilobytes round-trip exactly.
  const big = {
    rows: Array.from({ length: 3000 }, (_, i) => ({ url: `https://shop.example/${i}`, note: 'x'.repeat(100) })),
  };
  expect(JSON.stringify(big).length).toBeGreaterThan(300_000);
  await a.putRecord(`${key}-big`, big, now() + 60_000);
  expect(await b.getRecord(`${key}-big`)).toEqual(big);
  // Refused before anything is written: too large, not JSON, not a record key.
  await expect(a.putRecord(key, 'x'.repeat(RECORD_MAX_BYTES), now() + 60_000)).rejects.toThrow(/more than/);
  await expect(a.putRecord(key, undefined, now() + 60_000)).rejects.toThrow(/no JSON value/);
  await expect(a.putRecord('../escape', 1, now() + 60_000)).rejects.toThrow(/not a record key/);
  expect(await b.getRecord(key)).toBeNull();
  // Never read past its expiry; an expiry that has passed deletes.
  await a.putRecord(key, { short: true }, now() + 1000);
  expect(await b.getRecord(key)).toEqual({ short: true });
  await wait(1100);
  expect(await b.getRecord(key)).toBeNull();
  await a.putRecord(key, { kept: true }, now() + 60_000);
  await b.putRecord(key, { kept: false }, now() - 1);
  expect(await a.getRecord(key)).toBeNull();
}

// The search page at catalog scale, in Chromium against the built site on loopback: whether a
// search for a product's exact name lists that product first (for a spread sample of names), and
// how many bytes one query transfers from /pagefind/ when a reader types a
// name into /search.
import { chromium, type Browser } from 'playwright-core';
import { SEARCH_INDEX_PATH } from '../../src/catalog/urls.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';

export interface SearchBench {
  /** Names searched, and how many listed their own product first. */
  sample: number;
  firstHits: number;
  /** The names whose product was not first, with what came first instead. */
  misses: { name: string; expected: string; first: string | null }[];
  /** Median time of one of the sampled searches (search() and its first result's data), ms; absent in older runs. */
  queryMs?: number;
  /** One query typed into a fresh /search: bytes transferred for /pagefind/ files, and how many. */
  queryBytes: number;
  queryRequests: number;
  /** The same, by file kind (pagefind.js, wasm, meta, index, fragment, filter…). */
  queryBytesByKind: Record<string, number>;
  error?: string;
}

/** `count` names spread evenly over the list (first, last and between). */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!);
}

const kindOf = (url: string) => {
  const file = new URL(url).pathname.split('/').pop()!;
  if (/\.pf_(\w+)$/.test(file)) return file.replace(/^.*\.pf_/, '');
  if (file.startsWith('wasm.')) return 'wasm';
  return file;
};

/** Runs both measurements; `products` are the published products as [name, page path]. */
export async function benchSearch(
  base: string,
  products: readonly [string, string][],
  sample = 25,
): Promise<SearchBench> {
  let browser: Browser | undefined;
  const out: SearchBench = {
    sample: 0,
    firstHits: 0,
    misses: [],
    queryMs: 0,
    queryBytes: 0,
    queryRequests: 0,
    queryBytesByKind: {},
  };
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
    // 1. Ranking: Pagefind's own search() on the page, for each sampled name.
    const page = await browser.newPage();
    await page.goto(`${base}/search`, { waitUntil: 'load' });
    const names = spread(products, sample);
    const firsts = await page.evaluate(
      async ({ queries, index }) => {
        const pf = (await import(`${index}/pagefind.js`)) as {
          options(o: object): Promise<void>;
          search(q: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }>;
        };
        await pf.options({ noWorker: true });
        const firstOf = async (q: string) => {
          const r = await pf.search(q);
          return r.results[0] ? (await r.results[0].data()).url : null;
        };
        const found: (string | null)[] = [];
        const ms: number[] = [];
        for (const q of queries) {
          const started = performance.now();
          found.push(await firstOf(q));
          ms.push(performance.now() - started);
        }
        return { found, ms: ms.sort((a, b) => a - b)[ms.length >> 1] ?? 0 };
      },
      { queries: names.map(([name]) => name), index: SEARCH_INDEX_PATH },
    );
    out.sample = names.length;
    out.queryMs = Math.round(firsts.ms * 10) / 10;
    names.forEach(([name, expected], i) => {
      if (firsts.found[i] === expected) out.firstHits++;
      else out.misses.push({ name, expected, first: firsts.found[i] ?? null });
    });
    await page.close();

    // 2. Transfer: a fresh context (empty cache) types one name, as a reader would.
    const context = await browser.newContext();
    const reader = await context.newPage();
    const cdp = await context.newCDPSession(reader);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => {
      const url = urls.get(e.requestId);
      if (!url || !new URL(url).pathname.startsWith(`${SEARCH_INDEX_PATH}/`)) return;
      out.queryBytes += e.encodedDataLength;
      out.queryRequests++;
      const kind = kindOf(url);
      out.queryBytesByKind[kind] = (out.queryBytesByKind[kind] ?? 0) + e.encodedDataLength;
    });
    await reader.goto(`${base}/search`, { waitUntil: 'networkidle' });
    const [name] = names[Math.floor(names.length / 2)]!;
    await reader.fill('#search-q', name);
    await reader.locator('#search-results li').first().waitFor({ timeout: 30_000 });
    await reader.waitForLoadState('networkidle');
    await context.close();
  } catch (e) {
    out.error = (e as Error).message.split('\n')[0];
  } finally {
    await browser?.close();
  }
  return out;
}

// The curators' editor of one checkout, served for the editor benchmarks as Netlify serves it:
// its code bundled by that checkout's own build step (src/build/editor-bundle.ts), its page and
// configuration from that checkout's builders, Cache-Control from that checkout's header rules
// (ETag revalidation where no rule says otherwise, as Netlify answers), and text compressed with
// brotli as Netlify's CDN does for a browser (netlify-cli's local server sends it uncompressed).
// The editor runs on Decap's in-memory test backend (`test-repo`) instead of the site's sign-in
// and gateway, so the figures are the editor's own loading, not a sign-in's or GitHub's. Pass
// another checkout (a worktree of a commit since the gateway landed) to measure "before".
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { CDPSession } from 'playwright-core';
import { freePort } from '../lib/stack.ts';
import { stringify } from 'yaml';

/** The name the benchmarks print for this server. */
export const SERVER_NAME =
  'scripts/bench/editor-stand.ts: loopback HTTP/1.1, brotli (quality 11) for text, Cache-Control from the checkout’s header rules, else ETag revalidation';

export interface EditorStand {
  url: string;
  repoDir: string;
  checkout: string;
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
};

/** A Netlify path pattern as a test: `*` is a splat; `/x/*` also matches `/x`. */
const matcher = (pattern: string) => {
  const re = new RegExp(
    `^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/\\\*$|\*/g, (m) => (m === '*' ? '.*' : '(/.*)?'))}$`,
  );
  return (p: string) => re.test(p);
};

export async function startEditorStand(checkout: string): Promise<EditorStand> {
  const root = path.resolve(checkout);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const site = mkdtempSync(path.join(os.tmpdir(), 'editor-stand-'));
  // The checkout's own modules: its build step, page, configuration and header rules.
  const { writeEditorBundle } = (await import(
    path.join(root, 'src/build/editor-bundle.ts')
  )) as typeof import('../../src/build/editor-bundle.ts');
  const { editorPageHtml } = (await import(
    path.join(root, 'src/outputs/editor-page.ts')
  )) as typeof import('../../src/outputs/editor-page.ts');
  const { editorConfig } = (await import(
    path.join(root, 'src/outputs/editor-config.ts')
  )) as typeof import('../../src/outputs/editor-config.ts');
  const { HEADER_RULES } = (await import(
    path.join(root, 'src/cdn/header-rules.ts')
  )) as typeof import('../../src/cdn/header-rules.ts');
  const bundle = await writeEditorBundle(root, site, 'bench');

  const repoDir = root;

  const files = new Map<string, { body: Buffer; type: string }>();
  const add = (p: string, body: Buffer, type: string) => files.set(p, { body, type });
  for (const f of bundle.files)
    add(`/${f}`, readFileSync(path.join(site, f)), TYPES[path.extname(f)] ?? 'application/octet-stream');
  // A checkout before the page named its scripts ignores them.
  const page = Buffer.from(editorPageHtml(bundle.scripts));
  add('/admin', page, TYPES['.html']!);
  add('/admin/', page, TYPES['.html']!);
  add(
    '/admin/config.yml',
    Buffer.from(
      stringify({ ...editorConfig({ base: url, backend: { branch: 'main' } }), backend: { name: 'test-repo' } }),
    ),
    TYPES['.yml']!,
  );
  const rules = HEADER_RULES.filter((r) => r.values['Cache-Control']).map((r) => ({
    test: matcher(r.for),
    cacheControl: r.values['Cache-Control']!,
  }));
  // Compressed once, up front: the server's own work stays out of the timings.
  const compressed = new Map<string, Buffer>();
  for (const [p, f] of files)
    if (/text|javascript|yaml/.test(f.type))
      compressed.set(p, brotliCompressSync(f.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));

  const server = createServer((req, res) => {
    const p = new URL(req.url ?? '/', url).pathname;
    const f = files.get(p);
    if (!f) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    const etag = `"${createHash('sha1').update(f.body).digest('hex').slice(0, 16)}"`;
    const cacheControl = rules.find((r) => r.test(p))?.cacheControl ?? 'public, max-age=0, must-revalidate';
    const headers: Record<string, string> = { 'content-type': f.type, 'cache-control': cacheControl, etag };
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, headers).end();
    const br = compressed.get(p);
    if (br && /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      headers['content-encoding'] = 'br';
      headers.vary = 'Accept-Encoding';
      return void res.writeHead(200, headers).end(br);
    }
    res.writeHead(200, headers).end(f.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url,
    repoDir,
    checkout: root,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(site, { recursive: true, force: true });
    },
  };
}

/** The phone the benchmarks emulate: Slow 4G (150 ms, 1.6 Mbps down, 750 kbps up) and a 4× slower CPU. */
export const PHONE = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4, width: 360, height: 740 };

export const PHONE_IN_WORDS = `phone: ${PHONE.width}×${PHONE.height}, ${PHONE.latencyMs} ms, ${PHONE.downKbps / 1000} Mbps down, ${PHONE.upKbps} kbps up, CPU ${PHONE.cpuSlowdown}× slower`;

/** Makes a page's network and CPU the PHONE's (a Chrome DevTools Protocol session on the page). */
export async function throttleLikePhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: (PHONE.downKbps * 1000) / 8,
    uploadThroughput: (PHONE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
}

/** The machine's load beside the figures (it has few cores, shared). */
export const machineLoad = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`;

export const fileSize = (f: string) => statSync(f).size;

// Decap's own script accepts the generated /admin/config.yml, the recall watch list's collection
// included: Decap's script (the one the build serves, composed by src/build/editor-bundle.ts) is loaded in real
// Chromium from a loopback server, the editor's format, widget and media library names are
// registered (as stand-ins: their code is not what is checked), and Decap is started with the
// configuration. Decap validates it against its schema first and shows "Error loading the CMS
// configuration" with the errors, else its sign-in. A configuration with one field broken is the
// control: the same page shows the error.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decapScript } from '../../src/build/editor-bundle.ts';
import { WIDGET_NAMES } from '../../src/editor/widgets.ts';
import { editorConfig } from '../../src/outputs/editor-config.ts';
import { ENTRY_MEDIA_LIBRARY, PRODUCT_FORMAT, WATCH_FORMAT } from '../../src/outputs/editor-names.ts';
import { launchBrowser } from '../support/browser.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The page: Decap's script, our names registered, then Decap started with `config`. */
const page = (config: Record<string, unknown>) => `<!doctype html><html><body>
<script src="/decap-cms.js"></script>
<script>
const format = { fromFile: () => ({}), toFile: () => '' };
CMS.registerCustomFormat(${JSON.stringify(PRODUCT_FORMAT)}, 'md', format);
CMS.registerCustomFormat(${JSON.stringify(WATCH_FORMAT)}, 'yml', format);
for (const name of ${JSON.stringify(WIDGET_NAMES)}) CMS.registerWidget(name, CMS.getWidget('string').control);
CMS.registerMediaLibrary({ name: ${JSON.stringify(ENTRY_MEDIA_LIBRARY)}, init: () => ({ show() {}, hide() {}, enableStandalone: () => false }) });
CMS.init({ config: ${JSON.stringify({ ...config, load_config_file: false }).replace(/</g, '\\u003c')} });
</script></body></html>`;

let server: Server;
let origin: string;
let browser: Browser;
const pages = new Map<string, string>();

beforeAll(async () => {
  const decap = readFileSync(await decapScript(ROOT));
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    const html = pages.get(url);
    if (html !== undefined) {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(html);
      return;
    }
    if (url !== '/decap-cms.js') {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', 'text/javascript; charset=utf-8');
    res.end(decap);
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** What Decap shows once it has read the configuration: its error screen's text, or null for its sign-in. */
async function decapSays(config: Record<string, unknown>): Promise<string | null> {
  const key = `/${pages.size}`;
  pages.set(key, page(config));
  const p = await browser.newPage();
  try {
    await p.goto(`${origin}${key}`);
    const error = p.getByText('Error loading the CMS configuration');
    const signIn = p.getByRole('button', { name: /login/i });
    await error.or(signIn).first().waitFor({ timeout: 20_000 });
    return (await error.count()) ? await p.locator('body').innerText() : null;
  } finally {
    await p.close();
  }
}

describe('Decap’s own bundle reads the generated configuration', () => {
  const config = () => editorConfig({ base: 'https://catalog.example/', backend: { branch: 'main' } });

  it('with the products and the recall watch list: it starts, at its sign-in', async () => {
    expect(await decapSays(config())).toBeNull();
  });

  it('the control: a select field without its choices is refused, naming the field', async () => {
    const broken = config();
    const watch = (broken.collections as { files?: { fields: { fields: Record<string, unknown>[] }[] }[] }[])[1]!;
    const source = watch.files![0]!.fields[1]!.fields.find((f) => f.widget === 'select')!;
    delete source.options;
    expect(await decapSays(broken)).toMatch(/collections\[1\]\.files\[0\]\.fields\[1\]\.fields\[0\].*options/);
  });
});

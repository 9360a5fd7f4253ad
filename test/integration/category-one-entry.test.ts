// HEAVY (one full `astro build` of a scratch copy of the project): adding a category is one entry.
// A copy of the project gets one more entry in CATEGORIES (src/config/site.ts), `music`, and nothing
// else; then every place that shows, lists, counts, colours or documents the categories has it: its
// list page and twin, the categories page ("Eight kinds…", its description), llms.txt's summary and
// list, the stylesheet's three rules, the tile's icon, the editor's choices, CONTRIBUTING's table.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from '../../src/config/site.ts';
import { astroBuildCommand, ROOT } from '../support/build-site.ts';
import { productFile } from '../support/products.ts';

const run = promisify(execFile);
const MUSIC = {
  label: 'Music',
  blurb: 'Drums, chimes and first instruments that small hands can play.',
  tint: '#f1e4f7',
  icon: '<path d="M9 18V5l11-2v13"/><circle cx="6" cy="18" r="3"/><circle cx="17" cy="16" r="3"/>',
};
/** The one edit: an entry appended to CATEGORIES. */
const ENTRY = `  music: ${JSON.stringify(MUSIC, null, 4).replace(/\n}$/, '\n  }')},\n`;
const CLOSE = '} as const satisfies Record<string, Category>;';

let copy: string;
let out: string;
const read = (file: string) => readFileSync(path.join(out, file), 'utf8');

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'category-entry-'));
  for (const f of ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'package-lock.json'])
    cpSync(path.join(ROOT, f), path.join(copy, f), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  const site = path.join(copy, 'src/config/site.ts');
  const text = readFileSync(site, 'utf8');
  expect(text.split(CLOSE)).toHaveLength(2);
  writeFileSync(site, text.replace(CLOSE, `${ENTRY}${CLOSE}`));

  const content = path.join(copy, 'products');
  mkdirSync(content);
  writeFileSync(
    path.join(content, 'hand-drum.md'),
    productFile({ slug: 'hand-drum', name: 'Hand Drum', categories: ['music'], published: true, imageUrl: null }),
  );
  out = path.join(copy, 'out');
  const { file, args, options } = astroBuildCommand(content, '2099-01-01T00:00:00Z', {
    outDir: out,
    cacheDir: path.join(copy, 'cache'),
    adminOut: path.join(copy, 'admin-catalog'),
  });
  await run(file, args, { ...options, cwd: copy, maxBuffer: 64 * 1024 * 1024 });
}, 300_000);
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a category added to CATEGORIES, and nowhere else', () => {
  it('has its list page and twin, with its product', () => {
    const page = read('categories/music.html');
    expect(page).toContain('<h1');
    expect(page).toContain('Music');
    expect(page).toContain(MUSIC.blurb);
    expect(page).toContain('Hand Drum');
    expect(read('categories/music.md')).toContain('Hand Drum');
    expect(read('products/hand-drum.md')).toMatch(/Categories: \[Music\]\(\S+\/categories\/music\.md\)/);
  });

  it('is on the categories page, counted ("Eight kinds…") and named in its description, with its icon', () => {
    expect(CATEGORY_SLUGS).toHaveLength(7);
    const page = read('categories.html');
    expect(page).toContain('Eight kinds of things');
    expect(page).toMatch(/<meta name="description" content="[^"]*games, outdoor play and music\."/);
    expect(page).toContain('href="/categories/music"');
    expect(page).toContain('<li class="tile tile--music">');
    expect(page).toContain(MUSIC.icon);
  });

  it('is in llms.txt: the summary and the list of categories', () => {
    const llms = read('llms.txt');
    expect(llms).toMatch(/\(educational toys, [^)]*, outdoor play and music\)/);
    expect(llms).toMatch(/\[Music\]\(\S+\/categories\/music\.md\): 1 product\./);
  });

  it('has its three colour rules in the site’s stylesheet, after the picture’s default background', () => {
    const css = readdirSync(path.join(out, '_astro'))
      .filter((f) => f.endsWith('.css'))
      .map((f) => read(`_astro/${f}`))
      .find((c) => c.includes('.pimg'));
    expect(css).toBeDefined();
    expect(css).toMatch(/--t-music:\s*#f1e4f7/);
    expect(css).toMatch(/\.tile--music \.tile__icon\s*\{\s*background:\s*var\(--t-music\)/);
    expect(css).toMatch(/\.ph--music\s*\{\s*background-color:\s*var\(--t-music\)/);
    const pimg = css!.search(/\.pimg\s*\{/);
    expect(pimg).toBeGreaterThan(-1);
    expect(css!.indexOf('.ph--music')).toBeGreaterThan(pimg);
  });

  it('is a choice of the editor’s categories field, by its name', () => {
    const config = parse(read('admin/config.yml')) as {
      collections: { fields: { name: string; options?: { label: string; value: string }[] }[] }[];
    };
    const categories = config.collections[0]!.fields.find((f) => f.name === 'categories')!;
    expect(categories.options).toContainEqual({ label: 'Music', value: 'music' });
  });

  it('is a row of CONTRIBUTING’s categories table (`npm run docs:sections`)', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { DOC_SECTIONS } from './src/outputs/doc-sections.ts'; console.log(DOC_SECTIONS.find((s) => s.name === 'categories').text());",
      ],
      { cwd: copy },
    );
    expect(stdout).toContain('| `music` | Music |');
  });
});

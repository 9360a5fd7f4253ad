// The validator speaks to curators: one broken fixture folder per mistake, each reported with the
// file, line, field, what is wrong and how to fix it, both by loadCatalog and by `npm run validate`.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ageBandsFor, AGE_BANDS } from '../../src/catalog/ages.ts';
import { catalogView } from '../../src/catalog/catalog.ts';
import { loadCatalog, PRODUCTS_DIR } from '../../src/catalog/load.ts';
import { CATEGORY_SLUGS } from '../../src/config/site.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BROKEN = 'test/fixtures/broken';

interface Case {
  /** Sub-folder of test/fixtures/broken. */
  folder: string;
  /** The file the problem is reported against. */
  file: string;
  line: number | null;
  field: string;
  message: RegExp;
  fix: RegExp;
  /** How many problems the folder yields in total. */
  problems: number;
  /** Slugs that still load (only the duplicate case has a valid first file). */
  loads: string[];
}

const cases: Case[] = [
  {
    folder: 'missing-field',
    file: 'missing-brand.md',
    line: null,
    field: 'brand',
    message: /^is missing$/,
    fix: /brand or maker/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'extra-field',
    file: 'extra-colour.md',
    line: 15,
    field: 'colour',
    message: /^unknown field "colour"$/,
    fix: /Remove it or check the spelling; the allowed fields are slug, name/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'wrong-type',
    file: 'staff-pick-string.md',
    line: 11,
    field: 'staffPick',
    message: /expected boolean.*\(got "yes"\)$/,
    fix: /`true` or `false`/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'bad-currency',
    file: 'pounds-sterling.md',
    line: 8,
    field: 'currency',
    message: /"USD"\|"CAD"\|"EUR".*\(got "GBP"\)$/,
    fix: /Use one of USD, CAD, EUR/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'non-integer-price',
    file: 'price-in-dollars.md',
    line: 7,
    field: 'price',
    message: /whole number of cents.*\(got 24\.99\)$/,
    fix: /in cents as a whole number \(24\.99 → 2499\)/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'invalid-url',
    file: 'url-without-scheme.md',
    line: 10,
    field: 'url',
    message: /Invalid URL \(got "shop\.example\.com\/test-cups"\)$/,
    fix: /full link including https:\/\//,
    problems: 1,
    loads: [],
  },
  {
    folder: 'unknown-curator',
    file: 'unknown-curator.md',
    line: 12,
    field: 'pickedBy',
    message: /"maya"\|"theo".*\(got "sam"\)$/,
    fix: /curator codes maya, theo, or `null`/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'staff-pick-without-curator',
    file: 'anonymous-staff-pick.md',
    line: 12,
    field: 'pickedBy',
    message: /^a staff pick must name its curator$/,
    fix: /Set `pickedBy` to the curator who picked it, or set `staffPick: false`/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'slug-mismatch',
    file: 'file-name-differs.md',
    line: 2,
    field: 'slug',
    message: /^"slug-differs" does not match the file name "file-name-differs\.md"$/,
    fix: /Rename the file to slug-differs\.md or set `slug: file-name-differs`/,
    problems: 1,
    loads: [],
  },
  // The second file repeats the first file's slug, so it also fails the file-name rule.
  {
    folder: 'duplicate-slug',
    file: 'second-copy.md',
    line: 2,
    field: 'slug',
    message: /^"first-copy" is already used by test\/fixtures\/broken\/duplicate-slug\/first-copy\.md$/,
    fix: /its own slug/,
    problems: 2,
    loads: ['first-copy'],
  },
  {
    folder: 'unreadable-age',
    file: 'age-in-words.md',
    line: 5,
    field: 'ageRange',
    message: /^cannot be read as an age range \(got "toddlers and up"\)$/,
    fix: /"6–18 months", "3–6 years", "8\+ years" or "13\+"/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'bad-yaml',
    file: 'broken-yaml.md',
    line: 7,
    field: '(frontmatter)',
    message: /^is not valid YAML: missed comma between flow collection entries$/,
    fix: /Check line 7 and the line above it/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'no-frontmatter',
    file: 'no-frontmatter.md',
    line: 1,
    field: '(frontmatter)',
    message: /^has no frontmatter$/,
    fix: /Start the file with `---`/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'bad-publish-at',
    file: 'publish-next-week.md',
    line: 15,
    field: 'publishAt',
    message: /\(got "next tuesday"\)$/,
    fix: /ISO date-time with a time zone/,
    problems: 1,
    loads: [],
  },
  {
    folder: 'unknown-category',
    file: 'unknown-category.md',
    line: 6,
    field: 'categories',
    message: /"educational-toys"\|"kits".*\(got "toys" at \[1\]\)$/,
    fix: /List one or more of: educational-toys, kits, books/,
    problems: 1,
    loads: [],
  },
];

/** Runs `node scripts/validate.ts [folder]` on this Node (24) and collects its exit code and output. */
function validate(
  folder?: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { GITHUB_ACTIONS: _ignored, ...base } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/validate.ts', ...(folder ? [folder] : [])],
      { cwd: ROOT, env: { ...base, ...env } },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr });
      },
    );
  });
}

describe('broken fixtures', () => {
  it('has a case for every fixture folder', async () => {
    const folders = (await readdir(path.join(ROOT, BROKEN), { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.sort()).toEqual(cases.map((c) => c.folder).sort());
  });
});

describe.each(cases)('loadCatalog on $folder', (c) => {
  const dir = `${BROKEN}/${c.folder}`;

  it(`reports ${c.field} in ${c.file} with what is wrong and how to fix it`, async () => {
    const { problems } = await loadCatalog(dir, ROOT);
    expect(problems).toContainEqual({
      file: `${dir}/${c.file}`,
      line: c.line,
      field: c.field,
      message: expect.stringMatching(c.message),
      fix: expect.stringMatching(c.fix),
    });
  });

  it('reports nothing else and loads no broken product', async () => {
    const { problems, entries } = await loadCatalog(dir, ROOT);
    expect(problems).toHaveLength(c.problems);
    expect(entries.map((e) => e.data.slug)).toEqual(c.loads);
  });
});

describe.each(cases)('npm run validate on $folder', (c) => {
  it('exits 1 naming the file, the field and the fix', async () => {
    const { code, stdout, stderr } = await validate(`${BROKEN}/${c.folder}`);
    const out = stdout + stderr;
    expect(code).toBe(1);
    expect(out).toContain(`${BROKEN}/${c.folder}/${c.file}${c.line ? `:${c.line}` : ''}  ${c.field}: `);
    expect(out).toMatch(/^ {4}Fix: /m);
    expect(out).toMatch(new RegExp(`${c.problems} problems? in 1 product file`));
  });
});

describe('npm run validate in GitHub Actions', () => {
  it('also prints a workflow annotation on the offending line', async () => {
    const { code, stdout } = await validate(`${BROKEN}/unreadable-age`, { GITHUB_ACTIONS: 'true' });
    expect(code).toBe(1);
    expect(stdout).toContain(
      `::error file=${BROKEN}/unreadable-age/age-in-words.md,line=5,title=ageRange::ageRange cannot be read as an age range`,
    );
    expect(stdout).toContain('Fix: Write it like');
  });
});

describe('the real catalog', () => {
  const at = new Date('2026-12-01T00:00:00Z');

  it('validates with exit code 0', async () => {
    const files = (await readdir(path.join(ROOT, PRODUCTS_DIR))).filter((n) => n.endsWith('.md'));
    const { code, stdout, stderr } = await validate();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(`✓ ${files.length} product files in ${PRODUCTS_DIR} are valid.\n`);
  });

  it('loads every file without a problem', async () => {
    const files = (await readdir(path.join(ROOT, PRODUCTS_DIR))).filter((n) => n.endsWith('.md'));
    const { entries, problems } = await loadCatalog(PRODUCTS_DIR, ROOT);
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(files.length);
    expect(files.length).toBeGreaterThanOrEqual(48);
  });

  it('fills every category (5+) and every age band (4+) with published products', async () => {
    const view = catalogView((await loadCatalog(PRODUCTS_DIR, ROOT)).entries, at);
    for (const slug of CATEGORY_SLUGS) expect(view.byCategory.get(slug)!.length, slug).toBeGreaterThanOrEqual(5);
    for (const band of AGE_BANDS) expect(view.byAgeBand.get(band.slug)!.length, band.slug).toBeGreaterThanOrEqual(4);
  });

  it('has staff picks by both curators, and every staff pick names its curator', async () => {
    const view = catalogView((await loadCatalog(PRODUCTS_DIR, ROOT)).entries, at);
    const curators = new Set(view.staffPicks.map((e) => e.data.pickedBy));
    expect([...curators].sort()).toEqual(['maya', 'theo']);
  });

  it('reads every stated age range into at least one band', async () => {
    const { entries } = await loadCatalog(PRODUCTS_DIR, ROOT);
    const unread = entries.filter((e) => e.data.ageRange !== null && ageBandsFor(e.data.ageRange).length === 0);
    expect(unread.map((e) => `${e.data.slug}: ${e.data.ageRange}`)).toEqual([]);
  });

  it('points every image at a file that exists', async () => {
    const { entries } = await loadCatalog(PRODUCTS_DIR, ROOT);
    const images = new Set(await readdir(path.join(ROOT, 'public/images/products')));
    const missing = entries.filter(
      (e) => e.data.imageUrl?.startsWith('/images/products/') && !images.has(path.basename(e.data.imageUrl)),
    );
    expect(missing.map((e) => e.data.imageUrl)).toEqual([]);
  });

  it('keeps no image in public/ for a product that is not published (public/ is copied as is)', async () => {
    const { entries } = await loadCatalog(PRODUCTS_DIR, ROOT);
    const published = new Set(catalogView(entries, at).products.map((e) => e.data.slug));
    const images = await readdir(path.join(ROOT, 'public/images/products'));
    expect(images.filter((f) => !published.has(f.replace(/\.[a-z]+$/, '')))).toEqual([]);
  });
});

// `npm run new-product` +
// is missing when run in a terminal, validates it with the catalog's own loader and says what next.
import { existsSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { CATEGORY_SLUGS, CURATOR_CODES, CURRENCIES } from '../src/config/site.ts';
import { parseAgeRange } from '../src/catalog/ages.ts';
import { loadCatalog, parseProductFile, PRODUCTS_DIR } from '../src/catalog/load.ts';
import { formatProblems } from '../src/catalog/problems.ts';
import {
  freeSlug,
  serializeProductFile,
  slugFromName,
  toMinorUnits,
  type ProductFileData,
} from '../src/catalog/product-file.ts';

const USAGE = `Usage: npm run new-product -- --name "Wooden Rainbow Stacker" --brand "Grimm's" \\
         --categories educational-toys,puzzles --ages "12 months–6 years" \\
         --url https://example.com/… --currency EUR [--price 89.00] \\
         [--picked-by ${CURATOR_CODES.join('|')}] [--staff-pick] [--why "…"] [--image /images/products/x.svg] \\
         [--slug my-slug] [--draft] [--dir content/products]
Run it in a terminal without arguments to be asked for each field.
A new product is published (it appears at the next build) unless --draft is given.`;

const { values: args } = parseArgs({
  options: {
    name: { type: 'string' },
    brand: { type: 'string' },
    categories: { type: 'string' },
    ages: { type: 'string' },
    url: { type: 'string' },
    currency: { type: 'string' },
    price: { type: 'string' },
    'picked-by': { type: 'string' },
    'staff-pick': { type: 'boolean' },
    why: { type: 'string' },
    image: { type: 'string' },
    slug: { type: 'string' },
    draft: { type: 'boolean' },
    published: { type: 'boolean' },
    dir: { type: 'string' },
    interactive: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

function fail(message: string, code = 1): never {
  console.error(`✖ ${message}`);
  process.exit(code);
}

if (args.draft && args.published) fail('Choose one of --draft and --published.', 2);

/** Asks on the terminal; reads lines through an iterator so piped answers are never lost. */
function prompter() {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question: string): Promise<string> {
      process.stdout.write(`${question} `);
      const next = await lines.next();
      if (next.done) fail('\nInput ended before every field was answered.', 2);
      return next.value.trim();
    },
    close: () => rl.close(),
  };
}

/** A field's reader: turns the typed text into a value, or throws a message to show. */
type Read<T> = (text: string) => T;

const readers = {
  name: (s: string) => (s ? s : bad('a name is required')),
  brand: (s: string) => (s ? s : bad('a brand is required')),
  categories: (s: string): ProductFileData['categories'] => {
    const list = s.split(/[,\s]+/).filter(Boolean);
    const unknown = list.filter((c) => !(CATEGORY_SLUGS as readonly string[]).includes(c));
    if (!list.length || unknown.length)
      bad(
        `categories must be one or more of ` +
          `${CATEGORY_SLUGS.join(', ')}${unknown.length ? ` (not: ${unknown.join(', ')})` : ''}`,
      );
    return list as ProductFileData['categories'];
  },
  ages: (s: string) => {
    if (s === '' || s === 'null') return null;
    if (!parseAgeRange(s))
      bad(
        `"${s}" is not an age range this catalog can read: write ` +
          `e.g. "6–18 months", "3–6 years", "8+" or "8 years and up"`,
      );
    return s;
  },
  url: (s: string) => {
    if (!/^https?:\/\/\S+$/.test(s) || !URL.canParse(s)) bad('the link must be a full URL starting with https://');
    return s;
  },
  currency: (s: string) => {
    const c = s.toUpperCase();
    if (!(CURRENCIES as readonly string[]).includes(c)) bad(`currency must be one of ${CURRENCIES.join(', ')}`);
    return c as ProductFileData['currency'];
  },
  price: (s: string) => {
    try {
      return toMinorUnits(s);
    } catch (err) {
      return bad((err as Error).message);
    }
  },
  pickedBy: (s: string) => {
    if (s === '' || s === 'null') return null;
    if (!(CURATOR_CODES as readonly string[]).includes(s))
      bad(`the curator code must be one of ${CURATOR_CODES.join(', ')} (or empty)`);
    return s as ProductFileData['pickedBy'];
  },
  yesNo: (s: string) => {
    if (/^(y|yes)$/i.test(s)) return true;
    if (s === '' || /^(n|no)$/i.test(s)) return false;
    return bad('answer y or n');
  },
} satisfies Record<string, Read<unknown>>;

function bad(message: string): never {
  throw new Error(message);
}

const interactive = args.interactive === true || process.stdin.isTTY === true;
const ui = interactive ? prompter() : null;
const missing: string[] = [];

/** Asks until the answer reads. */
async function ask<T>(question: string, read: Read<T>): Promise<T> {
  for (;;) {
    try {
      return read(await ui!.ask(question));
    } catch (err) {
      console.log(`  ${(err as Error).message}.`);
    }
  }
}

/** The value of one option: from the argument, else asked, else the fallback, else noted missing. */
async function field<T>(flag: string, question: string, read: Read<T>, fallback?: T): Promise<T> {
  const given = (args as Record<string, string | boolean | undefined>)[flag];
  if (typeof given === 'string') {
    try {
      return read(given.trim());
    } catch (err) {
      return fail(`--${flag}: ${(err as Error).message}.`, 2);
    }
  }
  if (ui) return ask(question, read);
  if (fallback !== undefined) return fallback;
  missing.push(`--${flag}`);
  return undefined as T;
}

if (ui) console.log('New product. Press Enter to leave an optional field empty.\n');
const name = await field('name', 'Product name:', readers.name);
const brand = await field('brand', 'Brand or maker:', readers.brand);
const categories = await field(
  'categories',
  `Categories (comma-separated: ${CATEGORY_SLUGS.join(', ')}):`,
  readers.categories,
);
const ageRange = await field('ages', 'Ages (e.g. "3–6 years", "6–18 months", "8+"; optional):', readers.ages, null);
const url = await field('url', 'Link to the product (https://…):', readers.url);
const currency = await field('currency', `Currency (${CURRENCIES.join(', ')}):`, readers.currency);
const price = await field('price', 'Price, e.g. 24.99 (optional):', readers.price, null);
const staffPick = args['staff-pick'] ?? (ui ? await ask('Staff pick? (y/N):', readers.yesNo) : false);
const readPickedBy: Read<ProductFileData['pickedBy']> = (s) => {
  const code = readers.pickedBy(s);
  return staffPick && code === null ? bad('a staff pick names its curator') : code;
};
const pickedBy = await field(
  'picked-by',
  `Picked by (${CURATOR_CODES.join(', ')}${staffPick ? '' : '; optional'}):`,
  readPickedBy,
  null,
);
ui?.close();

if (missing.length) fail(`Missing ${missing.join(', ')}.\n\n${USAGE}`, 2);

const dir = path.resolve(args.dir ?? process.env.CATALOG_CONTENT_DIR ?? PRODUCTS_DIR);
const slug = args.slug ?? slugFromName(name);
if (!slug) fail(`Cannot make a slug from "${name}": pass one with --slug my-product-name.`, 2);

const file = path.join(dir, `${slug}.md`);
const fromCwd = path.relative(process.cwd(), file);
const rel = (fromCwd.startsWith('..') ? file : fromCwd).split(path.sep).join('/');
if (existsSync(file)) {
  const free = freeSlug(slug, (s) => existsSync(path.join(dir, `${s}.md`)));
  fail(
    `${rel} already exists; nothing was written.\n  If this is a different ` +
      `product, run again with --slug ${free} (or a more telling name).`,
  );
}

const data: ProductFileData = {
  slug,
  name,
  brand,
  ageRange,
  categories,
  price,
  currency,
  imageUrl: args.image ?? null,
  url,
  staffPick,
  pickedBy,
  whyWePicked: args.why?.trim() || null,
  published: args.draft !== true,
};
const text = serializeProductFile(data, null);

// Check before writing, so a refused product leaves nothing behind.
const before = parseProductFile(rel, text);
if (before.problems.length) fail(`The product was not written:\n\n${formatProblems(before.problems)}`);

await mkdir(dir, { recursive: true });
await writeFile(file, text, { flag: 'wx' });

// Then validate what is on disk, next to the other products (duplicate slugs included).
const written = parseProductFile(rel, await readFile(file, 'utf8'));
const { problems } = await loadCatalog(dir);
const mine = [...written.problems, ...problems.filter((p) => p.file === rel)];
if (mine.length) {
  await unlink(file);
  fail(`The product was not kept:\n\n${formatProblems(mine)}`);
}

const publishStep = data.published
  ? 'It is published: set published: false to keep it a draft.'
  : 'Set published: true when it is ready (or add publishAt: 2026-12-01T09:00:00Z to schedule it).';
console.log(`✓ Wrote ${rel} (${data.published ? 'published' : 'a draft: published: false'}).

Next steps:
  1. Open ${rel} and write:
     - whyWePicked: one to three sentences on what a child does with it and why it earned its place;
     - the description, below the closing ---;
     - imageUrl: a file under public/images/products/ (e.g. /images/products/${slug}.svg), or leave null.
  2. ${publishStep}
  3. npm run validate
  4. npm start, then open /products/${slug}
  5. Commit on a branch and open a pull request; the checks run on it. See CONTRIBUTING.md.`);

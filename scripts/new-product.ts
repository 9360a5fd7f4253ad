// `npm run new-product`: writes a new product file from options, or asks in a terminal for each
// field that is missing, validates it with the catalog's own loader and says what to do next. Its
// options, questions and checks come from the fields of the Product schema (src/catalog/schema.ts):
// a new field with a `cli` entry appears here without a change to this file.
import { existsSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { loadCatalog, parseProductFile } from '../src/catalog/load.ts';
import { PRODUCTS_DIR } from '../src/catalog/content-paths.ts';
import { settings } from '../src/config/env.ts';
import { formatProblems } from '../src/catalog/problems.ts';
import { fieldProblem } from '../src/catalog/field-problem.ts';
import { freeSlug, serializeProductFile, slugFromName, type ProductFileData } from '../src/catalog/product-file.ts';
import { fieldKind, mustBeGiven, typedValue } from '../src/catalog/field-kinds.ts';
import { FIELDS, type Field, type FieldKey } from '../src/catalog/schema.ts';
import { safetyHints } from '../src/catalog/safety-check.ts';

const isBoolean = (f: Field) => fieldKind(f).value.type === 'boolean';
const mayBeNull = (f: Field) => fieldKind(f).nullable;

const USAGE = [
  'Usage: npm run new-product -- ' +
    FIELDS.filter(mustBeGiven)
      .map((f) => `--${f.meta.cli.flag} …`)
      .join(' '),
  `         ${FIELDS.filter((f) => !mustBeGiven(f))
    .map((f) =>
      isBoolean(f)
        ? `[--${f.meta.cli.flag}${f.meta.cli.off ? `|--${f.meta.cli.off}` : ''}]`
        : `[--${f.meta.cli.flag} …]`,
    )
    .join(' ')} [--dir ${PRODUCTS_DIR}]`,
  'Run it in a terminal without arguments to be asked for each field.',
  'A new product is published (it appears at the next build) unless --draft is given.',
  'Example: npm run new-product -- --name "Wooden Balance Board" --brand Kinderfeets \\',
  '  --categories educational-toys,outdoor-play --ages "3–10 years" \\',
  '  --url "https://shop.example.com/balance-board" --currency USD --price 79.00',
].join('\n');

const options: ParseArgsOptionsConfig = {
  dir: { type: 'string' },
  interactive: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};
for (const f of FIELDS) {
  options[f.meta.cli.flag] = { type: isBoolean(f) ? 'boolean' : 'string' };
  if (f.meta.cli.off) options[f.meta.cli.off] = { type: 'boolean' };
}
const { values: args } = parseArgs({ options, strict: true });

if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

function fail(message: string, code = 1): never {
  console.error(`✖ ${message}`);
  process.exit(code);
}

const values: Partial<Record<FieldKey, unknown>> = {};

/** What is wrong with `value` for field `f`, given the other values so far, as the validator says it. */
const problemWith = (f: Field, value: unknown) => fieldProblem(f, value, values);

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

if (args.draft && args.published) fail('Choose one of --draft and --published.', 2);
const ui = args.interactive === true || process.stdin.isTTY === true ? prompter() : null;
const missing: string[] = [];
if (ui) console.log('New product. Press Enter to leave an optional field empty.\n');

for (const f of FIELDS) {
  const { flag, off, prompt } = f.meta.cli;
  const given = args[flag];
  let value: unknown;
  if (isBoolean(f) && (given === true || (off && args[off] === true))) value = given === true;
  else if (typeof given === 'string') {
    try {
      value = typedValue(f, given.trim());
    } catch (err) {
      fail(`--${flag}: ${(err as Error).message}.`, 2);
    }
    const wrong = problemWith(f, value);
    if (wrong) fail(`--${flag}: ${wrong}`, 2);
  } else if (ui && prompt) {
    for (;;) {
      const question = `${prompt}${isBoolean(f) ? ' (y/N)' : ''}:`;
      try {
        value = typedValue(f, await ui.ask(question));
      } catch (err) {
        console.log(`  ${(err as Error).message}.`);
        continue;
      }
      const wrong = problemWith(f, value);
      if (!wrong) break;
      console.log(`  ${wrong}`);
    }
  } else if (f.meta.initial !== undefined) value = f.meta.initial;
  else if (isBoolean(f)) value = false;
  else if (mayBeNull(f)) value = null;
  else if (mustBeGiven(f)) missing.push(`--${flag}`);
  if (value !== undefined) values[f.key] = value;
}
ui?.close();
if (missing.length) fail(`Missing ${missing.join(', ')}.\n\n${USAGE}`, 2);

const name = values.name as string;
const dir = path.resolve((args.dir as string | undefined) ?? settings().build.contentDir ?? PRODUCTS_DIR);
const slug = (values.slug as string | undefined) ?? slugFromName(name);
if (!slug) fail(`Cannot make a slug from "${name}": pass one with --slug my-product-name.`, 2);
values.slug = slug;

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

const { description = null, ...data } = values;
const text = serializeProductFile(data as ProductFileData, description as string | null);

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

// A warning the product may need: said now, while the box is at hand (it never stops the product).
const hints = written.entry ? safetyHints([written.entry], new Map([[rel, text]])) : [];
const safety = hints.length ? `\nSafety: ${hints.map((h) => `${h.message}.\n  ${h.fix}`).join('\n')}\n` : '';

const publishStep = data.published
  ? 'It is published: set published: false to keep it a draft.'
  : 'Set published: true when it is ready (or add publishAt: 2026-12-01T09:00:00Z to schedule it).';
console.log(`✓ Wrote ${rel} (${data.published ? 'published' : 'a draft: published: false'}).

Next steps:
  1. Open ${rel} and write:
     - whyWePicked: one to three sentences on what a child does with it and why it earned its place;
     - the description, below the closing ---;
     - imageUrl: a picture in content/images/products/ (e.g. /images/products/${slug}.jpg), or leave null.
  2. ${publishStep}
  3. npm run validate
  4. npm start, then open /products/${slug}
  5. Commit on a branch and open a pull request; the checks run on it. See CONTRIBUTING.md.${safety}`);

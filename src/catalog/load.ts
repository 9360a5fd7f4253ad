// Reads product files (YAML front matter only + the one schema) and reports every problem with the file,
// the field, what is wrong and how to fix it. Used by the Astro content loader, the validator,
// the admin catalog and the benchmark, so all of them agree on what a valid file is.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readFrontMatter } from './front-matter.ts';
import type { z } from 'zod';
import { describeValue, issueToProblem, lineOf, type Problem } from './problems.ts';
import {
  DESCRIPTION_MAX,
  HIDDEN_CHARACTER_FIX,
  hiddenCharacterOf,
  Product,
  ProductFrontmatter,
  type CatalogEntry,
} from './schema.ts';
import { formatCount } from './count.ts';
import { isProductFileName, PRODUCTS_DIR } from './content-paths.ts';
import { sharedBarcodes } from './safety-check.ts';

/** Parsed entries kept between builds (src/build/parse-cache.ts implements it): a file whose text it knows is not parsed again. */
export interface ParseCache {
  /** The entry parsed from this very text of `file` by this code, if any. */
  get(file: string, text: string): CatalogEntry | undefined;
  /** Keeps a valid file's entry for the next build. */
  set(file: string, text: string, entry: CatalogEntry): void;
  /** Writes what this build kept (only the files it saw), in one step another process never sees half of. */
  save(): void;
  /** How many files were answered from the cache. */
  readonly hits: number;
}

export interface LoadResult {
  entries: CatalogEntry[];
  problems: Problem[];
}

/** Parses one product file. `file` is repository-relative and decides the expected slug. */
export function parseProductFile(
  file: string,
  source: string,
): { entry: CatalogEntry | null; problems: Problem[]; slug?: string } {
  const read = readFrontMatter(source);
  if (!read.ok) return { entry: null, problems: [{ file, field: '(frontmatter)', ...read.problem }] };
  const raw = read.data;
  const result = ProductFrontmatter.safeParse(raw);
  const issues = result.success ? [] : result.error.issues;
  // A refused character is the field's one problem: what else is said of that value (a union's
  // branch that cannot tell why) follows from it.
  const hidden = new Set(issues.filter((i) => hiddenCharacterOf(i) !== null).map((i) => i.path[0]));
  const problems = issues
    .filter((i) => hiddenCharacterOf(i) !== null || !hidden.has(i.path[0]))
    .map((i) => issueToProblem(file, source, raw, i));
  const expected = path.basename(file, '.md');
  if (typeof raw.slug === 'string' && raw.slug !== expected) {
    problems.push({
      file,
      line: lineOf(source, 'slug'),
      field: 'slug',
      message: `"${raw.slug}" does not match the file name "${expected}.md"`,
      fix: `Rename the file to ${raw.slug}.md or set \`slug: ${expected}\`.`,
    });
  }
  // The body is the description: the same field rules apply to it as to any frontmatter value
  // (its line ends read as line feeds, as the schema reads a multi-line field's).
  const trimmed = read.body.trim();
  const body = Product.shape.description.safeParse(trimmed === '' ? null : trimmed);
  if (!body.success) problems.push(bodyProblem(file, source, trimmed, body.error.issues[0]!));
  const slug = typeof raw.slug === 'string' ? raw.slug : undefined;
  if (!result.success || !body.success || problems.length) return { entry: null, problems, ...(slug ? { slug } : {}) };
  return { entry: { data: result.data, description: body.data, sourcePath: file }, problems, slug: result.data.slug };
}

/**
 * A problem with the body (the description): a refused character on its own line, quoted
 * escaped; a body that is too long on the line where the body starts.
 */
function bodyProblem(file: string, source: string, body: string, issue: z.core.$ZodIssue): Problem {
  const closing = source.indexOf('\n---', 3);
  const start = closing === -1 ? null : source.slice(0, closing).split('\n').length + 2;
  const character = hiddenCharacterOf(issue);
  if (character !== null) {
    const at = closing === -1 ? -1 : source.indexOf(character, closing + 4);
    return {
      file,
      line: at === -1 ? start : source.slice(0, at).split('\n').length,
      field: 'description',
      message: `${issue.message} (got ${describeValue(body)})`,
      fix: HIDDEN_CHARACTER_FIX,
    };
  }
  return {
    file,
    line: start,
    field: 'description',
    message: `${issue.message} (the body below the closing \`---\` has ${formatCount(body.length)} characters)`,
    fix:
      `Shorten the description to at most ${formatCount(DESCRIPTION_MAX)} characters: ` +
      'what the product is, in plain words; the editorial note goes in `whyWePicked`.',
  };
}

/** Validates a product file's text as `file`, or, without a path, as the file its own slug names. */
export function validateProductText(text: string, file?: string) {
  const target = file ?? `${PRODUCTS_DIR}/${parseProductFile(`${PRODUCTS_DIR}/product.md`, text).slug ?? 'product'}.md`;
  const { entry, problems } = parseProductFile(target, text);
  return { valid: entry !== null && problems.length === 0, path: target, slug: entry?.data.slug ?? null, problems };
}

/**
 * Loads every product file of a folder; `root` is the repository root used for relative paths.
 * With a parse cache, a file whose text the cache knows is not parsed again (and is kept in it).
 */
export async function loadCatalog(dir = PRODUCTS_DIR, root = process.cwd(), cache?: ParseCache): Promise<LoadResult> {
  const abs = path.resolve(root, dir);
  // Read synchronously: ten thousand small files this way take a fifth of the time that promise
  // reads take (each of those is several thread-pool round trips).
  const names = readdirSync(abs).filter(isProductFileName).sort();
  const files = names.map((n) => readFileSync(path.join(abs, n), 'utf8'));
  const entries: CatalogEntry[] = [];
  const problems: Problem[] = [];
  const bySlug = new Map<string, string>();
  const sources = new Map<string, string>();
  names.forEach((name, i) => {
    const file = path.relative(root, path.join(abs, name)).split(path.sep).join('/');
    const cached = cache?.get(file, files[i]!);
    const res = cached ? { entry: cached, problems: [], slug: cached.data.slug } : parseProductFile(file, files[i]!);
    if (!cached && res.entry) cache?.set(file, files[i]!, res.entry);
    problems.push(...res.problems);
    const first = res.slug === undefined ? undefined : bySlug.get(res.slug);
    if (first) {
      const fix = 'Give each product its own slug, equal to its file name.';
      problems.push({
        file,
        line: lineOf(files[i]!, 'slug'),
        field: 'slug',
        message: `"${res.slug}" is already used by ${first}`,
        fix,
      });
      return;
    }
    if (res.slug !== undefined) bySlug.set(res.slug, file);
    if (res.entry) {
      entries.push(res.entry);
      sources.set(file, files[i]!);
    }
  });
  // A barcode names one product: a barcode two files share is a mistake in one of them.
  problems.push(...sharedBarcodes(entries, sources));
  return { entries, problems };
}

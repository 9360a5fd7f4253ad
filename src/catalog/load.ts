// Reads product files (YAML front matter only + the one schema) and reports every problem with the file,
// the field, what is wrong and how to fix it. Used by the Astro content loader, the validator,
// the admin catalog and the benchmark, so all of them agree on what a valid file is.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { readFrontMatter } from './front-matter.ts';
import { ProductFrontmatter, fixes, type CatalogEntry } from './schema.ts';

export interface Problem {
  /** Repository-relative path of the file. */
  file: string;
  /** 1-based line of the field in the file, when it can be found. */
  line: number | null;
  /** The frontmatter field, or "(file)" for problems with the file as a whole. */
  field: string;
  message: string;
  fix: string;
}

export interface LoadResult {
  entries: CatalogEntry[];
  problems: Problem[];
}

export const PRODUCTS_DIR = 'content/products';

function lineOf(source: string, field: string): number | null {
  const lines = source.split('\n');
  const i = lines.findIndex((l) => l.startsWith(`${field}:`));
  return i === -1 ? null : i + 1;
}

function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s && s.length > 60 ? `${s.slice(0, 57)}…` : String(s);
}

function issueToProblem(file: string, source: string, raw: Record<string, unknown>, issue: z.core.$ZodIssue): Problem {
  const field = issue.path.length ? String(issue.path[0]) : '(file)';
  const shape = ProductFrontmatter.shape as Record<string, z.ZodType>;
  const fieldSchema = shape[field];
  let message = issue.message;
  let fix = (fieldSchema && fixes.get(fieldSchema)?.fix) ?? 'See CONTRIBUTING.md for the product file format.';
  if (issue.code === 'unrecognized_keys') {
    return {
      file,
      line: lineOf(source, issue.keys[0] ?? ''),
      field: issue.keys.join(', '),
      message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
      fix: `Remove ${issue.keys.length > 1 ? 'them' : 'it'} or check the spelling; the allowed fields are ${Object.keys(shape).join(', ')}.`,
    };
  }
  if (issue.code === 'invalid_type' && !(field in raw)) {
    message = 'is missing';
  } else if (field === 'pickedBy' && issue.code === 'custom') {
    fix = 'Set `pickedBy` to the curator who picked it, or set `staffPick: false`.';
  } else {
    // Point at the offending element of a list (categories[1]) rather than the whole list.
    let value: unknown = raw;
    for (const key of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key as PropertyKey];
    const at =
      issue.path.length > 1
        ? ` at ${issue.path
            .slice(1)
            .map((k) => `[${String(k)}]`)
            .join('')}`
        : '';
    message = `${message} (got ${describeValue(value)}${at})`;
  }
  return { file, line: lineOf(source, field) ?? (issue.path.length ? null : 1), field, message, fix };
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
  const problems = result.success ? [] : result.error.issues.map((i) => issueToProblem(file, source, raw, i));
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
  const slug = typeof raw.slug === 'string' ? raw.slug : undefined;
  if (!result.success || problems.length) return { entry: null, problems, ...(slug ? { slug } : {}) };
  const body = read.body.trim();
  return {
    entry: { data: result.data, description: body === '' ? null : body, sourcePath: file },
    problems,
    slug: result.data.slug,
  };
}

/** Loads every product file of a folder; `root` is the repository root used for relative paths. */
export async function loadCatalog(dir = PRODUCTS_DIR, root = process.cwd()): Promise<LoadResult> {
  const abs = path.resolve(root, dir);
  const names = (await readdir(abs)).filter((n) => n.endsWith('.md')).sort();
  const files = await Promise.all(names.map((n) => readFile(path.join(abs, n), 'utf8')));
  const entries: CatalogEntry[] = [];
  const problems: Problem[] = [];
  const bySlug = new Map<string, string>();
  names.forEach((name, i) => {
    const file = path.relative(root, path.join(abs, name)).split(path.sep).join('/');
    const res = parseProductFile(file, files[i]!);
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
    if (res.entry) entries.push(res.entry);
  });
  return { entries, problems };
}

/** One problem per line: `file:line  field  message. Fix: …` */
export function formatProblem(p: Problem): string {
  return `${p.file}${p.line ? `:${p.line}` : ''}  ${p.field}: ${p.message}.\n    Fix: ${p.fix}`;
}

export function formatProblems(problems: Problem[]): string {
  const files = new Set(problems.map((p) => p.file)).size;
  return `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} product file${files === 1 ? '' : 's'}:\n\n${problems.map(formatProblem).join('\n')}\n`;
}

// A problem with a product file, as curators read it: the file, the line, the field, what is wrong
// and how to fix it. The loader makes them from schema issues; the validator, the build and the
// admin tools print them the same way.
import type { z } from 'zod';
import { fieldMeta, HIDDEN_CHARACTER_FIX, hiddenCharacterOf, ProductFrontmatter } from './schema.ts';

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

/** The 1-based line where `field:` starts in a product file, or null. */
export function lineOf(source: string, field: string): number | null {
  const lines = source.split('\n');
  const i = lines.findIndex((l) => l.startsWith(`${field}:`));
  return i === -1 ? null : i + 1;
}

/**
 * A value as a message quotes it. Only a single value is written out (cut at 60 characters): a
 * list or a mapping is named, never serialized, so no input makes a message large. Control,
 * bidirectional and line-separator characters are escaped (JSON escapes only C0), so a quoted
 * value cannot reorder or break the message around it.
 */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return `a list of ${v.length} item${v.length === 1 ? '' : 's'}`;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'an invalid date' : v.toISOString();
  if (v !== null && typeof v === 'object') return 'a mapping of fields';
  const s = typeof v === 'string' && v.length > 60 ? JSON.stringify(`${v.slice(0, 57)}…`) : JSON.stringify(v);
  return String(s).replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A schema issue as a curator reads it: the field, what is wrong (with the value found) and the fix. */
export function issueToProblem(
  file: string,
  source: string,
  raw: Record<string, unknown>,
  issue: z.core.$ZodIssue,
): Problem {
  const field = issue.path.length ? String(issue.path[0]) : '(file)';
  const shape = ProductFrontmatter.shape as Record<string, z.ZodType>;
  const fieldSchema = shape[field];
  let message = issue.message;
  let fix = (fieldSchema && fieldMeta.get(fieldSchema)?.fix) ?? 'See CONTRIBUTING.md for the product file format.';
  if (issue.code === 'unrecognized_keys') {
    return {
      file,
      line: lineOf(source, issue.keys[0] ?? ''),
      field: issue.keys.join(', '),
      message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
      fix:
        `Remove ${issue.keys.length > 1 ? 'them' : 'it'} or check the ` +
        `spelling; the allowed fields are ${Object.keys(shape).join(', ')}.`,
    };
  }
  if (issue.code === 'invalid_type' && !(field in raw)) {
    message = 'is missing';
  } else if (field === 'pickedBy' && issue.code === 'custom') {
    fix = 'Set `pickedBy` to the curator who picked it, or set `staffPick: false`.';
  } else if (issue.code === 'custom' && typeof issue.params?.fix === 'string') {
    // A rule across fields that says its own fix (a small-parts warning on a toy for under-3s).
    fix = issue.params.fix;
  } else {
    if (hiddenCharacterOf(issue) !== null) fix = HIDDEN_CHARACTER_FIX;
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

/** One problem per line: `file:line  field  message. Fix: …` */
export function formatProblem(p: Problem): string {
  return `${p.file}${p.line ? `:${p.line}` : ''}  ${p.field}: ${p.message}.\n    Fix: ${p.fix}`;
}

export function formatProblems(problems: Problem[]): string {
  const files = new Set(problems.map((p) => p.file)).size;
  return (
    `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} product ` +
    `file${files === 1 ? '' : 's'}:\n\n${problems.map(formatProblem).join('\n')}\n`
  );
}

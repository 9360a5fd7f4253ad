// What a proposal says about itself: its branch name, the fields it changes (before → after), its
// commit message with the `Proposed-by` trailer, and its pull request's title and body (the table
// of changes and the validator's verdict). Both backends and every write tool use these.
import { randomBytes } from 'node:crypto';
import { fieldText } from '../../catalog/catalog.ts';
import { FIELDS, type CatalogEntry, type FieldKey } from '../../catalog/schema.ts';
import { BRANCH_PREFIX } from './backend.ts';

export interface FieldChange {
  field: FieldKey;
  /** The value as text before (null: none; the whole field for a new product). */
  before: string | null;
  after: string | null;
}

/** `catalog/<slug>-<6 hex digits>`: one branch per proposal, never reused. */
export const proposalBranch = (slug: string) => `${BRANCH_PREFIX}${slug}-${randomBytes(3).toString('hex')}`;

/** Every field whose value differs between the two entries (every field with a value for a new product). */
export function fieldChanges(before: CatalogEntry | null, after: CatalogEntry): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const { key } of FIELDS) {
    const was = before ? fieldText(before, key) : null;
    const now = fieldText(after, key);
    if (was !== now) changes.push({ field: key, before: was, after: now });
  }
  return changes;
}

/** A value in a sentence or a table cell: one line, at most 80 characters. */
function short(text: string | null): string {
  if (text === null) return '—';
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
const cell = (text: string | null) => short(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|');

export interface Composed {
  title: string;
  message: string;
  body: string;
}

/**
 * The commit message (subject, one line per change, `Proposed-by` trailer) and the pull request's
 * title and body (a table of the changes and the validator's verdict on the file).
 */
export function composeProposal(opts: {
  kind: 'new' | 'edit';
  slug: string;
  path: string;
  changes: readonly FieldChange[];
  email: string;
}): Composed {
  const names = opts.changes.map((c) => c.field);
  const title =
    opts.kind === 'new'
      ? `Add ${opts.slug}`
      : `Edit ${opts.slug}: ${names.length > 4 ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more` : names.join(', ')}`;
  const lines = opts.changes.map((c) =>
    opts.kind === 'new' ? `${c.field}: ${short(c.after)}` : `${c.field}: ${short(c.before)} → ${short(c.after)}`,
  );
  const message = `${title}\n\n${lines.join('\n')}\n\nProposed-by: ${opts.email}\n`;
  const body = [
    `Proposed by ${opts.email} from the catalog's admin MCP endpoint.`,
    '',
    `| field | before | after |`,
    `|---|---|---|`,
    ...opts.changes.map((c) => `| \`${c.field}\` | ${cell(c.before)} | ${cell(c.after)} |`),
    '',
    `**Validator:** ✓ \`${opts.path}\` passes the build's own parser (the checks on this pull request build and test the whole site).`,
    '',
    'Review the change, then merge to publish it at the next deploy, or close the pull request to drop it.',
  ].join('\n');
  return { title, message, body };
}

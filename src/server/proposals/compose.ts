// What a proposal says about itself: its branch name, the fields it changes (before → after), its
// commit message with the `Proposed-by` trailer, and its pull request's title and body (each changed
// field's values and the validator's verdict). Both backends and every write tool use these.
//
// Field values are an admin's free text, and GitHub interprets Markdown, mentions (`@team` notifies),
// references (`#12`, and `fixes #12` closes an issue when the text is merged) and HTML. So a value
// appears only where GitHub shows it as literal text: in the pull request body, each value is a
// fenced code block whose fence is longer than any run of backticks inside it; the commit message
// and the title name the slug and the changed fields (our own words), never a value.
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

/** A run of backticks longer than any run inside `text`, and at least `min` long. */
function fenceFor(text: string, min: number): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(min, longest + 1));
}

/** A text as a fenced code block: every line shown as it is, nothing in it interpreted. */
export function codeBlock(text: string): string {
  const fence = fenceFor(text, 3);
  return `${fence}\n${text}\n${fence}`;
}

/**
 * A one-line text of ours (an email, a slug, a path) as a code span. A text that starts or ends
 * with a backtick or a space gets a space inside each fence, which CommonMark strips again.
 */
export function codeSpan(text: string): string {
  const fence = fenceFor(text, 1);
  const pad = /^[` ]|[` ]$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** The text of a code span that codeSpan wrote (the whole of `span`), or null. */
function spanText(span: string): string | null {
  const m = /^(`+)([^]+?)\1$/.exec(span);
  if (!m || m[2]!.includes(m[1]!) || /^`|`$/.test(m[2]!)) return null;
  const inner = m[2]!;
  return inner.length > 2 && inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() ? inner.slice(1, -1) : inner;
}

const PROPOSER_START = 'Proposed by ';
const PROPOSER_END = " from the catalog's admin MCP endpoint.";
/** How a watcher's proposal (src/server/watch/) names its proposer, the site itself. */
export const WATCHER_PROPOSER_END = ", the catalog's own watcher.";

/** The first line of a pull request body, naming who proposed it. */
export const proposerLine = (email: string, by: 'admin' | 'watcher' = 'admin') =>
  `${PROPOSER_START}${codeSpan(email)}${by === 'admin' ? PROPOSER_END : WATCHER_PROPOSER_END}`;

/**
 * The admin a pull request's body names: its first line, exactly as composeProposal writes it, or
 * null. Field values come later in the body, so no value can stand in for it.
 */
export function proposerOf(body: string | null): string | null {
  const first = (body ?? '').split('\n', 1)[0]!.replace(/\r$/, '');
  const end = [PROPOSER_END, WATCHER_PROPOSER_END].find((e) => first.endsWith(e));
  if (!first.startsWith(PROPOSER_START) || !end) return null;
  const named = first.slice(PROPOSER_START.length, -end.length);
  // Pull requests opened before the address was code name it bare.
  return spanText(named) ?? (/^[^\s`]+@[^\s`]+$/.test(named) ? named : null);
}

export interface Composed {
  title: string;
  message: string;
  body: string;
}

/** A field's value for the body: a code block, or "none" (our word, outside any block). */
const shown = (label: string, value: string | null) =>
  value === null ? [`${label}: none.`] : [`${label}:`, '', codeBlock(value)];

/**
 * The commit message (subject, the file and the fields it changes, `Proposed-by` trailer) and the
 * pull request's title and body (the proposer, each change's values, the validator's verdict).
 */
export function composeProposal(opts: {
  kind: 'new' | 'edit';
  slug: string;
  path: string;
  changes: readonly FieldChange[];
  email: string;
}): Composed {
  const names = opts.changes.map((c) => c.field);
  const listed = names.length > 4 ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more` : names.join(', ');
  const subject = (slug: string) => (opts.kind === 'new' ? `Add ${slug}` : `Edit ${slug}: ${listed}`);
  const message =
    `${subject(opts.slug)}\n\n` +
    (opts.kind === 'new'
      ? `Adds ${opts.path} with ${names.join(', ')}.`
      : `Changes ${names.join(', ')} in ${opts.path}.`) +
    `\n\nProposed-by: ${opts.email}\n`;
  const body = [
    proposerLine(opts.email),
    '',
    ...opts.changes.flatMap((c) => [
      `### ${codeSpan(c.field)}`,
      '',
      ...(opts.kind === 'new'
        ? shown('Value', c.after)
        : [...shown('Before', c.before), '', ...shown('After', c.after)]),
      '',
    ]),
    `**Validator:** ✓ ${codeSpan(opts.path)} passes the build's own parser (the checks on this pull request build and test the whole site).`,
    '',
    'Review the change, then merge to publish it at the next deploy, or close the pull request to drop it.',
  ].join('\n');
  // The slug as code in the title, where GitHub would otherwise link a slug such as `gh-12` to an issue.
  return { title: subject(codeSpan(opts.slug)), message, body };
}

// The watchers' proposals: made by the site itself (a `Proposed-by: watcher@<site host>` trailer),
// each one commit that unpublishes one product (`published: false`, written by the same
// line-preserving editor propose_edit uses), with a pull request on GitHub that carries labels (a
// recall's urgent one stays) and asks the curators to review: on the curators' board in the browser
// editor, in review, on the branch `cms/products/<slug>` (or `catalog/<slug>-<id>` when a curator
// already has that branch, and on the local stack; src/server/proposals/github.ts decides). Never
// merged by anything here.
// A watcher remembers what it proposed (in its own state record): never a second open proposal for
// the same product and cause, and a closed one is not made again on the same evidence.
import { editProductFile } from '../../catalog/edit-product.ts';
import { formatProblems } from '../../catalog/problems.ts';
import { ProposalError, type Proposal } from '../proposals/backend.ts';
import { codeSpan, fieldChanges, proposalBranch, proposerLine, type FieldChange } from '../proposals/compose.ts';
import type { ListedBackend } from '../proposals/listing.ts';
import { inlineCode } from '../proposals/markdown-safe.ts';
import type { WatcherProposal } from './link-state.ts';

/** Who the watchers' proposals are by: the site itself. */
export const watcherEmail = (siteUrl: string) => `watcher@${new URL(siteUrl).hostname}`;

export interface UnpublishPlan {
  slug: string;
  /** The product file, `content/products/<slug>.md`. */
  path: string;
  /** The pull request's title (our words; values as code). */
  title: string;
  /** The commit's subject line (our words only). */
  subject: string;
  /** Why, for the commit message (our words only). */
  why: string;
  /** The body's part between the proposer line and the change: evidence, every value as code. */
  evidence: string[];
  labels: string[];
  reviewers: { users: string[]; teams: string[] };
  proposer: string;
}

export type Attempt =
  | { made: Proposal; changes: FieldChange[] }
  | { skipped: string }
  | { failed: string; retryAfterSeconds?: number | undefined };

/** Opens the proposal to unpublish `plan.slug`, or says why not (already unpublished, file gone) or what failed. */
export async function proposeUnpublish(backend: ListedBackend, plan: UnpublishPlan): Promise<Attempt> {
  try {
    const base = await backend.readBase(plan.path);
    if (!base) return { skipped: `${plan.path} is not on the base branch any more` };
    const { parseProductFile } = await import('../../catalog/load.ts');
    const current = parseProductFile(plan.path, base.text).entry;
    if (!current) return { failed: `${plan.path} on the base branch does not parse; a curator must fix it first` };
    if (current.data.published === false) return { skipped: `${plan.path} is already unpublished on the base branch` };
    const text = editProductFile(base.text, { published: false });
    const edited = parseProductFile(plan.path, text);
    if (!edited.entry)
      return { failed: `unpublishing would make ${plan.path} invalid:\n${formatProblems(edited.problems)}` };
    const changes = fieldChanges(current, edited.entry);
    const trailers = [
      `Proposed-by: ${plan.proposer}`,
      ...(plan.labels.length ? [`Labels: ${plan.labels.join(', ')}`] : []),
      ...(plan.reviewers.users.length || plan.reviewers.teams.length
        ? [`Reviewers: ${[...plan.reviewers.users, ...plan.reviewers.teams].join(', ')}`]
        : []),
    ];
    const message = `${plan.subject}\n\n${plan.why} Sets published: false in ${plan.path}.\n\n${trailers.join('\n')}\n`;
    const body = [
      proposerLine(plan.proposer, 'watcher'),
      '',
      ...plan.evidence,
      '',
      ...changes.flatMap((c) => [
        `### ${codeSpan(c.field)}`,
        '',
        `Before: ${inlineCode(c.before ?? 'none', 200)} → after: ${inlineCode(c.after ?? 'none', 200)}`,
        '',
      ]),
      `**Validator:** ✓ ${codeSpan(plan.path)} passes the build's own parser (the checks on this pull request build and test the whole site).`,
      '',
      'Nothing is merged automatically: merge to take the product off the site at the next deploy, or close the pull request to keep it.',
    ].join('\n');
    const made = await backend.create({
      branch: proposalBranch(plan.slug),
      path: plan.path,
      text,
      expectBase: base.sha,
      message,
      title: plan.title,
      body,
      labels: plan.labels,
      reviewers: plan.reviewers,
    });
    return { made, changes };
  } catch (err) {
    if (err instanceof ProposalError)
      return { failed: `${err.code}: ${err.message}`, retryAfterSeconds: err.retryAfterSeconds };
    return { failed: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * An open proposal as the watchers recognise theirs: its branch and pull request. A board branch
 * (`cms/products/<slug>`) is named by the product alone, so a curator's later draft of that product
 * has the same branch but another pull request, and is not taken for the watcher's proposal.
 */
const openKey = (branch: string, url: string | null) => `${branch} ${url ?? ''}`;

/**
 * Whether to propose for a cause now: not while a proposal for it is open (the listing still holds
 * its branch and pull request), and not again on evidence a closed or withdrawn one was made on.
 */
export function shouldPropose(
  known: WatcherProposal | undefined,
  evidence: string,
  openBranches: ReadonlySet<string>,
): boolean {
  if (!known) return true;
  if (known.state === 'open' && openBranches.has(openKey(known.branch, known.url))) return false;
  return known.evidence !== evidence;
}

/** A remembered open proposal whose branch is no longer open was closed (or merged) by a curator. */
export function settle(known: WatcherProposal, openBranches: ReadonlySet<string>): WatcherProposal {
  return known.state === 'open' && !openBranches.has(openKey(known.branch, known.url))
    ? { ...known, state: 'closed' }
    : known;
}

/** The memory of a proposal just made. */
export const remembered = (made: Proposal, evidence: string, at: number): WatcherProposal => ({
  branch: made.branch,
  url: made.url,
  evidence,
  state: 'open',
  at,
});

/**
 * The open proposals (each its branch and pull request, as `shouldPropose` and `settle` read them), or
 * null when the listing failed (then nothing is proposed this run).
 */
export async function openBranches(backend: ListedBackend): Promise<Set<string> | null> {
  try {
    return new Set((await backend.list()).proposals.map((p) => openKey(p.branch, p.url)));
  } catch {
    return null;
  }
}

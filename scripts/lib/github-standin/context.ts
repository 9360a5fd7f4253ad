// What every route of the GitHub stand-in shares: the repository (git), the state file, the
// checks, and the steps GitHub takes behind the scenes: a pull request follows its head branch
// (new head commit, a check queued for it; closed when the branch is deleted), and refs a
// branch rule or a working tree protects are never written.
import type { Checks } from './checks.ts';
import type { Git } from './git.ts';
import { GithubError, notFound } from './http.ts';
import { pull, type Site } from './shapes.ts';
import type { LabelRecord, PullRecord, StandinState, StateStore } from './state.ts';

export interface Ctx {
  site: Site;
  git: Git;
  state: StateStore;
  checks: Checks;
  /** Told the site branch's new commit after each merge. */
  onSiteMoved?: ((sha: string) => void) | undefined;
}

export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A branch or commit named in a request, as a commit, or GitHub's 404. */
export async function commitOf(ctx: Ctx, rev: string): Promise<string> {
  const sha = await ctx.git.resolve(stripOwner(ctx, rev), 'commit');
  if (!sha) throw notFound();
  return sha;
}

/** `owner:branch` (GitHub's head syntax) as `branch` when the owner is this repository's. */
export function stripOwner(ctx: Ctx, rev: string): string {
  const colon = rev.indexOf(':');
  if (colon > 0 && rev.slice(0, colon).toLowerCase() === ctx.site.owner.toLowerCase()) return rev.slice(colon + 1);
  return rev;
}

/**
 * Refuses a write to a ref GitHub's rules would refuse (the site branch takes pull requests only,
 * as the rule set in DEPLOY.md, step 6, says) or that a working tree of the repository has checked out
 * (the stand-in never moves a checkout's branch).
 */
export async function assertWritableRef(ctx: Ctx, ref: string): Promise<void> {
  if (ref === `refs/heads/${ctx.site.siteBranch}`)
    throw new GithubError(422, 'Repository rule violations found\n\nChanges must be made through a pull request.\n\n');
  if ((await ctx.git.checkedOut()).has(ref))
    throw new GithubError(
      422,
      `Reference cannot be updated: ${ref} is checked out in a working tree of the stand-in's repository, which the stand-in never moves.`,
    );
}

/** Within `exclusive`: every open pull request brought up to its head branch; true when one changed. */
export async function syncPulls(ctx: Ctx, s: StandinState): Promise<boolean> {
  let changed = false;
  const open = s.pulls.filter((pr) => pr.state === 'open');
  // Every head and base, asked together.
  const shas = await ctx.git.refShas(open.flatMap((pr) => [`refs/heads/${pr.head}`, `refs/heads/${pr.base}`]));
  for (const pr of open) {
    const head = shas.get(`refs/heads/${pr.head}`) ?? null;
    const baseSha = shas.get(`refs/heads/${pr.base}`) ?? pr.baseSha;
    if (head === null) {
      // GitHub closes a pull request whose head branch is deleted.
      Object.assign(pr, { state: 'closed', closedAt: now(), updatedAt: now(), baseSha });
      changed = true;
      continue;
    }
    if (head !== pr.headSha || baseSha !== pr.baseSha) {
      Object.assign(pr, { headSha: head, baseSha, ...(head !== pr.headSha ? { updatedAt: now() } : {}) });
      changed = true;
    }
    if (!s.checks[head] || s.checks[head].conclusion === 'cancelled') {
      ctx.checks.queue(s, head);
      changed = true;
    }
  }
  return changed;
}

/** The pull requests brought up to date (queued behind any change in progress). */
export async function freshPulls(ctx: Ctx): Promise<PullRecord[]> {
  await ctx.state.exclusive(async () => {
    const draft = structuredClone(ctx.state.read());
    if (await syncPulls(ctx, draft)) await ctx.state.save((s) => Object.assign(s, draft));
  });
  ctx.checks.kick();
  return ctx.state.read().pulls;
}

export function pullByNumber(ctx: Ctx, n: string): PullRecord {
  const pr = ctx.state.read().pulls.find((p) => String(p.number) === n);
  if (!pr) throw notFound();
  return pr;
}

export const labelsOf = (s: StandinState, names: string[]): LabelRecord[] =>
  names.map((n) => s.labels.find((l) => l.name === n)).filter((l): l is LabelRecord => l !== undefined);

/** When the site branch last moved (the repository's pushed_at). */
export async function pushedAt(ctx: Ctx): Promise<string> {
  const head = await ctx.git.refSha(`refs/heads/${ctx.site.siteBranch}`);
  return head ? (await ctx.git.commit(head)).committer.date : ctx.site.createdAt;
}

/** A pull request as GitHub's pull-request-simple (lists) or pull-request (`full`). */
export async function pullAnswer(ctx: Ctx, pr: PullRecord, full: boolean) {
  const s = ctx.state.read();
  const at = await pushedAt(ctx);
  if (!full) return pull(ctx.site, { pr, labels: labelsOf(s, pr.labels), pushedAt: at });
  const mb = (await ctx.git.mergeBase(pr.baseSha, pr.headSha)) ?? pr.baseSha;
  const commits = pr.mergedAt ? [] : await ctx.git.revList(pr.baseSha, pr.headSha, 10_000);
  const changes = await ctx.git.changes(mb, pr.headSha);
  const mergeable = pr.state === 'open' ? (await ctx.git.mergeTree(pr.baseSha, pr.headSha)) !== null : null;
  return pull(ctx.site, {
    pr,
    labels: labelsOf(s, pr.labels),
    pushedAt: at,
    mergeable,
    counts: {
      commits: pr.mergedAt ? (await ctx.git.revList(mb, pr.headSha, 10_000)).length : commits.length,
      additions: changes.reduce((n, c) => n + c.additions, 0),
      deletions: changes.reduce((n, c) => n + c.deletions, 0),
      changed_files: changes.length,
    },
  });
}

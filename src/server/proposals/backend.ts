// What a proposal backend does: an admin's change to the catalog (or a watcher's) becomes one branch
// holding one commit that writes one product file, and (on GitHub) a pull request from it. On GitHub
// the branch is the editor's own for that product, `cms/products/<slug>`, labelled "in review", so
// the proposal is on the curators' board; when a curator already has that branch (a draft of the
// same product) it is `catalog/<slug>-<id>`, as on the local backend. Nothing here can merge, write
// to the base branch, touch any file outside content/products/, or move a branch it did not create.
// Two backends: GitHub's REST API (./github.ts) for deployed sites, the checkout's own git
// repository (./git.ts) for the zero-configuration local stack.
import { createHash } from 'node:crypto';
import { CURATOR_HANDLE } from '../../config/env.ts';
import { EDITOR_COLLECTION, WATCH_COLLECTION, WATCH_FILE_NAME } from '../../outputs/editor-names.ts';
import { SAVED_BY, trailerValues } from '../gateway/trailers.ts';

/** Where proposals may write: one product file, by its slug. */
export const WRITABLE_FILE = /^content\/products\/[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
/** Every proposal branch lives under this prefix; no other branch is ever created or deleted. */
export const BRANCH_PREFIX = 'catalog/';
/** A proposal branch name: `catalog/<slug>-<short id>`. */
export const PROPOSAL_BRANCH = /^catalog\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
/**
 * The browser editor's branches (Decap CMS names each entry's `cms/<collection>/<slug>`): listed
 * beside the proposals and withdrawn like them, never created here. No other branch is touched.
 */
export const EDITOR_BRANCH_PREFIX = `cms/${EDITOR_COLLECTION}/`;
export const EDITOR_BRANCH = new RegExp(`^cms\\/${EDITOR_COLLECTION}\\/[a-z0-9]+(?:-[a-z0-9]+)*$`);
/** The branches `withdraw_proposal` may close: a proposal's, or an editor save's. */
export const WITHDRAWABLE_BRANCH = new RegExp(`${PROPOSAL_BRANCH.source}|${EDITOR_BRANCH.source}`);
/** Decap's workflow labels (its prefix `decap-cms/`): draft, in review, ready. */
export const DECAP_LABELS = ['decap-cms/draft', 'decap-cms/pending_review', 'decap-cms/pending_publish'] as const;
/**
 * The labels of a watcher's recall proposal: while it carries them, only an admin may close it,
 * delete its branch or take them off; a curator dismisses a recall in the recall watch list, which
 * a second curator publishes.
 */
export const RECALL_LABELS = ['recall', 'urgent'] as const;
/** The label that puts a pull request on the editor's board, in the column "in review". */
export const IN_REVIEW_LABEL = DECAP_LABELS[1];
/** The editor's branch for the product file at `path` (content/products/<slug>.md): `cms/products/<slug>`. */
export const boardBranch = (path: string) => `${EDITOR_BRANCH_PREFIX}${path.replace(/^.*\//, '').replace(/\.md$/, '')}`;

/** A file as it is on the base branch. */
export interface BaseFile {
  text: string;
  /** Its git blob id (the SHA-1 git gives `blob <size>\0<bytes>`). */
  sha: string;
}

export interface NewProposal {
  /**
   * `catalog/<slug>-<short id>`: the branch on the local backend, and on GitHub when the editor's
   * branch for the product (boardBranch) already exists.
   */
  branch: string;
  /** The one file the commit writes (under content/products/). */
  path: string;
  text: string;
  /**
   * The blob id the file must have on the base branch for the proposal to apply (an edit of what
   * the admin read), or null for a new file, which must not exist there yet.
   */
  expectBase: string | null;
  /** The commit message, ending with a `Proposed-by: <email>` trailer. */
  message: string;
  /** The pull request's title and body (Markdown); the local backend keeps them in the commit. */
  title: string;
  body: string;
  /** Labels for the pull request (GitHub; the local backend has none: name them in the message). */
  labels?: readonly string[];
  /** GitHub logins and team slugs asked to review it (GitHub only). */
  reviewers?: { users: readonly string[]; teams: readonly string[] };
}

/**
 * The checks on a proposal's commit: all passed, any failed, some still running, none ran, or not
 * known (the GitHub token cannot read workflow runs, or the commit's are too old to be read).
 */
export const CHECK_STATES = ['success', 'failure', 'pending', 'none', 'unknown'] as const;
export type CheckState = (typeof CHECK_STATES)[number];

export interface Proposal {
  branch: string;
  title: string;
  /** The pull request's address, or null on the local backend. */
  url: string | null;
  /** The pull request's number, or null on the local backend. */
  number: number | null;
  /**
   * Where it was made: an admin's MCP tools (or the watchers), or the curators' browser editor (a
   * proposal on the board that a curator then saved counts as the editor's).
   */
  via: 'mcp' | 'editor';
  /**
   * Who proposed it, when it is known: for a proposal, the admin named in the pull request body's
   * first line on GitHub or in the commit's `Proposed-by` trailer locally; for an editor save, the
   * handle of the curator who saved it last (the `Saved-by` trailer the git gateway writes on its
   * head commit). Null when the head commit names no one.
   */
  proposedBy: string | null;
  checks: CheckState;
  /** When the proposal was made (RFC 3339). */
  createdAt: string;
  /** What failed after the proposal was made (a label or reviewer GitHub refused), if anything. */
  notes?: string[];
}

export interface ProposalBackend {
  readonly kind: 'github' | 'git';
  /** Where proposals go, for messages: `owner/repo` (base branch main) or the checkout's folder. */
  readonly describe: string;
  /** A file of the base branch, or null when it does not exist there. */
  readBase(path: string): Promise<BaseFile | null>;
  /**
   * Creates the branch with its one commit (and, on GitHub, the pull request): all or nothing. A
   * branch whose pull request cannot be made is deleted again, or the error says it is left.
   */
  create(proposal: NewProposal): Promise<Proposal>;
  /** The open proposals of this catalog (branches under catalog/ and cms/products/), newest first. */
  list(): Promise<Proposal[]>;
  /** Closes the proposal on `branch` (its pull request, if any) and deletes the branch. */
  withdraw(branch: string): Promise<void>;
}

export type ProposalErrorCode =
  /** The base branch's file is not what the admin read (or a new file already exists). */
  | 'conflict'
  | 'branch_exists'
  /** No such proposal, repository or file. */
  | 'not_found'
  /** The token is missing, wrong or expired. */
  | 'unauthorized'
  /** The token lacks a permission it needs. */
  | 'forbidden'
  /** GitHub's primary or secondary rate limit; `retryAfterSeconds` says when to try again. */
  | 'rate_limited'
  /** GitHub or git could not be reached or failed. */
  | 'unavailable'
  /** A path, branch or input the backends refuse. */
  | 'refused';

/** A backend failure, with a message an admin (or their assistant) can act on. */
export class ProposalError extends Error {
  readonly code: ProposalErrorCode;
  readonly retryAfterSeconds: number | undefined;
  constructor(code: ProposalErrorCode, message: string, retryAfterSeconds?: number) {
    super(message);
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Refuses any path a proposal may not write (the backends call it before anything else). */
export function assertWritable(path: string): void {
  if (!WRITABLE_FILE.test(path))
    throw new ProposalError(
      'refused',
      `Proposals may only write product files (content/products/<slug>.md), not ${path}.`,
    );
}

/** Refuses any branch that is not a proposal branch. */
export function assertProposalBranch(branch: string): void {
  if (!PROPOSAL_BRANCH.test(branch) || branch.length > 250)
    throw new ProposalError('refused', `${branch} is not a proposal branch (catalog/<slug>-<id>).`);
}

/** Refuses any branch `withdraw` may not close: only a proposal's or an editor save's. */
export function assertWithdrawable(branch: string): void {
  if (!WITHDRAWABLE_BRANCH.test(branch) || branch.length > 250)
    throw new ProposalError(
      'refused',
      `${branch} is neither a proposal branch (catalog/<slug>-<id>) nor the browser editor's (${EDITOR_BRANCH_PREFIX}<slug>).`,
    );
}

/** Whether a branch holds a save of the browser editor for a product (`cms/products/<slug>`). */
export const isEditorBranch = (branch: string) => EDITOR_BRANCH.test(branch);

/**
 * The browser editor's one branch for the recall watch list (content/recall-watch.yml): the
 * gateway lets it through beside the products' (src/server/gateway/policy.ts). It names no product,
 * so the proposals (list_proposals, withdraw_proposal) leave it to the editor.
 */
export const WATCH_LIST_BRANCH = `cms/${WATCH_COLLECTION}/${WATCH_FILE_NAME}`;

/** Whether a branch is one the browser editor saves on: a product's, or the watch list's exactly. */
export const isEditorSaveBranch = (branch: string) => isEditorBranch(branch) || branch === WATCH_LIST_BRANCH;

/** The editor's collection and item a save branch holds (`cms/<collection>/<name>`), or null for any other branch. */
export function editorItemOf(branch: string): { collection: string; name: string } | null {
  if (!isEditorSaveBranch(branch)) return null;
  const [, collection, name] = branch.split('/') as [string, string, string];
  return { collection, name };
}

/**
 * The `Proposed-by` trailer of a commit message, or null. Trailers are the lines of the message's
 * last paragraph (as git reads them), so a `Proposed-by:` line anywhere above it names no one.
 */
export function proposedBy(message: string): string | null {
  const paragraphs = message
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[ \t]*\n/);
  const m = /^Proposed-by: *(.+?) *$/im.exec(paragraphs.length > 1 ? paragraphs.at(-1)! : '');
  return m ? m[1]! : null;
}

/**
 * The curator who saved a commit through the git gateway: the last `Saved-by` trailer (the gateway
 * appends its own after any the message held), when it is a handle; else null.
 */
export function savedBy(message: string): string | null {
  const handle = trailerValues(message.replace(/\r\n?/g, '\n'), SAVED_BY).at(-1);
  return handle !== undefined && CURATOR_HANDLE.test(handle) ? handle : null;
}

/** The git blob id of a text: what `git hash-object` prints and GitHub calls a file's `sha`. */
export function blobSha(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

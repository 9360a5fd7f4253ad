// What the editor's git gateway lets through, as pure functions: the editorial workflow of Decap's
// git-gateway backend and nothing more. `decide` judges one request by its method,
// repository-relative path, query and JSON body; a call on a pull request is judged again once the
// gateway has read the pull request (`decideOnPull`), and a publish once it has read the changes
// of the exact commit, their modes and its check (`decidePublish`). A save changes only its own
// entry (./scope.ts), and a watcher's recall proposal goes away only through four eyes. A refusal
// is a sentence the editor shows the curator.
// What counts as content is src/catalog/content-paths.ts's; the handler (./handler.ts) does the work.
import {
  CONTENT_FOLDERS,
  CONTENT_IN_WORDS,
  isContentPath,
  modeInWords,
  REGULAR_FILE_MODE,
} from '../../catalog/content-paths.ts';
import {
  DECAP_LABELS,
  EDITOR_BRANCH_PREFIX,
  isEditorSaveBranch,
  RECALL_LABELS,
  WATCH_LIST_BRANCH,
} from '../proposals/backend.ts';
import { outsideEntry, outsideEntryInWords } from './scope.ts';

/** What the gateway needs to know of the signed-in curator (the editor token's Curator has it). */
export interface GatewayCurator {
  handle: string;
  role: 'curator' | 'admin';
  /** The stable, non-personal identity four eyes compares (never the handle). */
  id: string;
  /** Her identity under AUTH_SECRET_PREVIOUS, during a rotation: saves made before it carry that one. */
  previousId?: string;
}

/** Every id a curator's saves may carry: hers, and the previous one during a rotation of AUTH_SECRET. */
export const curatorIds = (c: GatewayCurator): string[] => [c.id, ...(c.previousId ? [c.previousId] : [])];

/** The repository the gateway writes to and the branch the site is built from. */
export interface Site {
  owner: string;
  repo: string;
  branch: string;
}

export interface GatewayRequest {
  method: string;
  /** The path after `/api/git/github/`, as received (segments still percent-encoded). */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined when there is none. */
  body: unknown;
}

/** The entries a tree the editor writes may hold: a save writes a product file and its picture. */
export const MAX_TREE_ENTRIES = 200;
/** Files a publish may change: GitHub lists a pull request's files 100 a page; the gateway reads one page. */
export const MAX_PUBLISH_FILES = 100;
/** Commits a publish may hold: GitHub lists at most 250 of a pull request's commits. */
export const MAX_PUBLISH_COMMITS = 250;

export type Action =
  | { kind: 'read' }
  /** A folder's tree: its entries are cut to the content (regular files at content paths). */
  | { kind: 'folder'; folder: string }
  /** A comparison: its files are cut to the content (a commit id could name any commit). */
  | { kind: 'compare' }
  | { kind: 'list-pulls' }
  | { kind: 'blob' }
  | { kind: 'tree' }
  | { kind: 'commit' }
  /** A branch of the editor's created or moved to `sha`, or deleted (`sha` null). */
  | { kind: 'ref'; branch: string; sha: string | null }
  | { kind: 'pull-create' }
  /**
   * A call on pull request `number`, allowed once it is the editor's: a read, its labels set (`labels`:
   * the non-Decap labels of the new set), or its state changed.
   */
  | { kind: 'pull'; number: number; labels: string[]; change: 'read' | 'labels' | 'close' | 'open' }
  | { kind: 'merge'; number: number; sha: string; method: 'merge' | 'squash' };

export type Decision =
  | { ok: true; action: Action; /** The path to forward, in one canonical spelling. */ upstream: string }
  | { ok: false; message: string };

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const NUMBER = /^[1-9][0-9]{0,9}$/;

const refuse = (message: string): Decision => ({ ok: false, message });
const allow = (kind: Exclude<Action['kind'], 'pull' | 'merge' | 'ref'>, upstream: string): Decision => ({
  ok: true,
  action: { kind } as Action,
  upstream,
});

/** A path or name as a message quotes it: visible characters only, cut short. */
const quoted = (s: string) => {
  // eslint-disable-next-line no-control-regex
  const clean = s.replace(/[\u0000-\u001f\u007f{}"]/g, '?');
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
};

const notDone = (method: string, path: string) =>
  refuse(`This is not something the editor may do (${method} ${quoted(path) || 'the repository'}).`);
const outsideContent = (what: string) =>
  refuse(
    `The editor reads and writes only the catalog’s content (${CONTENT_IN_WORDS}); ${quoted(what) || 'the repository’s top folder'} is outside it.`,
  );
const wrongBranch = (site: Site, name: string) =>
  refuse(
    `The editor works only on the site’s branch (${site.branch}) and its own branches (${EDITOR_BRANCH_PREFIX}… and ${WATCH_LIST_BRANCH}); ${quoted(name)} is neither.`,
  );
const wrongRef = (ref: string) =>
  refuse(
    `The editor may create, move or delete only its own branches (${EDITOR_BRANCH_PREFIX}<name> and ${WATCH_LIST_BRANCH}); ${quoted(ref)} is not one.`,
  );
const wrongBase = (site: Site) => refuse(`The editor’s pull requests go into the site’s branch (${site.branch}) only.`);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const onlyKeys = (o: Record<string, unknown>, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));

/** The decoded path segments, or null when a segment cannot be decoded. */
function segmentsOf(path: string): string[] | null {
  try {
    return path === '' ? [] : path.split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** A branch the editor may read: the site's or its own. */
const readableBranch = (site: Site, name: string) => name === site.branch || isEditorSaveBranch(name);
/** A revision the editor may read a folder at: such a branch or a commit id. */
const readableRevision = (site: Site, rev: string) => readableBranch(site, rev) || SHA.test(rev);
/** An editor branch as a pull request or a comparison names its head: `branch` or `owner:branch`. */
function headBranch(site: Site, head: string): string | null {
  const name = head.startsWith(`${site.owner}:`) ? head.slice(site.owner.length + 1) : head.includes(':') ? null : head;
  return name !== null && isEditorSaveBranch(name) ? name : null;
}

/** Query parameters allowed besides `keys`: pagination, whose values are numbers. */
const PAGING = ['per_page', 'page'];
const PAGE_NUMBER = /^[1-9][0-9]{0,3}$/;
const queryKeysOnly = (q: URLSearchParams, keys: readonly string[]) =>
  [...q.entries()].every(([k, v]) => keys.includes(k) || (PAGING.includes(k) && PAGE_NUMBER.test(v)));

const encodePath = (segments: readonly string[]) => segments.map(encodeURIComponent).join('/');

/** The folders whose trees the editor reads: the content folders and `content` (where the recall file is). */
const READABLE_FOLDERS = new Set<string>([...CONTENT_FOLDERS, 'content']);

function decideRead(site: Site, segs: string[], q: URLSearchParams, path: string): Decision {
  const [first, second] = segs;
  // A parameter named twice could be read one way here and the other way by GitHub.
  const keys = [...q.keys()];
  if (new Set(keys).size !== keys.length) return notDone('GET', `${path}?${q.toString()}`);
  if (first === 'branches' && segs.length >= 2) {
    const name = segs.slice(1).join('/');
    if (!queryKeysOnly(q, [])) return notDone('GET', path);
    return readableBranch(site, name) ? allow('read', `branches/${encodeURIComponent(name)}`) : wrongBranch(site, name);
  }
  if (first === 'git' && second === 'trees' && segs.length >= 3) {
    const spec = segs.slice(2).join('/');
    const colon = spec.indexOf(':');
    if (colon < 0) return outsideContent(`the tree ${spec}`);
    const rev = spec.slice(0, colon);
    const folder = spec.slice(colon + 1);
    if (!READABLE_FOLDERS.has(folder)) return outsideContent(folder);
    if (!readableRevision(site, rev)) return wrongBranch(site, rev);
    if (!queryKeysOnly(q, ['recursive'])) return notDone('GET', path);
    return {
      ok: true,
      action: { kind: 'folder', folder },
      upstream: `git/trees/${encodeURIComponent(rev)}:${encodeURIComponent(folder)}`,
    };
  }
  if (first === 'git' && second === 'blobs' && segs.length === 3 && SHA.test(segs[2]!)) {
    // A blob is read by its id, which the editor learns only from content trees and comparisons of its branches.
    return queryKeysOnly(q, []) ? allow('read', `git/blobs/${segs[2]}`) : notDone('GET', path);
  }
  if (first === 'contents' && segs.length >= 2) {
    const file = segs.slice(1).join('/');
    if (!isContentPath(file)) return outsideContent(file);
    const ref = q.get('ref');
    if (ref !== null && !readableRevision(site, ref)) return wrongBranch(site, ref);
    return queryKeysOnly(q, ['ref']) ? allow('read', `contents/${encodePath(segs.slice(1))}`) : notDone('GET', path);
  }
  if (first === 'commits' && segs.length === 1) {
    const file = q.get('path') ?? '';
    if (!isContentPath(file)) return outsideContent(file ? file : 'the history of the whole repository');
    const rev = q.get('sha');
    if (rev !== null && !readableRevision(site, rev)) return wrongBranch(site, rev);
    return queryKeysOnly(q, ['path', 'sha']) ? allow('read', 'commits') : notDone('GET', path);
  }
  if (first === 'commits' && segs.length === 3 && SHA.test(second ?? '') && segs[2] === 'status')
    return queryKeysOnly(q, []) ? allow('read', `commits/${second}/status`) : notDone('GET', path);
  if (first === 'compare' && segs.length >= 2) {
    const spec = segs.slice(1).join('/');
    const [base, head, ...more] = spec.split('...');
    if (base === undefined || head === undefined || more.length) return notDone('GET', path);
    if (!(base === site.branch || SHA.test(base) || isEditorSaveBranch(base))) return wrongBranch(site, base);
    if (!(SHA.test(head) || headBranch(site, head))) return wrongBranch(site, head);
    return queryKeysOnly(q, [])
      ? allow('compare', `compare/${encodeURIComponent(base)}...${encodeURIComponent(head)}`)
      : notDone('GET', path);
  }
  if (first === 'pulls' && segs.length === 1) {
    if (q.get('base') !== site.branch) return wrongBase(site);
    const head = q.get('head');
    if (head !== null && !headBranch(site, head)) return wrongBranch(site, head);
    const state = q.get('state');
    if (state !== null && !['open', 'closed', 'all'].includes(state)) return notDone('GET', path);
    return queryKeysOnly(q, ['base', 'head', 'state', 'sort', 'direction'])
      ? allow('list-pulls', 'pulls')
      : notDone('GET', path);
  }
  if (
    first === 'pulls' &&
    segs.length === 3 &&
    NUMBER.test(second ?? '') &&
    segs[2] === 'commits' &&
    queryKeysOnly(q, [])
  )
    return {
      ok: true,
      action: { kind: 'pull', number: Number(second), labels: [], change: 'read' },
      upstream: `pulls/${second}/commits`,
    };
  return notDone('GET', path);
}

/** Why a tree entry may not be written, or null. */
function treeEntryProblem(e: unknown): string | null {
  if (!isObject(e) || typeof e.path !== 'string') return 'Each entry of a tree must name a path.';
  if (!isContentPath(e.path))
    return `The editor reads and writes only the catalog’s content (${CONTENT_IN_WORDS}); ${quoted(e.path) || 'an empty path'} is outside it.`;
  if (e.mode !== REGULAR_FILE_MODE)
    return `The file ${quoted(e.path)} would be ${typeof e.mode === 'string' ? modeInWords(e.mode) : 'of no kind'}: the editor saves only regular files.`;
  if (e.type !== 'blob') return `The entry ${quoted(e.path)} must be a file (a blob).`;
  if ('content' in e || !(e.sha === null || (typeof e.sha === 'string' && SHA.test(e.sha))))
    return `The file ${quoted(e.path)} must name a blob sent before (by its id) or be deleted; inline content is not accepted.`;
  if (!onlyKeys(e, ['path', 'mode', 'type', 'sha']))
    return `The entry ${quoted(e.path)} has fields a tree entry of the editor never has.`;
  return null;
}

function decideWrite(site: Site, method: string, segs: string[], body: unknown, path: string): Decision {
  const [first, second] = segs;
  const b = isObject(body) ? body : {};
  // Blobs: a file's bytes (pictures are rewritten by the handler).
  if (method === 'POST' && first === 'git' && second === 'blobs' && segs.length === 2) {
    if (typeof b.content !== 'string' || !['base64', 'utf-8'].includes(String(b.encoding ?? 'utf-8')))
      return refuse('A file must be sent as a blob with its content in base64 or utf-8.');
    return onlyKeys(b, ['content', 'encoding'])
      ? allow('blob', 'git/blobs')
      : refuse('A blob has only content and encoding.');
  }
  // Trees: on a base tree, only regular files at content paths.
  if (method === 'POST' && first === 'git' && second === 'trees' && segs.length === 2) {
    if (typeof b.base_tree !== 'string' || !SHA.test(b.base_tree))
      return refuse('A tree the editor writes must build on a base tree (the branch’s own).');
    if (!Array.isArray(b.tree) || b.tree.length === 0) return refuse('A tree must change at least one file.');
    if (b.tree.length > MAX_TREE_ENTRIES)
      return refuse(`A save may change at most ${MAX_TREE_ENTRIES} files; this one changes ${b.tree.length}.`);
    for (const e of b.tree) {
      const problem = treeEntryProblem(e);
      if (problem) return refuse(problem);
    }
    return onlyKeys(b, ['base_tree', 'tree'])
      ? allow('tree', 'git/trees')
      : refuse('A tree has only base_tree and tree.');
  }
  // Commits: one parent; author and committer are the gateway's to set.
  if (method === 'POST' && first === 'git' && second === 'commits' && segs.length === 2) {
    if (typeof b.message !== 'string' || b.message.trim() === '' || b.message.length > 10_000)
      return refuse('A save needs a message (at most 10,000 characters).');
    if (typeof b.tree !== 'string' || !SHA.test(b.tree)) return refuse('A save must name its tree.');
    if (!Array.isArray(b.parents) || b.parents.length !== 1 || !SHA.test(String(b.parents[0])))
      return refuse('A save has exactly one parent commit: the editor never merges or starts a history.');
    if ('signature' in b) return refuse('A save made by the editor carries no signature.');
    return onlyKeys(b, ['message', 'tree', 'parents', 'author', 'committer'])
      ? allow('commit', 'git/commits')
      : refuse('A save has fields the editor never sends.');
  }
  // Refs: the editor's own branches only.
  if (method === 'POST' && first === 'git' && second === 'refs' && segs.length === 2) {
    const ref = typeof b.ref === 'string' ? b.ref : '';
    if (!ref.startsWith('refs/heads/') || !isEditorSaveBranch(ref.slice('refs/heads/'.length))) return wrongRef(ref);
    if (typeof b.sha !== 'string' || !SHA.test(b.sha)) return refuse('A new branch must point at a commit.');
    if (!onlyKeys(b, ['ref', 'sha'])) return refuse('A new branch has only ref and sha.');
    return {
      ok: true,
      action: { kind: 'ref', branch: ref.slice('refs/heads/'.length), sha: b.sha },
      upstream: 'git/refs',
    };
  }
  if ((method === 'PATCH' || method === 'DELETE') && first === 'git' && second === 'refs' && segs.length >= 3) {
    const ref = segs.slice(2).join('/');
    if (!ref.startsWith('heads/') || !isEditorSaveBranch(ref.slice('heads/'.length))) return wrongRef(ref);
    if (method === 'PATCH') {
      if (typeof b.sha !== 'string' || !SHA.test(b.sha)) return refuse('A branch must be moved to a commit.');
      if (!onlyKeys(b, ['sha', 'force'])) return refuse('A branch is moved with sha and force only.');
    }
    return {
      ok: true,
      action: { kind: 'ref', branch: ref.slice('heads/'.length), sha: method === 'PATCH' ? (b.sha as string) : null },
      upstream: `git/refs/${ref}`,
    };
  }
  // Pull requests: from the editor's branches into the site's branch.
  if (method === 'POST' && first === 'pulls' && segs.length === 1) {
    const head = typeof b.head === 'string' ? b.head : '';
    if (!headBranch(site, head)) return wrongBranch(site, head);
    if (b.base !== site.branch) return wrongBase(site);
    if (typeof b.title !== 'string' || b.title.length > 256)
      return refuse('A pull request needs a title of at most 256 characters.');
    return onlyKeys(b, ['title', 'body', 'head', 'base', 'draft', 'maintainer_can_modify'])
      ? allow('pull-create', 'pulls')
      : refuse('A pull request has fields the editor never sends.');
  }
  if (method === 'PATCH' && first === 'pulls' && segs.length === 2 && NUMBER.test(second ?? '')) {
    if (!onlyKeys(b, ['state']) || !['open', 'closed'].includes(String(b.state)))
      return refuse('The editor may only open or close its pull requests.');
    return {
      ok: true,
      action: { kind: 'pull', number: Number(second), labels: [], change: b.state === 'closed' ? 'close' : 'open' },
      upstream: `pulls/${second}`,
    };
  }
  if (
    method === 'PUT' &&
    first === 'issues' &&
    segs.length === 3 &&
    NUMBER.test(second ?? '') &&
    segs[2] === 'labels'
  ) {
    const labels = b.labels;
    if (
      !onlyKeys(b, ['labels']) ||
      !Array.isArray(labels) ||
      labels.length > 20 ||
      !labels.every((l) => typeof l === 'string')
    )
      return refuse('Labels are set as a list of names.');
    const odd = labels.find((l) => l.startsWith('decap-cms/') && !(DECAP_LABELS as readonly string[]).includes(l));
    if (odd) return refuse(`The label ${quoted(odd)} is none of the editor’s statuses (draft, in review, ready).`);
    const others = labels.filter((l) => !(DECAP_LABELS as readonly string[]).includes(l));
    return {
      ok: true,
      action: { kind: 'pull', number: Number(second), labels: others, change: 'labels' },
      upstream: `issues/${second}/labels`,
    };
  }
  // Publishing: the handler checks the pull request, its files, commits and check first.
  if (method === 'PUT' && first === 'pulls' && segs.length === 3 && NUMBER.test(second ?? '') && segs[2] === 'merge') {
    if (typeof b.sha !== 'string' || !SHA.test(b.sha))
      return refuse('A publish must name the exact version it publishes (the sha of its head).');
    const mergeMethod = b.merge_method ?? 'merge';
    if (mergeMethod !== 'merge' && mergeMethod !== 'squash')
      return refuse('The editor publishes with a merge (or a squash merge), never a rebase.');
    if (!onlyKeys(b, ['sha', 'merge_method', 'commit_message', 'commit_title']))
      return refuse('A publish has fields the editor never sends.');
    return {
      ok: true,
      action: { kind: 'merge', number: Number(second), sha: b.sha, method: mergeMethod },
      upstream: `pulls/${second}/merge`,
    };
  }
  return notDone(method, path);
}

/** The first judgement: the request alone. */
export function decide(_curator: GatewayCurator, req: GatewayRequest, site: Site): Decision {
  const segs = segmentsOf(req.path);
  if (segs === null) return notDone(req.method, req.path);
  // A climb, a dot or an empty part (an encoded slash decodes to one) means nothing the editor
  // sends: refuse it before any rule reads the path.
  const parts = segs.join('/').split('/');
  if (parts.includes('..') || parts.includes('.'))
    return segs[0] === 'git' && segs[1] === 'refs' ? wrongRef(segs.slice(2).join('/')) : outsideContent(segs.join('/'));
  if (segs.length && parts.includes('')) return notDone(req.method, req.path);
  if (req.method === 'GET') return decideRead(site, segs, req.query, req.path);
  if (req.query.size > 0) return notDone(req.method, req.path);
  return decideWrite(site, req.method, segs, req.body, req.path);
}

/** What the gateway reads of a pull request before a call on it. */
export interface PullFacts {
  number: number;
  state: 'open' | 'closed';
  head: {
    ref: string;
    sha: string;
    /** `owner/name` of the head's repository (null when it is gone). */ repo: string | null;
  };
  base: { ref: string };
  labels: string[];
}

/** Why a pull request is not one the editor may touch (another branch, repository or base), or null. */
function notEditorsPull(pull: PullFacts, site: Site): string | null {
  if (!isEditorSaveBranch(pull.head.ref) || pull.head.repo !== `${site.owner}/${site.repo}`)
    return `Pull request #${pull.number} is not one of the editor’s (its branch is neither ${EDITOR_BRANCH_PREFIX}… nor ${WATCH_LIST_BRANCH} in this repository).`;
  if (pull.base.ref !== site.branch)
    return `Pull request #${pull.number} does not go into the site’s branch (${site.branch}).`;
  return null;
}

/** What a curator hears when she would close or unlabel a watcher's recall proposal alone. */
export const RECALL_STAYS =
  'A recall warning goes away only when two people agree: if it is not this product, add a dismissal for this recall in the recall watch list, and once another curator publishes it the warning closes by itself.';

/** Whether `curator` may make a watcher's recall proposal go away alone (admins may; curators need four eyes). */
export const mayDropRecall = (curator: GatewayCurator) => curator.role === 'admin';

/** The second judgement of a call on a pull request: null when it is the editor's, else why not. */
export function decideOnPull(action: Action, pull: PullFacts, site: Site, curator: GatewayCurator): string | null {
  const notOurs = notEditorsPull(pull, site);
  if (notOurs) return notOurs;
  if (action.kind === 'pull') {
    const added = action.labels.filter((l) => !pull.labels.includes(l));
    if (added.length)
      return `The editor sets only its own status labels; the label${added.length > 1 ? 's' : ''} ${added.map(quoted).join(', ')} ${added.length > 1 ? 'are' : 'is'} not on pull request #${pull.number}.`;
    const held = RECALL_LABELS.filter((l) => pull.labels.includes(l));
    if (held.length && !mayDropRecall(curator)) {
      if (action.change === 'close') return RECALL_STAYS;
      if (action.change === 'labels' && !held.every((l) => action.labels.includes(l))) return RECALL_STAYS;
    }
  }
  return null;
}

/** A changed file of a pull request, as GitHub lists it, with its git mode in the head (null: deleted, or unknown). */
export interface PublishFile {
  filename: string;
  status: string;
  previous_filename?: string;
  mode: string | null;
}

export interface PublishFacts {
  pull: PullFacts;
  /** The head the curator saw and publishes (the merge request's `sha`). */
  sha: string;
  /** The changes from the site's branch to `sha` (read by sha: they cannot move), with their modes at `sha`. */
  files: PublishFile[];
  /** Whether every file and commit of those changes was read. */
  complete: boolean;
  /** The curators the changes' commits prove saved them (./authorship.ts). */
  savers: ReadonlySet<string>;
  /** Whether the required check passed on `sha`. */
  checkPassed: boolean;
}

/** A publish of a version other than the one the curator opened (a save came in between). */
const CHANGED_SINCE_OPENED =
  'These changes were saved again since you opened them: reload the editor, check the new version, then publish.';

/** What refuses a publish from the pull request alone (read before anything else), or null. */
export function publishPullProblem(
  action: Extract<Action, { kind: 'merge' }>,
  pull: PullFacts,
  site: Site,
): string | null {
  const onPull = notEditorsPull(pull, site);
  if (onPull) return onPull;
  if (pull.state !== 'open')
    return 'These changes are no longer open to publish: someone published or withdrew them meanwhile. Reload the editor.';
  if (pull.head.sha !== action.sha) return CHANGED_SINCE_OPENED;
  return null;
}

/** The last judgement of a publish: null when it may be merged with `action.sha`, else why not. */
export function decidePublish(
  curator: GatewayCurator,
  action: Extract<Action, { kind: 'merge' }>,
  facts: PublishFacts,
  site: Site,
  { publishOwnSaves }: { publishOwnSaves: boolean },
): string | null {
  const { pull } = facts;
  const early = publishPullProblem(action, pull, site);
  if (early) return early;
  if (facts.sha !== action.sha) return CHANGED_SINCE_OPENED;
  if (!facts.complete)
    return `These changes hold more saves or files than the gateway reads (${MAX_PUBLISH_COMMITS} saves), so nothing shows who saved them: ask a maintainer.`;
  if (facts.files.length > MAX_PUBLISH_FILES)
    return `A publish may change at most ${MAX_PUBLISH_FILES} files; this one changes more. Ask a maintainer.`;
  if (facts.files.length === 0) return 'Nothing is changed here, so there is nothing to publish.';
  for (const f of facts.files) {
    for (const name of [f.filename, ...(f.previous_filename ? [f.previous_filename] : [])])
      if (!isContentPath(name))
        return `These changes touch ${quoted(name)}, which is outside the catalog’s content (${CONTENT_IN_WORDS}): only a maintainer may publish it.`;
    if (f.status === 'removed') continue;
    if (f.mode === null)
      return `The gateway could not tell what kind of file ${quoted(f.filename)} is, so it does not publish it.`;
    if (f.mode !== REGULAR_FILE_MODE)
      return `The file ${quoted(f.filename)} is ${modeInWords(f.mode)}, not a regular file: only a maintainer may publish it.`;
  }
  const stray = outsideEntry(pull.head.ref, facts.files);
  if (stray) return outsideEntryInWords(pull.head.ref, stray);
  // Four eyes before the check: a curator who saved the change can never publish it, so "wait for
  // the check" would send her waiting for nothing.
  const saved = curatorIds(curator).some((id) => facts.savers.has(id));
  if (curator.role !== 'admin' && !publishOwnSaves && saved)
    return 'You saved these changes, so someone else must publish them: a second person reads every change before it goes on the site.';
  if (!facts.checkPassed)
    return 'The required check has not passed on this version yet: wait for it (a few minutes), or fix what it found.';
  return null;
}

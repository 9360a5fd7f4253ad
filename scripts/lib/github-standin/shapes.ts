// GitHub's REST objects as the stand-in writes them: users, the repository, commits, refs, trees,
// pull requests, labels, file changes and check runs, with every field GitHub's OpenAPI
// description requires (test/integration/github-standin.test.ts checks each answer against it).
// Addresses point at the stand-in itself: `api` is its API root, `web` what GitHub calls html_url.
import type { CommitInfo, Change } from './git.ts';
import type { CheckRecord, LabelRecord, PullRecord } from './state.ts';

export interface Site {
  /** The API root, e.g. http://127.0.0.1:41234. */
  api: string;
  owner: string;
  repo: string;
  /** The site's branch: the repository's default branch, every pull request's base. */
  siteBranch: string;
  /** Who the token belongs to (the site's GitHub App, as a bot account). */
  bot: { login: string; id: number; name: string; email: string };
  /** When the stand-in first saw the repository (the repository's created_at). */
  createdAt: string;
}

export const OWNER_ID = 1;
export const REPO_ID = 100;
const EPOCH = '2026-01-01T00:00:00Z';

export const repoApi = (s: Site) => `${s.api}/repos/${s.owner}/${s.repo}`;
export const repoWeb = (s: Site) => `${s.api}/${s.owner}/${s.repo}`;
const nodeId = (kind: string, id: number | string) => Buffer.from(`${kind}:${id}`).toString('base64url');

/** GitHub's simple-user. */
export function user(s: Site, login: string, id: number, type: 'User' | 'Bot' | 'Organization') {
  const url = `${s.api}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id,
    node_id: nodeId(type, id),
    avatar_url: `${s.api}/avatars/${id}`,
    gravatar_id: '',
    url,
    html_url: `${s.api}/${encodeURIComponent(login)}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false,
  };
}

export const botUser = (s: Site) => user(s, s.bot.login, s.bot.id, 'Bot');
export const ownerUser = (s: Site) => user(s, s.owner, OWNER_ID, 'Organization');

/** GitHub's public-user (GET /users/{username}). */
export const publicUser = (s: Site) => ({
  ...botUser(s),
  name: s.bot.name,
  company: null,
  blog: '',
  location: null,
  email: null,
  hireable: null,
  bio: null,
  twitter_username: null,
  public_repos: 0,
  public_gists: 0,
  followers: 0,
  following: 0,
  created_at: s.createdAt,
  updated_at: s.createdAt,
});

/** GitHub's full-repository (also a valid repository and minimal-repository). */
export function repository(s: Site, pushedAt: string) {
  const api = repoApi(s);
  return {
    id: REPO_ID,
    node_id: nodeId('Repository', REPO_ID),
    name: s.repo,
    full_name: `${s.owner}/${s.repo}`,
    owner: ownerUser(s),
    private: true,
    html_url: repoWeb(s),
    description: 'The catalog, served by the local GitHub stand-in',
    fork: false,
    url: api,
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_url: `${repoWeb(s)}.git`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    ssh_url: `${repoWeb(s)}.git`,
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
    clone_url: `${repoWeb(s)}.git`,
    mirror_url: null,
    hooks_url: `${api}/hooks`,
    svn_url: repoWeb(s),
    homepage: null,
    language: null,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    size: 0,
    default_branch: s.siteBranch,
    open_issues_count: 0,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_downloads: false,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: 'private',
    pushed_at: pushedAt,
    created_at: s.createdAt,
    updated_at: pushedAt,
    permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
    allow_squash_merge: true,
    allow_merge_commit: true,
    allow_rebase_merge: false,
    delete_branch_on_merge: false,
    subscribers_count: 0,
    network_count: 0,
    license: null,
    forks: 0,
    open_issues: 0,
    watchers: 0,
  };
}

/** GitHub's git-user (author or committer of a commit). */
const gitUser = (p: CommitInfo['author']) => ({ name: p.name, email: p.email, date: p.date });

const verification = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };

/** GitHub's git-commit (the git data API). */
export function gitCommit(s: Site, c: CommitInfo) {
  const api = repoApi(s);
  return {
    sha: c.sha,
    node_id: nodeId('Commit', c.sha),
    url: `${api}/git/commits/${c.sha}`,
    html_url: `${repoWeb(s)}/commit/${c.sha}`,
    author: gitUser(c.author),
    committer: gitUser(c.committer),
    message: c.message.replace(/\n$/, ''),
    tree: { sha: c.tree, url: `${api}/git/trees/${c.tree}` },
    parents: c.parents.map((p) => ({ sha: p, url: `${api}/git/commits/${p}`, html_url: `${repoWeb(s)}/commit/${p}` })),
    verification,
  };
}

/** GitHub's commit (the repository API): commits made with the site's token are the bot's. */
export function commit(s: Site, c: CommitInfo) {
  const api = repoApi(s);
  const account = (p: CommitInfo['author']) => (p.email === s.bot.email ? botUser(s) : null);
  return {
    url: `${api}/commits/${c.sha}`,
    sha: c.sha,
    node_id: nodeId('Commit', c.sha),
    html_url: `${repoWeb(s)}/commit/${c.sha}`,
    comments_url: `${api}/commits/${c.sha}/comments`,
    commit: {
      url: `${api}/git/commits/${c.sha}`,
      author: gitUser(c.author),
      committer: gitUser(c.committer),
      message: c.message.replace(/\n$/, ''),
      comment_count: 0,
      tree: { sha: c.tree, url: `${api}/git/trees/${c.tree}` },
      verification,
    },
    author: account(c.author),
    committer: account(c.committer),
    parents: c.parents.map((p) => ({ sha: p, url: `${api}/commits/${p}`, html_url: `${repoWeb(s)}/commit/${p}` })),
  };
}

/** GitHub's git-ref. */
export const gitRef = (s: Site, ref: string, sha: string) => ({
  ref,
  node_id: nodeId('Ref', ref),
  url: `${repoApi(s)}/git/${ref}`,
  object: { type: 'commit', sha, url: `${repoApi(s)}/git/commits/${sha}` },
});

/** GitHub's label. */
export const label = (s: Site, l: LabelRecord) => ({
  id: l.id,
  node_id: nodeId('Label', l.id),
  url: `${repoApi(s)}/labels/${encodeURIComponent(l.name)}`,
  name: l.name,
  description: l.description,
  color: l.color,
  default: false,
});

/** GitHub's diff-entry. */
export function diffEntry(s: Site, c: Change, ref: string, patch: string | null) {
  const web = repoWeb(s);
  const at = encodeURIComponent(c.path).replaceAll('%2F', '/');
  return {
    sha: c.sha ?? c.oldSha,
    filename: c.path,
    status: c.status,
    additions: c.additions,
    deletions: c.deletions,
    changes: c.additions + c.deletions,
    blob_url: `${web}/blob/${ref}/${at}`,
    raw_url: `${web}/raw/${ref}/${at}`,
    contents_url: `${repoApi(s)}/contents/${at}?ref=${ref}`,
    ...(patch !== null ? { patch } : {}),
    ...(c.previousPath ? { previous_filename: c.previousPath } : {}),
  };
}

export interface PullView {
  pr: PullRecord;
  labels: LabelRecord[];
  pushedAt: string;
  /** Commits, additions, deletions, changed files (the full pull-request only). */
  counts?: { commits: number; additions: number; deletions: number; changed_files: number };
  mergeable?: boolean | null;
}

/** GitHub's pull-request-simple, or with `counts` the full pull-request. */
export function pull(s: Site, v: PullView) {
  const { pr } = v;
  const api = repoApi(s);
  const self = `${api}/pulls/${pr.number}`;
  const html = `${repoWeb(s)}/pull/${pr.number}`;
  const repo = repository(s, v.pushedAt);
  const side = (ref: string, sha: string) => ({
    label: `${s.owner}:${ref}`,
    ref,
    sha,
    user: ownerUser(s),
    repo,
  });
  const simple = {
    url: self,
    id: pr.id,
    node_id: nodeId('PullRequest', pr.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${pr.number}`,
    commits_url: `${self}/commits`,
    review_comments_url: `${self}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${pr.number}/comments`,
    statuses_url: `${api}/statuses/${pr.headSha}`,
    number: pr.number,
    state: pr.state,
    locked: false,
    title: pr.title,
    user: user(s, pr.user, pr.user === s.bot.login ? s.bot.id : 0, pr.user === s.bot.login ? 'Bot' : 'User'),
    body: pr.body,
    labels: v.labels.map((l) => label(s, l)),
    milestone: null,
    active_lock_reason: null,
    created_at: pr.createdAt,
    updated_at: pr.updatedAt,
    closed_at: pr.closedAt,
    merged_at: pr.mergedAt,
    merge_commit_sha: pr.mergeCommitSha,
    assignee: null,
    assignees: [],
    requested_reviewers: pr.reviewers.map((r) => user(s, r, 0, 'User')),
    requested_teams: [],
    head: side(pr.head, pr.headSha),
    base: side(pr.base, pr.baseSha),
    _links: {
      self: { href: self },
      html: { href: html },
      issue: { href: `${api}/issues/${pr.number}` },
      comments: { href: `${api}/issues/${pr.number}/comments` },
      review_comments: { href: `${self}/comments` },
      review_comment: { href: `${api}/pulls/comments{/number}` },
      commits: { href: `${self}/commits` },
      statuses: { href: `${api}/statuses/${pr.headSha}` },
    },
    author_association: 'CONTRIBUTOR',
    auto_merge: null,
    draft: pr.draft,
  };
  if (!v.counts) return simple;
  const merger = pr.mergedBy ? user(s, pr.mergedBy, pr.mergedBy === s.bot.login ? s.bot.id : 0, 'Bot') : null;
  return {
    ...simple,
    merged: pr.mergedAt !== null,
    mergeable: v.mergeable ?? null,
    rebaseable: false,
    mergeable_state: pr.state === 'closed' ? 'unknown' : v.mergeable === false ? 'dirty' : 'clean',
    merged_by: merger,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    ...v.counts,
  };
}

/** The GitHub App the check runs come from (GitHub Actions, as on github.com). */
function actionsApp(s: Site) {
  return {
    id: 15368,
    slug: 'github-actions',
    node_id: nodeId('App', 15368),
    client_id: 'Iv1.standin',
    owner: user(s, 'github', 9919, 'Organization'),
    name: 'GitHub Actions',
    description: 'Automate your workflow from idea to production',
    external_url: 'https://help.github.com/en/actions',
    html_url: `${s.api}/apps/github-actions`,
    created_at: EPOCH,
    updated_at: EPOCH,
    permissions: { checks: 'write', contents: 'read', pull_requests: 'read' },
    events: ['pull_request', 'push'],
  };
}

/** GitHub's check-run, for the required check `test` of a head commit. */
export function checkRun(s: Site, c: CheckRecord, name: string, prs: PullRecord[]) {
  const api = repoApi(s);
  return {
    id: c.id,
    head_sha: c.sha,
    node_id: nodeId('CheckRun', c.id),
    external_id: null,
    url: `${api}/check-runs/${c.id}`,
    html_url: `${repoWeb(s)}/runs/${c.id}`,
    details_url: `${repoWeb(s)}/runs/${c.id}`,
    status: c.status,
    conclusion: c.conclusion,
    started_at: c.startedAt,
    completed_at: c.completedAt,
    output: {
      title:
        c.status === 'completed'
          ? `The content checks ${c.conclusion === 'success' ? 'passed' : c.conclusion === 'cancelled' ? 'were cancelled' : 'failed'}`
          : null,
      summary: c.summary,
      text: null,
      annotations_count: 0,
      annotations_url: `${api}/check-runs/${c.id}/annotations`,
    },
    name,
    check_suite: { id: c.id },
    app: actionsApp(s),
    pull_requests: prs.map((pr) => ({
      id: pr.id,
      number: pr.number,
      url: `${api}/pulls/${pr.number}`,
      head: { ref: pr.head, sha: pr.headSha, repo: { id: REPO_ID, url: api, name: s.repo } },
      base: { ref: pr.base, sha: pr.baseSha, repo: { id: REPO_ID, url: api, name: s.repo } },
    })),
  };
}

/** GitHub's workflow-run, for the workflow `checks` on a pull request's head (the proposals' listing). */
export function workflowRun(
  s: Site,
  c: CheckRecord,
  workflow: { id: number; name: string; path: string },
  pr: PullRecord,
  head: CommitInfo,
) {
  const api = repoApi(s);
  const repo = repository(s, c.createdAt);
  return {
    id: c.id,
    name: workflow.name,
    node_id: nodeId('WorkflowRun', c.id),
    check_suite_id: c.id,
    check_suite_node_id: nodeId('CheckSuite', c.id),
    head_branch: pr.head,
    head_sha: c.sha,
    path: workflow.path,
    run_number: c.id,
    run_attempt: 1,
    event: 'pull_request',
    status: c.status,
    conclusion: c.conclusion,
    workflow_id: workflow.id,
    url: `${api}/actions/runs/${c.id}`,
    html_url: `${repoWeb(s)}/actions/runs/${c.id}`,
    pull_requests: [],
    created_at: c.createdAt,
    updated_at: c.completedAt ?? c.startedAt ?? c.createdAt,
    run_started_at: c.startedAt ?? c.createdAt,
    actor: botUser(s),
    triggering_actor: botUser(s),
    jobs_url: `${api}/actions/runs/${c.id}/jobs`,
    logs_url: `${api}/actions/runs/${c.id}/logs`,
    check_suite_url: `${api}/check-suites/${c.id}`,
    artifacts_url: `${api}/actions/runs/${c.id}/artifacts`,
    cancel_url: `${api}/actions/runs/${c.id}/cancel`,
    rerun_url: `${api}/actions/runs/${c.id}/rerun`,
    previous_attempt_url: null,
    workflow_url: `${api}/actions/workflows/${workflow.id}`,
    head_commit: {
      id: head.sha,
      tree_id: head.tree,
      message: head.message.replace(/\n$/, ''),
      timestamp: head.committer.date,
      author: { name: head.author.name, email: head.author.email },
      committer: { name: head.committer.name, email: head.committer.email },
    },
    repository: repo,
    head_repository: repo,
    display_title: pr.title,
  };
}

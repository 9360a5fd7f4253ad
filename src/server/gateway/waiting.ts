// What waits for the signed-in curator (`GET /api/git/waiting`, shown on the editor's first
// screen): the open proposals on the editor's board, in review or ready, that she did not save —
// other curators' saves and the watchers' and admins' proposals — urgent ones first. "She did not
// save" compares her Curator-id (and the previous one, during a rotation) with the savers its
// commits prove (./authorship.ts), as four eyes does; `mine` lists the open ones she saved, so the
// editor offers her no Publish there. Bounded: one page of pull requests, at most MAX_WAITING of
// them read further. A change to the recall watch list (its one branch,
// WATCH_LIST_BRANCH) waits like a product's, named in the glossary's words. A product is named as
// its saved file names it (one more request each), never by the pull request's title, which is
// written for GitHub (a file's name in code); a watcher's proposal says why by its label.
import { readFrontMatter } from '../../catalog/front-matter.ts';
import { PRODUCTS_DIR } from '../../catalog/content-paths.ts';
import type { SavedChanges } from '../../contract/editor.ts';
import { WATCH_COLLECTION } from '../../outputs/editor-names.ts';
import { MESSAGES, WATCH_WORDS } from '../../outputs/editor-words.ts';
import { editorItemOf } from '../proposals/backend.ts';
import { provenSavers, type AuthorshipSeal } from './authorship.ts';
import { curatorIds, type GatewayCurator } from './policy.ts';
import { read, type Upstream } from './upstream.ts';

/** The board's columns that wait for someone else: "in review" and "ready" (Decap's labels). */
const WAITING_LABELS = new Set(['decap-cms/pending_review', 'decap-cms/pending_publish']);
/** Labels that put a proposal first (the recall watcher's). */
const URGENT = /\b(urgent|recall)\b/i;
/** At most this many pull requests are read further (their commits and their product's name): two requests each. */
export const MAX_WAITING = 20;

/** Why a watcher proposes a change: the label it gives its pull request (src/server/watch/), each said in the glossary. */
export type WaitingReason = keyof typeof MESSAGES.waitingWhy;
const WAITING_REASONS = Object.keys(MESSAGES.waitingWhy) as WaitingReason[];

export interface WaitingItem {
  /** The editor's collection it belongs to: `products`, or the recall watch list's. */
  collection: string;
  /** Its name in that collection (a product's: its address in the catalog): the editor opens it by this. */
  slug: string;
  /** What the curator knows it by: the product's name as the saved file has it, or the watch list's words. */
  title: string;
  /** Why a watcher proposed it (its label), or null for a curator's or an admin's change. */
  reason: WaitingReason | null;
  /** Who saved it: a curator's handle, or null for a proposal of the site's watchers or an admin. */
  savedBy: string | null;
  urgent: boolean;
  updatedAt: string;
}

interface GithubPull {
  number: number;
  title: string;
  head: { ref: string };
  labels: { name: string }[];
  updated_at: string;
}

export async function waitingFor(
  up: Upstream,
  curator: GatewayCurator,
  siteBranch: string,
  seal: AuthorshipSeal,
): Promise<{ ok: true; items: WaitingItem[]; mine: SavedChanges[] } | { ok: false; response: Response }> {
  const query = `?state=open&base=${encodeURIComponent(siteBranch)}&per_page=100&sort=updated&direction=desc`;
  const pulls = await read<GithubPull[]>(up, 'pulls', query);
  if (!pulls.ok) return pulls;
  const candidates = pulls.value.filter((p) => editorItemOf(p.head.ref) !== null).slice(0, MAX_WAITING);
  const herIds = new Set(curatorIds(curator));
  const items: WaitingItem[] = [];
  const mine: SavedChanges[] = [];
  for (const p of candidates) {
    const commits = await read<{ commit: { message: string } }[]>(up, `pulls/${p.number}/commits`, '?per_page=100');
    if (!commits.ok) return commits;
    const savers = commits.value.flatMap((c) => provenSavers(c.commit.message, seal));
    const { collection, name } = editorItemOf(p.head.ref)!;
    if (savers.some((s) => herIds.has(s.id))) {
      mine.push({ collection, slug: name });
      continue;
    }
    if (!p.labels.some((l) => WAITING_LABELS.has(l.name))) continue;
    const title = collection === WATCH_COLLECTION ? WATCH_WORDS.waiting : await productName(up, name, p.head.ref);
    items.push({
      collection,
      slug: name,
      title,
      reason: WAITING_REASONS.find((r) => p.labels.some((l) => l.name === r)) ?? null,
      savedBy: savers.at(-1)?.handle ?? null,
      // The watch list's own title names it (“Edit recall-watch”): only its labels make it urgent.
      urgent: p.labels.some((l) => URGENT.test(l.name)) || (collection !== WATCH_COLLECTION && URGENT.test(p.title)),
      updatedAt: p.updated_at,
    });
  }
  items.sort((a, b) => Number(b.urgent) - Number(a.urgent) || b.updatedAt.localeCompare(a.updatedAt));
  return { ok: true, items, mine };
}

/** The product's name in its file on `branch`, or its address in words when the file cannot be read. */
async function productName(up: Upstream, slug: string, branch: string): Promise<string> {
  const file = await read<{ content?: string; encoding?: string }>(
    up,
    `contents/${PRODUCTS_DIR}/${encodeURIComponent(slug)}.md`,
    `?ref=${encodeURIComponent(branch)}`,
  );
  if (file.ok && file.value.encoding === 'base64' && typeof file.value.content === 'string') {
    const front = readFrontMatter(Buffer.from(file.value.content, 'base64').toString('utf8'));
    const name = front.ok ? front.data.name : undefined;
    if (typeof name === 'string' && name.trim()) return name.trim().slice(0, 200);
  }
  return slug.replace(/-/g, ' ');
}

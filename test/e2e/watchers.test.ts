// The watchers on the local stack, invoked the way Netlify invokes scheduled functions (a POST to
// the function, which `netlify serve` runs as a scheduled invocation). The recall watcher reads the
// stack's loopback CPSC stand-in (RECALLS_API_URL; synthetic records about the demo's fictional
// brands, test/support/e2e-recalls.ts) and proposes to unpublish the product one matches: a branch
// of the stack's proposals repository, once. The link watcher checks a slice of the demo catalog's
// links through the stack's loopback DNS server, where the demo shops do not exist: most demo
// products are on one shop, which is one finding. audit_catalog then lists what both found.
// A curator then publishes a recall proposal from the editor on a phone, as curators without a
// GitHub account do: it is first in what waits for her, she marks it ready, and publishes it once
// the required check has passed; the running stack then stops serving the product.
// Runs with the clock moved forward (broken after 48 hours, daily rechecks, withdrawal) are in
// test/integration/link-watch.test.ts and test/integration/recall-watch.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack.ts';
import { DECAP_PHRASES, MESSAGES } from '../../src/outputs/editor-words.ts';
import { launchBrowser } from '../support/browser.ts';
import { signInToEditor } from '../support/editor-sign-in.ts';
import { E2E_ACCOUNTS } from '../support/oidc.ts';
import { postMcp, stackToken } from '../support/stack-admin.ts';
import { checkOf } from '../support/standin-check.ts';

const base = inject('baseUrl');
const env = inject('stackEnv');
const repo = env.PROPOSALS_REPO_DIR!;
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
/** A watcher's proposal waits on the editor's board (cms/products/<slug>), else on catalog/<slug>-<id>. */
const watcherBranches = (slug: string) =>
  git('for-each-ref', '--format=%(refname:short)', 'refs/heads/catalog/', `refs/heads/cms/products/${slug}`)
    .split('\n')
    .filter((b) => b === `cms/products/${slug}` || b.startsWith(`catalog/${slug}-`));
const log = async () => (await fetch(inject('stackLogUrl'))).text();
const invoke = (name: string) => fetch(new URL(`/.netlify/functions/${name}`, base), { method: 'POST' });

let tok: string;
beforeAll(async () => {
  tok = await stackToken(env, { sub: `e2e|watchers-${Date.now()}` }, 'e2e-watchers');
});

async function audit() {
  const res = await postMcp(`${base}/api/mcp`, tok, {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'audit_catalog', arguments: { limit: 500 } },
  });
  const body = (await res.json()) as {
    result: {
      isError?: boolean;
      structuredContent: {
        watchers: { proposals: string; links: string | null; recalls: string | null };
        findings: { kind: string; slug: string | null; sourcePath: string; message: string }[];
      };
    };
  };
  expect(body.result.isError).toBeFalsy();
  return body.result.structuredContent;
}

describe('the watchers on the local stack', () => {
  it('the recall watcher reads five years by last publish date and proposes to unpublish the match, once', async () => {
    // Five years before the run's day: the day when the run started or, past midnight UTC, when it ended.
    const fiveYearsBefore = (at: number) => new Date(at - (365 * 5 + 1) * 86_400_000).toISOString().slice(0, 10);
    const startedAt = Date.now();
    const res = await invoke('recall-watch');
    expect(res.status).toBe(204);
    const fiveYears = [fiveYearsBefore(startedAt), fiveYearsBefore(Date.now())];
    const text = await log();
    expect(text).toMatch(
      /recall watch: MATCH soft-activity-blocks ↔ CPSC recall E2E001 .*brand "Pebble & Fern" is "Pebble and Fern, Inc\."; .*proposal: (?:https?:\/\/\S+\/pull\/\d+|cms\/products\/soft-activity-blocks|catalog\/soft-activity-blocks-[0-9a-f]{6})\./,
    );
    expect(text).toMatch(/recall watch: read U\.S\. CPSC \d{4}-\d\d-\d\d\.\.\d{4}-\d\d-\d\d \(0\), /);
    expect(text).not.toMatch(/recall watch FAILED/);
    const queries = (await (await fetch(new URL('/queries', inject('recallsUrl')))).json()) as string[];
    const first = new URLSearchParams(queries[0]);
    expect(first.get('format')).toBe('json');
    expect(fiveYears).toContain(first.get('LastPublishDateStart'));
    expect(queries.some((q) => new URLSearchParams(q).has('Manufacturer'))).toBe(true);

    const [branch, ...more] = watcherBranches('soft-activity-blocks');
    expect(more).toEqual([]);
    const message = git('log', '-1', '--format=%B', branch!);
    expect(message).toMatch(/^Recall: unpublish soft-activity-blocks\n/);
    expect(message).toMatch(/\nProposed-by: watcher@localhost(\n|$)/);
    expect(
      git('diff', '--unified=0', `${branch!}~1`, branch!)
        .split('\n')
        .filter((l) => /^[-+][^-+]/.test(l)),
    ).toEqual(['-published: true', '+published: false']);

    // A second run (the next hour) reads nothing new and proposes nothing again.
    expect((await invoke('recall-watch')).status).toBe(204);
    expect(watcherBranches('soft-activity-blocks')).toEqual([branch]);
    expect(watcherBranches('wooden-lap-loom')).toEqual([]); // brand only: audit_catalog lists it
  });

  it('the link watcher checks a slice of the demo’s links; the shop most of them are on is one finding', async () => {
    const res = await invoke('link-watch');
    expect(res.status).toBe(204);
    const text = await log();
    expect(text).toMatch(
      /link watch: checked 25 links in \d+\.\d s \(walk 25 of \d+ products, 0 rechecks\): 0 ok, 25 failed/,
    );
    expect(text).toMatch(/link watch: SHOP DOWN shop\.example\.com: \d+ of its links get no answer or a 5xx/);
    expect(text).not.toMatch(/link watch FAILED/);
  });

  it('audit_catalog lists what they found, and where their proposals go', async () => {
    const r = await audit();
    const found = r.findings.map((f) => `${f.kind}:${f.slug ?? f.sourcePath}`);
    expect(found).toContain('recall_match:soft-activity-blocks');
    expect(found).toContain('recall_brand_only:wooden-lap-loom');
    expect(found).toContain('shop_down:shop.example.com');
    // The local stack's proposals take GitHub's path, to its loopback stand-in (scripts/lib/local-editor.ts), and say so.
    expect(r.watchers.proposals).toMatch(
      /^pull requests on [\w.-]+\/[\w.-]+ through the GitHub API at http:\/\/127\.0\.0\.1:\d+$/,
    );
    expect(r.watchers.links).toMatch(/link watch: checked 25 links/);
    expect(r.watchers.recalls).toMatch(/recall watch: read /);
  });

  it('a curator publishes a recall proposal from the editor on her phone: the product leaves the site', async () => {
    const slug = 'tundra-tracks-kids-snowshoes'; // E2E004, a product no other e2e test reads
    // Proposed by the first run above, or by a later hourly run when that run's time ran out first.
    for (let run = 0; run < 3 && !watcherBranches(slug).length; run++)
      expect((await invoke('recall-watch')).status).toBe(204);
    const [branch, ...more] = watcherBranches(slug);
    expect([branch, more]).toEqual([`cms/products/${slug}`, []]);
    const head = git('rev-parse', branch!);
    const siteBranch = inject('editorBranch');
    const T = DECAP_PHRASES.editor.editorToolbar;
    let site: string | undefined;
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      const page = await context.newPage();
      await signInToEditor(page, base, E2E_ACCOUNTS.recallCurator, { by: 'tap' });
      // What waits for her, urgent first: the recall, by the product's name.
      const waiting = page.locator('#editor-waiting li a');
      await waiting.first().waitFor({ timeout: 90_000 });
      const item = waiting.filter({ hasText: 'Tundra Tracks Kids Snowshoes' });
      expect(await item.textContent()).toMatch(new RegExp(`^${MESSAGES.waitingUrgent}: `));
      expect(await item.textContent()).toContain(MESSAGES.waitingWhy.recall);
      expect(await item.textContent()).toContain(`(${MESSAGES.waitingBy(null, true)})`);
      expect(await waiting.first().textContent()).toMatch(new RegExp(`^${MESSAGES.waitingUrgent}: `));
      const screenshots = path.join(ROOT, 'screenshots');
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: path.join(screenshots, 'editor-phone-recall-waiting.png') });
      await item.tap();
      // In review, as the watcher left it; she marks it ready and publishes once the check has passed.
      const step = page.getByRole('button', { name: new RegExp(`^${T.status.split('%{')[0]}`) });
      await step.waitFor({ timeout: 150_000 }); // the form opens once Decap has read the product through the gateway
      expect(await step.textContent()).toContain(T.inReview);
      await step.tap();
      await page.getByRole('menuitem', { name: T.ready }).tap();
      await page.locator('#editor-notice', { hasText: MESSAGES.markedReady }).waitFor();
      expect(await checkOf(head)).toBe('success');
      site = git('rev-parse', siteBranch);
      await page.getByRole('button', { name: T.publish, exact: true }).tap();
      page.once('dialog', (d) => d.accept());
      await page.getByRole('menuitem', { name: T.publishNow }).tap();
      await page.getByText(DECAP_PHRASES.ui.toast.entryPublished).waitFor({ timeout: 60_000 });
      await page.screenshot({ path: path.join(screenshots, 'editor-phone-recall-published.png') });
    } finally {
      await browser.close();
    }
    // The site branch holds exactly that merge, naming her; the product is unpublished there.
    expect(git('rev-list', '--parents', '-n', '1', siteBranch).split(' ').slice(1)).toEqual([site, head]);
    expect(git('log', '-1', '--format=%B', siteBranch)).toMatch(/^Published-by: lee$/m);
    expect(git('show', `${siteBranch}:content/products/${slug}.md`)).toMatch(/^published: false$/m);
    expect(watcherBranches(slug)).toEqual([]);
    // The running stack rebuilds and stops serving the product.
    const end = Date.now() + 180_000;
    let status = 200;
    while (Date.now() < end && status !== 404) {
      status = (await fetch(`${base}/products/${slug}`)).status;
      if (status !== 404) await new Promise((r) => setTimeout(r, 2000));
    }
    expect(status).toBe(404);
  }, 600_000);
});

// What audit_catalog shows of the watchers, through the MCP handler: after real runs of both
// watchers (loopback shops, a loopback CPSC server, the memory store), broken and moved links with
// their evidence, a shop that is down as one finding, recall matches and brand-only matches, never a
// dismissed one; and the watchers' state, saying when they record findings only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecallWatch } from '../../src/catalog/recall-watch-file.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { PROPOSALS_NOT_CONFIGURED } from '../../src/server/proposals/choose.ts';
import { cpscSource } from '../../src/server/watch/cpsc.ts';
import { runLinkWatch } from '../../src/server/watch/link-watch.ts';
import { runRecallWatch } from '../../src/server/watch/recall-watch.ts';
import { TOOLS } from '../../src/server/mcp/tools/index.ts';
import { REAL } from '../support/cpsc-records.ts';
import { ADDRESS, startLinkServer, type LinkServer } from '../support/link-server.ts';
import { callTool, makeHandler, token } from '../support/mcp.ts';
import { startRecallServer, type RecallServer } from '../support/recall-server.ts';
import { harness, HOUR, linked, testClock } from '../support/watch-harness.ts';

let shops: LinkServer;
let cpsc: RecallServer;
let tok: string;
beforeAll(async () => {
  shops = await startLinkServer();
  cpsc = await startRecallServer([REAL.huffy, REAL.rockNPlay]);
  tok = await token();
});
afterAll(async () => {
  await shops.stop();
  await cpsc.stop();
});

const products = () => [
  linked('gone-puzzle', shops.url('shop.test', '/products/gone-puzzle')),
  linked('discontinued-drum', shops.url('shop.test', '/products/discontinued-drum')),
  ...Array.from({ length: 7 }, (_, i) => linked(`down-${i}`, shops.url('down.test', `/products/p${i}`))),
  linked('huffy-ride-on', shops.url('shop.test', '/products/felt-animals'), {
    brand: 'Huffy',
    name: 'Blue’s Clues Foot-to-Floor Ride-On',
  }),
  linked('rock-a-stack', shops.url('shop.test', '/products/wooden-rainbow-stacker'), {
    brand: 'Fisher-Price',
    name: 'Rock-a-Stack',
  }),
];

async function audited(opts: { proposals: boolean; dismissals?: RecallWatch['dismissals'] }) {
  const store = memoryStore();
  const h = harness(products(), store, { proposals: opts.proposals });
  const clock = testClock();
  const curations = { ok: true as const, value: { aliases: [], dismissals: opts.dismissals ?? [] } };
  const common = {
    catalog: h.catalog,
    store,
    proposals: h.proposals,
    siteUrl: 'https://catalog.test',
    reviewers: { users: [], teams: [] },
    now: clock.now,
    log: h.log,
  };
  for (let i = 0; i < 3; i++) {
    await runLinkWatch({
      ...common,
      links: { allowAddresses: [ADDRESS], lookup: shops.lookup },
    });
    clock.advance(24 * HOUR);
  }
  await runRecallWatch({ ...common, sources: [cpscSource({ baseUrl: cpsc.url })], curations: async () => curations });
  const handler = makeHandler('/nonexistent', {
    catalog: { load: h.catalog },
    proposals: h.proposals,
    watch: { records: () => store, curations: async () => curations, paused: false },
  });
  const r = await callTool(handler, tok, 'audit_catalog', { limit: 500 });
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  h.cleanup();
  return TOOLS.find((t) => t.name === 'audit_catalog')!.output.parse(r.structuredContent) as {
    watchers: { proposals: string; paused: boolean; links: string | null; recalls: string | null };
    findings: { kind: string; slug: string | null; sourcePath: string; message: string }[];
  };
}

describe('audit_catalog after the watchers ran', () => {
  it('lists broken and moved links with their evidence, a down shop once, recall and brand-only matches', async () => {
    const r = await audited({ proposals: true });
    const watch = r.findings.filter((f) => /^(link_|shop_|recall_)/.test(f.kind));
    expect(watch.map((f) => `${f.kind}:${f.slug ?? f.sourcePath}`).sort()).toEqual([
      'link_broken:gone-puzzle',
      'link_moved:discontinued-drum',
      'recall_brand_only:rock-a-stack',
      'recall_match:huffy-ride-on',
      'shop_down:down.test',
    ]);
    const broken = watch.find((f) => f.kind === 'link_broken')!;
    expect(broken.message).toMatch(
      /failed 3 checks in a row since \S+Z \(\S+Z HTTP 404; \S+Z HTTP 404; \S+Z HTTP 404\)/,
    );
    expect(watch.find((f) => f.kind === 'link_moved')!.message).toMatch(/ending at http:\/\/shop\.test:\d+\/;/);
    expect(watch.find((f) => f.kind === 'shop_down')!.message).toMatch(
      /^the shop down\.test is down since \S+Z: 7 of its product links get no answer or a 5xx/,
    );
    const recall = watch.find((f) => f.kind === 'recall_match')!;
    expect(recall.message).toMatch(
      /^CPSC recall unquoted-huffy-2022 \(2022-08-25\) "Huffy Corporation Recalls Ride-On Toys/,
    );
    expect(recall.message).toMatch(/The watcher's proposal to unpublish it: catalog\/huffy-ride-on-[0-9a-f]{6}\.$/);
    expect(watch.find((f) => f.kind === 'recall_brand_only')!.message).toMatch(/Rock ‘n Play Sleepers/);
    expect(r.watchers).toMatchObject({
      proposals: 'branches of the local checkout (PROPOSALS_REPO_DIR)',
      paused: false,
    });
    expect(r.watchers.links).toMatch(/^\S+Z: link watch: checked/);
    expect(r.watchers.recalls).toMatch(/^\S+Z: recall watch: read /);
  });

  it('says when the watchers record findings only, and never lists a dismissed match', async () => {
    const r = await audited({
      proposals: false,
      dismissals: [
        { source: 'cpsc', recall: 'unquoted-huffy-2022', product: 'huffy-ride-on', why: 'Not this ride-on, checked.' },
      ],
    });
    expect(r.watchers.proposals).toMatch(/^not configured: the watchers record findings only/);
    // What to set, as the proposal choice names it (a GitHub App or a token, or the local stack).
    expect(r.watchers.proposals).toContain(PROPOSALS_NOT_CONFIGURED);
    expect(r.findings.some((f) => f.kind === 'recall_match')).toBe(false);
    expect(r.findings.some((f) => f.kind === 'recall_brand_only' && f.slug === 'huffy-ride-on')).toBe(false);
  });
});

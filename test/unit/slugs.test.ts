// The slug rule in process: a name without a letter or digit a slug can use is refused by
// draft_product, as by `npm run new-product`; freeSlug finds the next free slug. The same slug
// from slugFromName, draft_product and `npm run new-product`: test/integration/slugs.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeSlug } from '../../src/catalog/product-file.ts';
import { callTool, fixtureDir, makeHandler, token } from '../support/mcp.ts';

const fx = fixtureDir();
let tok: string;
beforeAll(async () => {
  tok = await token();
});
afterAll(() => fx.cleanup());

describe('a name without letters or digits a slug can use', () => {
  it('draft_product asks for a slug, as new-product does', async () => {
    const r = await callTool(makeHandler(fx.root), tok, 'draft_product', {
      name: '日本',
      brand: 'Maker',
      categories: ['kits'],
      currency: 'USD',
      url: 'https://shop.example/x',
    });
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/Cannot make a slug from the name "日本": give one in `slug`/);
  });
});

describe('freeSlug', () => {
  it.each([
    ['free', [], 'free'],
    ['taken', ['taken'], 'taken-2'],
    ['taken', ['taken', 'taken-2', 'taken-3'], 'taken-4'],
  ])('%s with %j taken → %s', (slug, taken, expected) => {
    expect(freeSlug(slug, (s) => taken.includes(s))).toBe(expected);
  });

  it('stays within 200 characters and never leaves a double hyphen', () => {
    const long = `${'a'.repeat(197)}-bb`;
    const free = freeSlug(long, (s) => s === long);
    expect(free.length).toBeLessThanOrEqual(200);
    expect(free).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

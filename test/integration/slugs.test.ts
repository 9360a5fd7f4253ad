// One slug rule everywhere: the same product name gives the same slug through `npm run new-product`
// (the file it writes, a child process) and through the MCP `draft_product` tool, because both call
// slugFromName. (A name without a usable letter, and freeSlug: test/unit/slugs.test.ts.)
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugFromName } from '../../src/catalog/product-file.ts';
import { runNewProduct } from '../support/new-product.ts';
import { callTool, fixtureDir, makeHandler, token } from '../support/mcp.ts';

const fx = fixtureDir();
const tmp = mkdtempSync(path.join(tmpdir(), 'slugs-'));
let tok: string;
beforeAll(async () => {
  tok = await token();
});
afterAll(() => {
  fx.cleanup();
  rmSync(tmp, { recursive: true, force: true });
});

/** The slug `npm run new-product` gives `name`: the name of the one file it writes. */
function newProductSlug(name: string): string {
  const dir = mkdtempSync(path.join(tmp, 'np-'));
  const res = runNewProduct(dir, [
    `--name=${name}`,
    '--brand=Maker',
    '--categories=kits',
    '--url=https://shop.example/x',
    '--currency=USD',
    '--price=9.99',
  ]);
  expect(res.err).toBe('');
  const files = readdirSync(dir);
  expect(files).toHaveLength(1);
  return files[0]!.replace(/\.md$/, '');
}

async function draftSlug(name: string): Promise<string> {
  const r = await callTool(makeHandler(fx.root), tok, 'draft_product', {
    name,
    brand: 'Maker',
    categories: ['kits'],
    currency: 'USD',
    url: 'https://shop.example/x',
  });
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  return (r.structuredContent as { requestedSlug: string }).requestedSlug;
}

describe.each([
  ['Straße Blocks', 'strasse-blocks'],
  ['Salt & Pepper', 'salt-and-pepper'],
  ["Grimm's Rainbow Stacker!", 'grimms-rainbow-stacker'],
  ['Crème brûlée Kit — Édition Œuvre', 'creme-brulee-kit-edition-oeuvre'],
  ['Løkke + Søn 3D Puzzle', 'lokke-plus-son-3d-puzzle'],
  ['---js Blocks', 'js-blocks'],
])('%j', (name, slug) => {
  it(`is ${slug} in slugFromName, draft_product and npm run new-product`, async () => {
    expect(slugFromName(name)).toBe(slug);
    expect(await draftSlug(name)).toBe(slug);
    expect(newProductSlug(name)).toBe(slug);
  });
});

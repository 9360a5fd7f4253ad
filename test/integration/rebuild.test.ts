// HEAVY (two full `astro build`s of a 5-product fixture, a few seconds each): a rebuild
// with no content change leaves every output file byte-identical (hashed asset names included),
// except products.json's `generatedAt`, which is the build time. Other stamps derive from content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, FIXTURE_CATALOG, type Build } from '../support/build-site.ts';

// An hour apart, both after every publishAt of the fixture that is in the past and before the future one.
const FIRST = '2030-01-01T10:07:00.000Z';
const SECOND = '2030-01-01T11:07:00.000Z';

let a: Build;
let b: Build;

beforeAll(async () => {
  a = await buildSite(FIXTURE_CATALOG, FIRST);
  b = await buildSite(FIXTURE_CATALOG, SECOND);
}, 120_000);
afterAll(() => {
  a?.remove();
  b?.remove();
});

const GENERATED_AT = /"generatedAt":\s*"[^"]*"/g;

describe('a rebuild with no content change', () => {
  it('writes the same set of files, with the same hashed asset names', () => {
    expect(a.files().length).toBeGreaterThan(0);
    expect(b.files()).toEqual(a.files());
  });

  it('leaves every file byte-identical except the generatedAt stamp', () => {
    const differing = a.files().filter((f) => !a.bytes(f).equals(b.bytes(f)));
    // Only products.json may differ, and only in generatedAt.
    expect(differing).toEqual(['api/products.json']);
    for (const f of differing) {
      expect(b.read(f).replace(GENERATED_AT, '"generatedAt":""')).toBe(
        a.read(f).replace(GENERATED_AT, '"generatedAt":""'),
      );
    }
  });

  it('reads the product files once: the content loader and the outputs take what the build read', () => {
    for (const build of [a, b]) {
      expect(build.log.match(/\d+ product files read \(\d+ unchanged, not parsed again\)/g)).toHaveLength(1);
      expect(build.log).toMatch(/\d+ products from the build’s read of the files/);
      expect(build.log).not.toMatch(/\d+ products read\b/);
    }
  });

  it('stamps products.json with the build time', () => {
    expect(new Date(JSON.parse(a.read('api/products.json')).generatedAt).toISOString()).toBe(FIRST);
    expect(new Date(JSON.parse(b.read('api/products.json')).generatedAt).toISOString()).toBe(SECOND);
  });
});

// HEAVY (two full `astro build`s of a 5-product fixture, a few seconds each, shared with
// schedule.test.ts through fixtureBuild): a rebuild
// with no content change leaves every output file byte-identical (hashed asset names included),
// except products.json's `generatedAt`, which is the build time, and /admin/build.json, where the
// build says how long it took (the editor reads it after publishing). Other stamps derive from content.
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_INFO_PATH, readBuildInfo } from '../../src/contract/build-info.ts';
import { fixtureBuild, type SharedBuild } from '../support/build-site.ts';

// An hour apart, both after every publishAt of the fixture that is in the past and before the
// future one (2031-06-01T12:00); the second is schedule.test.ts's "one minute before".
const FIRST = '2031-06-01T10:59:00.000Z';
const SECOND = '2031-06-01T11:59:00.000Z';

let a: SharedBuild;
let b: SharedBuild;

beforeAll(async () => {
  a = await fixtureBuild(FIRST);
  b = await fixtureBuild(SECOND);
}, 120_000);

const GENERATED_AT = /"generatedAt":\s*"[^"]*"/g;

describe('a rebuild with no content change', () => {
  it('writes the same set of files, with the same hashed asset names', () => {
    expect(a.files().length).toBeGreaterThan(0);
    expect(b.files()).toEqual(a.files());
  });

  it('leaves every file byte-identical except the generatedAt stamp and the build’s own duration', () => {
    const differing = a.files().filter((f) => !a.bytes(f).equals(b.bytes(f)));
    // Only products.json may differ, and only in generatedAt; and the build's word on itself.
    expect(differing.filter((f) => f !== BUILD_INFO_PATH.slice(1))).toEqual(['api/products.json']);
    for (const f of differing.filter((f) => f !== BUILD_INFO_PATH.slice(1))) {
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

  it('says at /admin/build.json when it ended and how long it took, by the real clock, within the time its build ran', () => {
    [a, b].forEach((build) => {
      const info = readBuildInfo(JSON.parse(build.read(BUILD_INFO_PATH.slice(1))));
      expect(info, build.read(BUILD_INFO_PATH.slice(1))).not.toBeNull();
      const ended = Date.parse(info!.builtAt);
      // Not the pretended build time (2031): the editor says how long a real update took.
      expect(ended).toBeGreaterThanOrEqual(build.ran.from);
      expect(ended).toBeLessThanOrEqual(build.ran.to);
      // From the build process's start: at least a second here, never more than its build ran.
      expect(info!.buildSeconds).toBeGreaterThanOrEqual(1);
      expect(ended - info!.buildSeconds * 1000).toBeGreaterThanOrEqual(build.ran.from - 500);
      expect(build.log).toContain(`${BUILD_INFO_PATH}: this build took ${info!.buildSeconds} s`);
    });
  });
});

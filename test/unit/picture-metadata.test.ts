// A phone photo carries where it was taken (GPS coordinates in its EXIF) and the public `imageUrl`
// serves the picture file itself: the build writes such a photo again without its metadata, upright
// as its orientation said, and copies every other picture byte for byte (src/build/product-images.ts).
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { copyProductImages, copyWithoutMetadata } from '../../src/build/product-images.ts';
import { catalogView } from '../../src/catalog/catalog.ts';
import { AT, entry } from '../support/products.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'picture-metadata-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => path.join(dir, name);

const GPS = {
  IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
};
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } });

/** The EXIF text of a file, or '' when it has none. */
const exifOf = async (file: string) => (await sharp(file).metadata()).exif?.toString('latin1') ?? '';

describe('a photo with metadata', () => {
  it.each([
    ['jpeg', (s: Sharp) => s.jpeg()],
    ['png', (s: Sharp) => s.png()],
    ['webp', (s: Sharp) => s.webp()],
    ['avif', (s: Sharp) => s.avif()],
  ] as const)('%s: is written again with no EXIF, XMP or IPTC, at the same size', async (format, encode) => {
    const source = at(`gps.${format}`);
    await encode(photo(1200, 900).withExif(GPS)).toFile(source);
    expect(await exifOf(source)).toMatch(/GPS|PhoneCo/); // the test's own photo does carry it
    const target = at(`out-gps.${format}`);
    expect(await copyWithoutMetadata(source, target)).toBe(true);
    const m = await sharp(target).metadata();
    expect(m.exif).toBeUndefined();
    expect(m.xmp).toBeUndefined();
    expect(m.iptc).toBeUndefined();
    expect([m.width, m.height]).toEqual([1200, 900]);
    expect(readFileSync(target).includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('is turned upright as its orientation said (a phone held upright writes a sideways picture)', async () => {
    const source = at('turned.jpg');
    await photo(1200, 900).jpeg().withMetadata({ orientation: 6 }).toFile(source);
    expect((await sharp(source).metadata()).orientation).toBe(6);
    const target = at('out-turned.jpg');
    await copyWithoutMetadata(source, target);
    const m = await sharp(target).metadata();
    expect([m.width, m.height]).toEqual([900, 1200]);
    expect(m.orientation ?? 1).toBe(1);
  });
});

describe('a picture without metadata', () => {
  it.each(['jpg', 'png'])('%s is copied byte for byte', async (ext) => {
    const source = at(`plain.${ext}`);
    await (ext === 'jpg' ? photo(1000, 800).jpeg() : photo(1000, 800).png()).toFile(source);
    const target = at(`out-plain.${ext}`);
    expect(await copyWithoutMetadata(source, target)).toBe(false);
    expect(readFileSync(target).equals(readFileSync(source))).toBe(true);
  });

  it('an SVG drawing is copied byte for byte', async () => {
    const source = at('drawing.svg');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    (await import('node:fs')).writeFileSync(source, svg);
    await copyWithoutMetadata(source, at('out-drawing.svg'));
    expect(readFileSync(at('out-drawing.svg'), 'utf8')).toBe(svg);
  });
});

describe('the build’s copy of published pictures', () => {
  it('strips a published phone photo once, and keeps the copy while the source is unchanged', async () => {
    const images = at('images');
    const out = at('out');
    (await import('node:fs')).mkdirSync(images);
    await photo(1200, 900).jpeg().withExif(GPS).toFile(path.join(images, 'tiles.jpg'));
    const view = catalogView([entry({ slug: 'tiles', imageUrl: '/images/products/tiles.jpg' })], AT);
    const first = await copyProductImages(out, view, images);
    expect(first).toMatchObject({ images: 1, copied: 1, stripped: 1 });
    expect(await exifOf(path.join(out, 'images/products/tiles.jpg'))).toBe('');
    const again = await copyProductImages(out, view, images, first.ledger);
    expect(again).toMatchObject({ copied: 0, stripped: 0 });
    // A copy that changed since (truncated by hand) is written again.
    (await import('node:fs')).writeFileSync(path.join(out, 'images/products/tiles.jpg'), 'x');
    expect((await copyProductImages(out, view, images, first.ledger)).copied).toBe(1);
    // A new photo under the same name is read anew.
    await photo(1300, 900).jpeg().withExif(GPS).toFile(path.join(images, 'tiles.jpg'));
    utimesSync(path.join(images, 'tiles.jpg'), new Date(), new Date(Date.now() + 5000));
    const third = await copyProductImages(out, view, images, first.ledger);
    expect(third.copied).toBe(1);
    expect((await sharp(path.join(out, 'images/products/tiles.jpg')).metadata()).width).toBe(1300);
    expect(statSync(path.join(out, 'images/products/tiles.jpg')).size).toBeGreaterThan(0);
  });
});

// Product pictures on disk. A local picture lives in the product images folder, outside public/
// (which the build copies whole, whatever a product's status): the build copies the pictures of
// published products only, so unpublishing or scheduling a product takes its picture down too.
// The validator and the build check the folder here: every local `imageUrl` names a file that
// exists and reads as a picture of an allowed kind (a photo of the allowed formats, size and
// resolution, or an SVG drawing), and no picture is left in public/, where it would be published
// regardless. What they read of each file (its dimensions, format and size) is the Picture the
// pages use for `width`, `height` and the Image CDN's sizes.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PHOTOS } from '../config/site.ts';
import { lineOf, type Problem } from './problems.ts';
import type { CatalogEntry, Picture } from './schema.ts';
import { localImageName, PRODUCT_IMAGES_PATH } from './urls.ts';

/** A hidden file (its name starts with a dot): never a picture, never content. */
export const isHidden = (name: string) => name.startsWith('.');

/** The product images folder, relative to the repository root (CATALOG_IMAGES_DIR moves it). */
export const PRODUCT_IMAGES_DIR = 'content/images/products';

/** Where product pictures used to live: public/ is copied as it is, so none may be left there. */
export const PUBLIC_IMAGES_DIR = `public${PRODUCT_IMAGES_PATH.replace(/\/$/, '')}`;

/**
 * Pictures read before, by a key of their content that costs no read of the file (git's blob id,
 * else size and modification time): a build whose pictures did not change reads no picture.
 */
export interface PictureCache {
  get(key: string): Picture | undefined;
  set(key: string, picture: Picture): void;
  save(): void;
}

export interface ImageCheck {
  /** Mistakes the build refuses. */
  problems: Problem[];
  /** Pictures no product uses: harmless (never copied), named so curators can tidy up. */
  notes: Problem[];
  /** What was read of each local picture a product uses, by file name (the valid ones). */
  pictures: Map<string, Picture>;
}

/** A file name's extension → the format its content must have: the photo formats (PHOTOS), `.jpg`, and SVG drawings. */
const EXTENSIONS: Record<string, string> = {
  ...Object.fromEntries(Object.keys(PHOTOS.formats).map((f) => [f, f])),
  jpg: 'jpeg',
  svg: 'svg',
};

/** The file name extensions a product picture may have (lower case; the validator reads them so). */
export const PICTURE_EXTENSIONS: readonly string[] = Object.keys(EXTENSIONS);

/** The kinds of picture, in words: "JPEG, PNG, WebP, AVIF or SVG". */
const KINDS_IN_WORDS = `${Object.values(PHOTOS.formats).join(', ')} or SVG`;

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** The media type of a picture by its file name's extension. */
export function imageMediaType(name: string): string {
  const format = EXTENSIONS[extensionOf(name)];
  return format ? `image/${format === 'svg' ? 'svg+xml' : format}` : 'application/octet-stream';
}

const filesIn = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isFile() && !isHidden(d.name))
        .map((d) => d.name)
        .sort()
    : [];

const rel = (root: string, abs: string) => path.relative(root, abs).split(path.sep).join('/');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** git's blob ids of the folder's tracked, unmodified files (none outside a git checkout). */
function gitBlobIds(dir: string): Map<string, string> {
  const ids = new Map<string, string>();
  try {
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const modified = new Set(git('ls-files', '-m', '-z', '--', '.').split('\0'));
    for (const line of git('ls-files', '-s', '-z', '--', '.').split('\0')) {
      const m = /^\d+ ([0-9a-f]{40,64}) \d\t(.+)$/.exec(line);
      if (m && !m[2]!.includes('/') && !modified.has(m[2]!)) ids.set(m[2]!, m[1]!);
    }
  } catch {
    // Not a git checkout, or no git: every picture is keyed by its size and time.
  }
  return ids;
}

/** sharp's name of a picture's format, AVIF named as such (sharp reads it as HEIF with AV1). */
export const pictureFormat = (m: { format?: string; compression?: string }) =>
  m.format === 'heif' && m.compression === 'av1' ? 'avif' : m.format;

/** Reads one picture's facts with sharp (only its header), or says why it cannot be read. */
async function readPicture(file: string, bytes: number): Promise<Picture | string> {
  const { default: sharp } = await import('sharp');
  try {
    const m = await sharp(file).metadata();
    const format = pictureFormat(m);
    // As it is shown: upright, as its orientation says (the build writes such a photo upright).
    const { width, height } = m.autoOrient ?? m;
    if (!format || !width || !height) return 'it has no readable format or size';
    return { width, height, format, bytes };
  } catch (err) {
    return (err as Error).message.replace(/\.$/, '');
  }
}

const UNKNOWN_KIND = (name: string) => ({
  message: `is a .${extensionOf(name)} file: pictures must be ${KINDS_IN_WORDS}`,
  fix: `Save the photo as ${Object.values(PHOTOS.formats)
    .join(', ')
    .replace(/, (?=[^,]*$)/, ' or ')} (a JPEG may end in .jpg), or the drawing as SVG.`,
});

/** What is wrong with a picture for a product, with the fix, or null. */
function pictureProblem(name: string, p: Picture): { message: string; fix: string } | null {
  const expected = EXTENSIONS[extensionOf(name)];
  if (!expected) return UNKNOWN_KIND(name);
  if (p.format !== expected)
    return {
      message: `is a ${p.format.toUpperCase()} file named .${extensionOf(name)}`,
      fix: `Rename it to end in .${Object.keys(EXTENSIONS).find((e) => EXTENSIONS[e] === p.format) ?? p.format} and change imageUrl to match, or save it again as ${expected.toUpperCase()}.`,
    };
  if (p.format === 'svg') return null;
  if (p.bytes > PHOTOS.maxBytes)
    return {
      message: `is ${megabytes(p.bytes)}: a photo may be at most ${megabytes(PHOTOS.maxBytes)}`,
      fix: 'Export it smaller: JPEG at quality 80–85 and about 2,400 px on its long side is plenty (the Image CDN resizes it for every screen).',
    };
  if (Math.min(p.width, p.height) < PHOTOS.minShortSide)
    return {
      message: `is ${p.width}×${p.height} px: a photo needs at least ${PHOTOS.minShortSide} px on its short side`,
      fix: `Use a larger photo (the maker's press image, or your own), at least ${PHOTOS.minShortSide} px on its short side, so it stays sharp on large screens.`,
    };
  return null;
}

export interface InspectOptions {
  /** Note the pictures no product uses: only meaningful when `entries` are the folder's own catalog. */
  orphans?: boolean;
  /** Pictures read before (the build's cache). */
  cache?: PictureCache;
}

/**
 * Checks the pictures of every product file (published or not: a draft's picture must be right
 * before it is published) and reads their facts. `imagesDir` is absolute; paths in messages are
 * relative to `root`.
 */
export async function inspectProductImages(
  entries: readonly CatalogEntry[],
  imagesDir: string,
  root: string,
  { orphans = true, cache }: InspectOptions = {},
): Promise<ImageCheck> {
  const problems: Problem[] = [];
  const present = new Set(filesIn(imagesDir));
  const folder = rel(root, imagesDir);
  const users = new Map<string, CatalogEntry[]>();
  for (const e of entries) {
    const name = localImageName(e.data.imageUrl);
    if (name !== null) users.set(name, [...(users.get(name) ?? []), e]);
  }
  const imageLine = (e: CatalogEntry) => lineOf(readFileSync(path.join(root, e.sourcePath), 'utf8'), 'imageUrl');
  const blobs = users.size ? gitBlobIds(imagesDir) : new Map<string, string>();
  const pictures = new Map<string, Picture>();
  for (const [name, using] of users) {
    const report = (message: string, fix: string) => {
      for (const e of using) problems.push({ file: e.sourcePath, line: imageLine(e), field: 'imageUrl', message, fix });
    };
    if (!present.has(name)) {
      report(
        `points to ${PRODUCT_IMAGES_PATH}${name}, but ${folder}/${name} does not exist`,
        `Add the picture as ${folder}/${name}, correct the file name, or write \`imageUrl: null\`.`,
      );
      continue;
    }
    if (!EXTENSIONS[extensionOf(name)]) {
      const { message, fix } = UNKNOWN_KIND(name);
      report(`points to ${folder}/${name}, which ${message}`, fix);
      continue;
    }
    const file = path.join(imagesDir, name);
    const stat = statSync(file);
    const blob = blobs.get(name);
    const key = blob ? `git:${blob}:${stat.size}` : `stat:${stat.size}:${stat.mtimeMs}`;
    let picture = cache?.get(key);
    if (!picture) {
      const read = await readPicture(file, stat.size);
      if (typeof read === 'string') {
        report(
          `points to ${folder}/${name}, which cannot be read as a picture (${read})`,
          `Open the file in an image editor and save it again as ${KINDS_IN_WORDS}.`,
        );
        continue;
      }
      picture = read;
      cache?.set(key, picture);
    }
    const wrong = pictureProblem(name, picture);
    if (wrong) report(`points to ${folder}/${name}, which ${wrong.message}`, wrong.fix);
    else pictures.set(name, picture);
  }
  for (const name of filesIn(path.join(root, PUBLIC_IMAGES_DIR))) {
    problems.push({
      file: `${PUBLIC_IMAGES_DIR}/${name}`,
      line: null,
      field: '(file)',
      message:
        'is a product picture in public/, which every build publishes whatever the product’s status, so ' +
        'an unpublished product’s picture would stay online',
      fix: `Move it to the product images folder: git mv ${PUBLIC_IMAGES_DIR}/${name} ${PRODUCT_IMAGES_DIR}/${name}`,
    });
  }
  const notes = [...present]
    .filter((name) => orphans && !users.has(name))
    .map((name): Problem => ({
      file: `${folder}/${name}`,
      line: null,
      field: '(file)',
      message: 'is used by no product file (it is never published)',
      fix: `Delete it, or point a product’s imageUrl at ${PRODUCT_IMAGES_PATH}${name}.`,
    }));
  return { problems, notes, pictures };
}

/** The absolute product images folder: `dir` (CATALOG_IMAGES_DIR) when given, else PRODUCT_IMAGES_DIR under `root`. */
export const productImagesDir = (root: string, dir?: string) => path.resolve(root, dir || PRODUCT_IMAGES_DIR);

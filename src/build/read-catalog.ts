// The build reads the product files once: every file parsed (YAML and the schema; a file whose
// text the parse cache knows is not parsed again), slugs checked against each other and the
// product pictures checked and measured (each entry then carries its local picture's facts; the
// picture cache answers pictures that did not change), in the integration before anything else. Its one result is
// what the content loader, the outputs worker and the post-build proof all read (./handoff.ts
// carries it to the first two). A problem stops the build here, with the validator's messages,
// before the output folder is touched.
import path from 'node:path';
import { inspectProductImages } from '../catalog/images.ts';
import { loadCatalog, type LoadResult } from '../catalog/load.ts';
import { PRODUCTS_DIR } from '../catalog/content-paths.ts';
import { formatProblems } from '../catalog/problems.ts';
import { openParseCache } from './parse-cache.ts';
import { openPictureCache } from './picture-cache.ts';
import { localImageName } from '../catalog/urls.ts';

export interface ReadOptions {
  /** The repository root: paths in messages are relative to it. */
  root: string;
  /** Absolute folders of the product files and the product pictures. */
  contentDir: string;
  imagesDir: string;
  /** The build cache folder, where the parse cache lives; none reads every file afresh. */
  cacheDir?: string;
  /** Digest of the code (./build-cache.ts `codeVersion`): another code's parse cache is ignored. */
  codeVersion?: string;
}

export interface ProductFiles extends LoadResult {
  /** How many files the parse cache answered. */
  unchanged: number;
}

/** Reads and checks every product file; throws the validator's report when any has a problem. */
export async function readProductFiles(opts: ReadOptions): Promise<ProductFiles> {
  const cache = opts.cacheDir && opts.codeVersion ? openParseCache(opts.cacheDir, opts.codeVersion) : undefined;
  // A folder laid out as the repository is (the local stack's copy of its site branch,
  // <folder>/content/products) names its files as the repository does, `content/products/<slug>.md`,
  // wherever it lies: proposals and the validator's messages name the repository's file.
  const suffix = `${path.sep}${PRODUCTS_DIR.split('/').join(path.sep)}`;
  const contentDir = path.resolve(opts.contentDir);
  const loaded = contentDir.endsWith(suffix)
    ? await loadCatalog(PRODUCTS_DIR, contentDir.slice(0, -suffix.length), cache)
    : await loadCatalog(path.relative(opts.root, opts.contentDir) || '.', opts.root, cache);
  const pictureCache = opts.cacheDir ? openPictureCache(opts.cacheDir) : undefined;
  const images = await inspectProductImages(loaded.entries, opts.imagesDir, opts.root, {
    orphans: false,
    ...(pictureCache ? { cache: pictureCache } : {}),
  });
  const problems = [...loaded.problems, ...images.problems];
  if (problems.length) throw new Error(`Invalid product files.\n${formatProblems(problems)}`);
  cache?.save();
  pictureCache?.save();
  // Copies: the parse cache keeps the entries as the files say them.
  const entries = loaded.entries.map((e) => {
    const picture = images.pictures.get(localImageName(e.data.imageUrl) ?? '');
    return picture ? { ...e, picture } : e;
  });
  return { entries, problems: [], unchanged: cache?.hits ?? 0 };
}

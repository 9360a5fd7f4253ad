// The build reads the product files once: every file parsed (YAML and the schema; a file whose
// text the parse cache knows is not parsed again), slugs checked against each other and the
// product pictures checked, in the integration before anything else happens. Its one result is
// what the content loader, the outputs worker and the post-build proof all read (./handoff.ts
// carries it to the first two). A problem stops the build here, with the validator's messages,
// before the output folder is touched.
import path from 'node:path';
import { checkProductImages } from '../catalog/images.ts';
import { loadCatalog, type LoadResult } from '../catalog/load.ts';
import { formatProblems } from '../catalog/problems.ts';
import { openParseCache } from './parse-cache.ts';

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
  const loaded = await loadCatalog(path.relative(opts.root, opts.contentDir) || '.', opts.root, cache);
  const problems = [...loaded.problems, ...checkProductImages(loaded.entries, opts.imagesDir, opts.root).problems];
  if (problems.length) throw new Error(`Invalid product files.\n${formatProblems(problems)}`);
  cache?.save();
  return { ...loaded, unchanged: cache?.hits ?? 0 };
}

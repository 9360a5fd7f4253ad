// Where the admin tools get the catalog: the build's snapshot file (production and `netlify
// serve`) or the product files themselves (unit tests, scripts). Both load lazily, once.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bySlug } from '../../catalog/catalog.ts';
import { loadCatalog, PRODUCTS_DIR } from '../../catalog/load.ts';
import { SNAPSHOT_PATH, parseSnapshot, type AdminCatalog, type AdminCatalogSource } from './snapshot.ts';

function once(load: () => Promise<AdminCatalog>): AdminCatalogSource {
  let pending: Promise<AdminCatalog> | undefined;
  return {
    load() {
      // A failed load is not cached, so a later call can succeed once the file is there.
      pending ??= load().catch((err: unknown) => {
        pending = undefined;
        throw err;
      });
      return pending;
    },
  };
}

/** The snapshot written by `scripts/build-admin-catalog.ts`, resolved against `root`. */
export function snapshotSource(file = path.resolve(process.cwd(), SNAPSHOT_PATH)): AdminCatalogSource {
  return once(async () => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unknown';
      throw new Error(`The admin catalog snapshot is missing (${code} at ${file}); run \`npm run build\`.`);
    }
    return parseSnapshot(text);
  });
}

export interface ContentSourceOptions {
  /** Folder of product files, relative to `root`; CATALOG_CONTENT_DIR or content/products by default. */
  dir?: string;
  /** Repository root that source paths are relative to; the working directory by default. */
  root?: string;
  /** The load time, reported as `builtAt`. */
  clock?: () => Date;
}

/** Reads the product files directly (problems included, not thrown). */
export function contentSource(opts: ContentSourceOptions = {}): AdminCatalogSource {
  const { dir = process.env.CATALOG_CONTENT_DIR ?? PRODUCTS_DIR, root = process.cwd(), clock = () => new Date() } = opts;
  return once(async () => {
    const { entries, problems } = await loadCatalog(dir, root);
    return { entries: entries.sort(bySlug), problems, builtAt: clock() };
  });
}

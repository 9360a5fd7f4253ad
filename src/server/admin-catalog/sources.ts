// Where the admin tools get the catalog: the build's snapshot file (production and `netlify
// serve`) or the product files themselves (unit tests, scripts). Both load lazily, once.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bySlug } from '../../catalog/catalog.ts';
import {
  SNAPSHOT_ENCODING,
  SNAPSHOT_PATH,
  parseSnapshot,
  type AdminCatalog,
  type AdminCatalogSource,
} from './snapshot.ts';

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

/**
 * Where the snapshot may be: ADMIN_CATALOG_PATH when set, else `.generated/admin-catalog.json`
 * under the working directory (netlify serve and production, where netlify.toml's
 * `included_files` ships it) or under the Lambda task root.
 */
export function snapshotCandidates(env: Record<string, string | undefined> = process.env): string[] {
  if (env.ADMIN_CATALOG_PATH) return [path.resolve(env.ADMIN_CATALOG_PATH)];
  const roots = [process.cwd(), env.LAMBDA_TASK_ROOT].filter((r): r is string => Boolean(r));
  return [...new Set(roots.map((r) => path.resolve(r, SNAPSHOT_PATH)))];
}

/** The snapshot the build writes (src/integrations/catalog-outputs.ts): the first candidate that exists. */
export function snapshotSource(files: string[] = snapshotCandidates()): AdminCatalogSource {
  return once(async () => {
    for (const file of files) {
      try {
        return parseSnapshot(await readFile(file, SNAPSHOT_ENCODING));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    throw new Error(`The admin catalog snapshot is missing (looked in ${files.join(', ')}); run \`npm run build\`.`);
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
  const { dir = process.env.CATALOG_CONTENT_DIR || undefined, root = process.cwd(), clock = () => new Date() } = opts;
  return once(async () => {
    // Imported on use: the loader (gray-matter, js-yaml, the schema) is not needed to serve the snapshot.
    const { loadCatalog, PRODUCTS_DIR } = await import('../../catalog/load.ts');
    const { entries, problems } = await loadCatalog(dir ?? PRODUCTS_DIR, root);
    return { entries: entries.sort(bySlug), problems, builtAt: clock() };
  });
}

// The curators' editor's files as the last bundling made them, kept in the checkout's build cache
// by the code's digest and Decap's release: a cold build copies them instead of bundling again.
// Why: esbuild's bundling was about 1 s of the outputs worker's 3.4 s on a cold 10-product build.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { BUILD_CACHE_DIR } from './build-cache.ts';
import { decapVersion, type EditorBundle } from './editor-bundle.ts';
import { writeAnew } from './staging.ts';

type KeptBundle = Omit<EditorBundle, 'written'>;

const CACHE = 'editor-code';
const MANIFEST = 'bundle.json';

/** The folder of this code's and this Decap release's editor files. */
function folderOf(root: string, codeVersion: string): string {
  const key = createHash('sha1')
    .update(`${decapVersion(root)}\0${codeVersion}`)
    .digest('base64url');
  return path.join(root, BUILD_CACHE_DIR, CACHE, key);
}

/**
 * Copies the kept editor files of this code into `outDir` and returns what the bundling said of
 * them (to be given to writeEditorBundle as the last build's), or undefined when none are kept.
 */
export function restoreEditorCode(root: string, outDir: string, codeVersion: string): KeptBundle | undefined {
  const folder = folderOf(root, codeVersion);
  let kept: KeptBundle;
  try {
    kept = JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8')) as KeptBundle;
  } catch {
    return undefined;
  }
  if (!kept.files.every((f) => existsSync(path.join(folder, f)))) return undefined;
  for (const f of kept.files) {
    const to = path.join(outDir, f);
    mkdirSync(path.dirname(to), { recursive: true });
    writeAnew(to);
    copyFileSync(path.join(folder, f), to);
  }
  return kept;
}

/** Keeps the editor files just written into `outDir` for the next cold build (the last code's only). */
export function keepEditorCode(root: string, outDir: string, codeVersion: string, bundle: EditorBundle): void {
  const folder = folderOf(root, codeVersion);
  const part = `${folder}.${process.pid}.part`;
  rmSync(part, { recursive: true, force: true });
  for (const f of bundle.files) {
    mkdirSync(path.dirname(path.join(part, f)), { recursive: true });
    copyFileSync(path.join(outDir, f), path.join(part, f));
  }
  const { written: _, ...kept } = bundle;
  writeFileSync(path.join(part, MANIFEST), JSON.stringify(kept satisfies KeptBundle));
  const parent = path.dirname(folder);
  for (const old of readdirSync(parent))
    if (!old.endsWith('.part')) rmSync(path.join(parent, old), { recursive: true, force: true });
  renameSync(part, folder);
}

// The curators' editor's code, in the output under /admin: Decap CMS's prebuilt bundle and the
// chunks it loads on demand, copied from its npm package (never from a CDN; installed alone into the
// folder decap-cms.lock.json names, by scripts/install-decap.cjs), and the project's own
// editor code (src/editor/) bundled by esbuild on its own, outside Astro's Vite build, so that no
// reader page's script shares a chunk with it. Nothing is copied or bundled again while the Decap
// version and the project's code are those of the last build and the files are still there.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EDITOR_BUNDLE_DIR, EDITOR_SCRIPT_PATH, EDITOR_STYLE_PATH } from '../catalog/urls.ts';
import { writeAnew } from './staging.ts';

export interface EditorBundle {
  /** What the files were made from: Decap's version and the code's digest. */
  key: string;
  /** The files under the output folder (relative), for pruning. */
  files: string[];
  /** Bytes of the project's own editor script (Decap's bundle is 5 MB on top). */
  scriptBytes: number;
  written: number;
}

const EDITOR_ENTRY = 'src/editor/main.ts';

/** Where `npm install` put Decap's package (decap-cms.lock.json's `folder`). */
export const decapFolder = (root: string): string =>
  path.join(
    root,
    (JSON.parse(readFileSync(path.join(root, 'decap-cms.lock.json'), 'utf8')) as { folder: string }).folder,
  );
const EDITOR_STYLES = 'src/editor/editor.css';

export async function writeEditorBundle(
  root: string,
  outDir: string,
  codeVersion: string,
  previousKey?: string,
): Promise<EditorBundle> {
  const pkg = path.join(decapFolder(root), 'package.json');
  if (!existsSync(pkg))
    throw new Error(
      `Decap CMS's bundle is not installed (${path.relative(root, pkg)} is missing): run \`npm install\`, ` +
        'whose postinstall installs it (scripts/install-decap.cjs, decap-cms.lock.json).',
    );
  const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
  const from = path.join(path.dirname(pkg), 'dist');
  const names = readdirSync(from).filter((n) => n === 'decap-cms.js' || /^\w+\.decap-cms\.js$/.test(n));
  const dir = EDITOR_BUNDLE_DIR.slice(1);
  const script = EDITOR_SCRIPT_PATH.slice(1);
  const style = EDITOR_STYLE_PATH.slice(1);
  const files = [...names.map((n) => `${dir}/${n}`), script, style];
  const key = `decap ${version}, code ${codeVersion}`;
  const out = (f: string) => path.join(outDir, f);
  if (previousKey === key && files.every((f) => existsSync(out(f))))
    return { key, files, scriptBytes: readFileSync(out(script)).length, written: 0 };

  mkdirSync(out(dir), { recursive: true });
  for (const n of names) {
    writeAnew(out(`${dir}/${n}`));
    copyFileSync(path.join(from, n), out(`${dir}/${n}`));
  }
  writeAnew(out(style));
  copyFileSync(path.join(root, EDITOR_STYLES), out(style));
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(root, EDITOR_ENTRY)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    // The site's stylesheet reaches the preview as text.
    loader: { '.css': 'text' },
    // gray-matter requires `fs` for reading files, which the editor never does.
    plugins: [
      {
        name: 'no-node-fs',
        setup(b) {
          b.onResolve({ filter: /^(node:)?fs$/ }, () => ({ path: 'fs', namespace: 'no-fs' }));
          b.onLoad({ filter: /.*/, namespace: 'no-fs' }, () => ({ contents: 'export default {};' }));
        },
      },
    ],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  writeAnew(out(script));
  writeFileSync(out(script), code);
  return { key, files, scriptBytes: code.length, written: files.length };
}

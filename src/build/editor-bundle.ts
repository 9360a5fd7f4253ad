// The curators' editor's code, in the output under /admin: Decap CMS's prebuilt bundle and the
// chunks it loads on demand, copied from its npm package (never from a CDN), and the project's own
// editor code (src/editor/) bundled by esbuild on its own, outside Astro's Vite build, so that no
// reader page's script shares a chunk with it. Nothing is copied or bundled again while the Decap
// version and the project's code are those of the last build and the files are still there.
// Decap's files go in a folder named by its version (served immutable, src/cdn/header-rules.ts);
// the editor's code learns that path from the bundler. Modules the editor never runs are left out:
// zod's translations of its messages (the editor shows its own words), gray-matter's YAML engine
// (src/catalog/front-matter.ts gives it the `yaml` package's), and the preview's Markdown renderer
// and stylesheet load only when the preview is shown (a phone never shows it).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  decapBundlePath,
  EDITOR_PATH,
  EDITOR_SCRIPT_PATH,
  EDITOR_STYLE_PATH,
  PREVIEW_STYLE_PATH,
} from '../catalog/urls.ts';
import { writeAnew } from './staging.ts';

export interface EditorBundle {
  /** What the files were made from: Decap's version and the code's digest. */
  key: string;
  /** The files under the output folder (relative), for pruning. */
  files: string[];
  /** Bytes of the project's own editor scripts, its chunks included (Decap's bundle is 5 MB on top). */
  scriptBytes: number;
  written: number;
}

const EDITOR_ENTRY = 'src/editor/main.ts';
const EDITOR_STYLES = 'src/editor/editor.css';
const SITE_STYLES = 'src/styles/site.css';

/** Stands in for a module the editor never runs: `contents` is what it exports instead. */
const standIn = (name: string, filter: RegExp, importer: RegExp, contents: string) => ({
  name,
  setup(b: import('esbuild').PluginBuild) {
    b.onResolve({ filter }, (args) => (importer.test(args.importer) ? { path: name, namespace: name } : undefined));
    b.onLoad({ filter: /.*/, namespace: name }, () => ({ contents, resolveDir: process.cwd() }));
  },
});

const never = (what: string) => `() => { throw new Error('${what} is not part of the editor.'); }`;

/** Where `npm install` put Decap's package (decap-cms.lock.json's `folder`). */
export const decapFolder = (root: string): string =>
  path.join(
    root,
    (JSON.parse(readFileSync(path.join(root, 'decap-cms.lock.json'), 'utf8')) as { folder: string }).folder,
  );

/** Decap's package.json, or an error saying how to install it. */
function decapPackage(root: string): string {
  const pkg = path.join(decapFolder(root), 'package.json');
  if (!existsSync(pkg))
    throw new Error(
      `Decap CMS's bundle is not installed (${path.relative(root, pkg)} is missing): run \`npm install\`, ` +
        'whose postinstall installs it (scripts/install-decap.cjs, decap-cms.lock.json).',
    );
  return pkg;
}

/** Decap's version, which names the folder its files are served from. */
export function decapVersion(root: string): string {
  return (JSON.parse(readFileSync(decapPackage(root), 'utf8')) as { version: string }).version;
}

export async function writeEditorBundle(
  root: string,
  outDir: string,
  codeVersion: string,
  previousKey?: string,
): Promise<EditorBundle> {
  const pkg = decapPackage(root);
  const version = decapVersion(root);
  const from = path.join(path.dirname(pkg), 'dist');
  const names = readdirSync(from).filter((n) => n === 'decap-cms.js' || /^\w+\.decap-cms\.js$/.test(n));
  const decapPath = decapBundlePath(version);
  const dir = path.posix.dirname(decapPath).slice(1);
  const style = EDITOR_STYLE_PATH.slice(1);
  const preview = PREVIEW_STYLE_PATH.slice(1);
  const key = `decap ${version}, code ${codeVersion}`;
  const out = (f: string) => path.join(outDir, f);
  const admin = EDITOR_PATH.slice(1);
  const decapFiles = names.map((n) => `${dir}/${n}`);
  // Unchanged since the last build: the files are there (the editor's chunks are named by their hash).
  if (
    previousKey === key &&
    [...decapFiles, EDITOR_SCRIPT_PATH.slice(1), style, preview].every((f) => existsSync(out(f)))
  ) {
    const scripts = readdirSync(out(admin))
      .filter((n) => /^editor(-\w+)?\.js$/.test(n))
      .map((n) => `${admin}/${n}`);
    const scriptBytes = scripts.reduce((n, f) => n + statSync(out(f)).size, 0);
    return { key, files: [...decapFiles, ...scripts, style, preview], scriptBytes, written: 0 };
  }
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: { editor: path.join(root, EDITOR_ENTRY) },
    bundle: true,
    splitting: true,
    outdir: out(EDITOR_PATH.slice(1)),
    chunkNames: 'editor-[hash]',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    define: { DECAP_BUNDLE_PATH: JSON.stringify(decapPath) },
    plugins: [
      // gray-matter requires `fs` for reading files, which the editor never does.
      standIn('no-node-fs', /^(node:)?fs$/, /./, 'export default {};'),
      // zod's messages in 40 languages: the editor says its own (src/outputs/editor-words.ts).
      standIn(
        'zod-english-only',
        /locales\/index\.js$/,
        /zod/,
        "export { default as en } from 'zod/v4/locales/en.js';",
      ),
      // gray-matter's own YAML engine: src/catalog/front-matter.ts gives it the `yaml` package's.
      standIn(
        'no-js-yaml',
        /^js-yaml$/,
        /gray-matter/,
        `const no = ${never('js-yaml')}; export const load = no, safeLoad = no, dump = no, safeDump = no; export default { load, safeLoad, dump, safeDump };`,
      ),
    ],
    logLevel: 'silent',
  });
  const scripts = result.outputFiles.map((f) => ({ file: path.relative(outDir, f.path), contents: f.contents }));
  const files = [...decapFiles, ...scripts.map((s) => s.file), style, preview];
  const scriptBytes = scripts.reduce((n, s) => n + s.contents.length, 0);

  mkdirSync(out(dir), { recursive: true });
  mkdirSync(out(admin), { recursive: true });
  for (const n of names) {
    writeAnew(out(`${dir}/${n}`));
    copyFileSync(path.join(from, n), out(`${dir}/${n}`));
  }
  writeAnew(out(style));
  copyFileSync(path.join(root, EDITOR_STYLES), out(style));
  writeAnew(out(preview));
  copyFileSync(path.join(root, SITE_STYLES), out(preview));
  for (const s of scripts) {
    writeAnew(out(s.file));
    writeFileSync(out(s.file), s.contents);
  }
  return { key, files, scriptBytes, written: files.length };
}

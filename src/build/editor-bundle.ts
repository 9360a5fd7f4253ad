// The curators' editor's code in the output: Decap CMS composed from its own npm packages
// (src/editor/decap-app.ts, never from a CDN) and the project's own editor code (src/editor/, in
// /editor-code/, each file named by its content's hash) bundled by esbuild on its own, outside
// Astro's Vite build, so that no reader page's script shares a chunk with it; the editor's
// stylesheets under /admin. Decap's script goes in a folder named by its release (its core's
// version and a digest of what it is made from) and is served immutable (src/cdn/header-rules.ts);
// it is bundled once per release into the build cache, so a build, a test or the benchmark that
// needs it again copies it. The editor's page names both (src/outputs/editor-page.ts). Nothing is
// copied or bundled again while the release and the project's code are those of the last build and
// the files are still there. Modules the editor never runs are left out: zod's translations of its
// messages (the editor shows its own words), gray-matter's YAML engine (src/catalog/front-matter.ts
// gives it the `yaml` package's), and the preview's Markdown renderer and stylesheet load only when
// the preview is shown (a phone never shows it).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decapBundlePath, EDITOR_CODE_DIR, EDITOR_STYLE_PATH, PREVIEW_STYLE_PATH } from '../catalog/urls.ts';
import type { EditorScripts } from '../outputs/editor-page.ts';
import { BUILD_CACHE_DIR } from './build-cache.ts';
import { precompiledDecapConfig } from './decap-config-check.ts';
import { writeAnew } from './staging.ts';

export interface EditorBundle {
  /** What the files were made from: Decap's release and the code's digest. */
  key: string;
  /** The files under the output folder (relative), for pruning. */
  files: string[];
  /** The scripts the editor's page loads and preloads (src/outputs/editor-page.ts). */
  scripts: EditorScripts;
  /** Bytes of the project's own editor scripts, its chunks included (Decap's script is 2.4 MB on top). */
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

const DECAP_ENTRY = 'src/editor/decap-app.ts';
/** Decap's check of its configuration, precompiled into its script (./decap-config-check.ts). */
const DECAP_CONFIG_CHECK = 'src/build/decap-config-check.ts';

/**
 * V8's explicit compile hint (Chromium 136 on): every function of the file is compiled at once,
 * off the main thread while the script loads, instead of on the main thread when first called.
 * Nearly all of Decap's and the editor's code runs as the editor opens; measured on the phone's
 * profile (docs/bench.md): the repeat visit 8.2 s → 6.1 s, the first 11.6 s → 10.7 s.
 */
const COMPILE_ALL_AT_LOAD = { js: '//# allFunctionsCalledOnLoad' };

/**
 * How Decap's script is bundled: one classic script, minified, so that esbuild takes React's
 * production build (a minified browser build defines NODE_ENV as "production").
 */
const DECAP_BUILD = {
  banner: COMPILE_ALL_AT_LOAD,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  define: { global: 'globalThis' },
  logLevel: 'silent',
} as const;

/** Decap's core's version, as `npm install` put it. */
function decapCoreVersion(root: string): string {
  const pkg = path.join(root, 'node_modules/decap-cms-core/package.json');
  if (!existsSync(pkg))
    throw new Error(
      `Decap CMS is not installed (${path.relative(root, pkg)} is missing): run \`npm install\`; ` +
        'its packages are devDependencies in package.json.',
    );
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/**
 * Decap's release, which names the folder its script is served from: its core's version and a
 * digest of what the script is made from (the composition, the lock of every package it may
 * bundle, the bundler's version and options). A new release is a new address, so a browser never
 * keeps an old script under the immutable rule; it changes when a dependency does.
 */
export function decapVersion(root: string): string {
  const digest = createHash('sha256');
  for (const f of [DECAP_ENTRY, DECAP_CONFIG_CHECK, 'package-lock.json', 'node_modules/esbuild/package.json'])
    digest.update(readFileSync(path.join(root, f)));
  digest.update(JSON.stringify(DECAP_BUILD));
  return `${decapCoreVersion(root)}-${digest.digest('hex').slice(0, 10)}`;
}

/**
 * Decap's script of this release (`version`, as decapVersion() tells it), bundled into the build
 * cache the first time it is asked for (about 1.5 s) and read from there after; written under a
 * temporary name, then renamed, so that two builds at once each see a whole file.
 */
export async function decapScript(root: string, version = decapVersion(root)): Promise<string> {
  const file = path.join(root, BUILD_CACHE_DIR, 'decap', version, 'decap-cms.js');
  if (existsSync(file)) return file;
  const { build } = await import('esbuild');
  const result = await build({
    ...DECAP_BUILD,
    entryPoints: [path.join(root, DECAP_ENTRY)],
    write: false,
    plugins: [await precompiledDecapConfig(root)],
  });
  mkdirSync(path.dirname(file), { recursive: true });
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, result.outputFiles[0]!.contents);
  renameSync(part, file);
  return file;
}

/** Writes the editor's files into `outDir`; `previous` is what the last build wrote there (its ledger). */
export async function writeEditorBundle(
  root: string,
  outDir: string,
  codeVersion: string,
  previous?: Omit<EditorBundle, 'written'>,
): Promise<EditorBundle> {
  const version = decapVersion(root);
  const decapPath = decapBundlePath(version);
  const style = EDITOR_STYLE_PATH.slice(1);
  const preview = PREVIEW_STYLE_PATH.slice(1);
  const key = `decap ${version}, code ${codeVersion}`;
  const out = (f: string) => path.join(outDir, f);
  const decapFile = decapPath.slice(1);
  const code = EDITOR_CODE_DIR.slice(1);
  // Unchanged since the last build: the files are there (each named by its content's hash).
  if (previous?.key === key && previous.files.every((f) => existsSync(out(f)))) return { ...previous, written: 0 };
  const decap = decapScript(root, version); // bundled meanwhile, the first time
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: { editor: path.join(root, EDITOR_ENTRY) },
    bundle: true,
    splitting: true,
    outdir: out(code),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    banner: COMPILE_ALL_AT_LOAD,
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
  const files = [decapFile, ...scripts.map((s) => s.file), style, preview];
  const scriptBytes = scripts.reduce((n, s) => n + s.contents.length, 0);
  const entry = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint)![0];
  const page: EditorScripts = {
    editor: `/${path.relative(outDir, path.resolve(entry)).split(path.sep).join('/')}`,
    decap: decapPath,
  };

  mkdirSync(path.dirname(out(decapFile)), { recursive: true });
  mkdirSync(out(code), { recursive: true });
  mkdirSync(path.dirname(out(style)), { recursive: true });
  writeAnew(out(decapFile));
  copyFileSync(await decap, out(decapFile));
  writeAnew(out(style));
  copyFileSync(path.join(root, EDITOR_STYLES), out(style));
  writeAnew(out(preview));
  copyFileSync(path.join(root, SITE_STYLES), out(preview));
  for (const s of scripts) {
    writeAnew(out(s.file));
    writeFileSync(out(s.file), s.contents);
  }
  return { key, files, scripts: page, scriptBytes, written: files.length };
}

// The floors of src/ (src/README.md): every import runs from a higher floor to a lower one, or stays
// inside its own folder. A new import that reaches up (the domain importing the admin side, an
// output importing the CDN code, the build importing request handlers) fails here, naming the line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');

/** Folder of src/ → its floor. The UI folders share floor 5 and may import each other. */
const FLOORS: Record<string, number> = {
  config: 1,
  catalog: 2,
  content: 2,
  contract: 3,
  outputs: 4,
  cdn: 4,
  admin: 4,
  build: 5,
  server: 5,
  pages: 5,
  layouts: 5,
  components: 5,
  editor: 5,
  scripts: 5,
  styles: 5,
};
/** Floor-5 folders that may import each other (the HTML site). */
const UI = new Set(['pages', 'layouts', 'components', 'scripts', 'styles', 'content', 'editor']);

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Edge {
  file: string;
  from: string;
  to: string;
  spec: string;
}

function edges(): Edge[] {
  const files = globSync('**/*.{ts,mts,astro}', { cwd: SRC });
  const out: Edge[] = [];
  for (const rel of files) {
    const from = rel.split(path.sep)[0]!;
    if (!(from in FLOORS)) continue;
    const text = readFileSync(path.join(SRC, rel), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2]!;
      if (!spec.startsWith('.')) continue;
      const target = path.relative(SRC, path.resolve(SRC, path.dirname(rel), spec));
      const to = target.split(path.sep)[0]!;
      out.push({ file: `src/${rel}`, from, to, spec });
    }
  }
  return out;
}

const allowed = ({ from, to }: Edge) =>
  from === to ||
  (to in FLOORS && FLOORS[to]! < FLOORS[from]!) ||
  (UI.has(from) && UI.has(to)) ||
  // The pages read the catalog and their incremental-build keys through the build's bridge.
  (UI.has(from) && to === 'build');

describe('the floors of src/', () => {
  const all = edges();

  it('finds the imports it judges', () => {
    expect(all.length).toBeGreaterThan(300);
    // config imports nothing from another floor (its files may import each other), styles hold no code.
    const importing = Object.keys(FLOORS).filter((f) => f !== 'styles');
    expect(new Set(all.map((e) => e.from))).toEqual(new Set(importing));
  });

  it.each([
    ['catalog', 'admin'],
    ['outputs', 'cdn'],
    ['contract', 'outputs'],
    ['config', 'catalog'],
    ['admin', 'server'],
  ])('refuses an import from %s up to %s', (from, to) => {
    expect(allowed({ file: 'x', from, to, spec: 'x' })).toBe(false);
  });

  it('has every import run to a lower floor or stay in its folder', () => {
    const wrong = all.filter((e) => !allowed(e)).map((e) => `${e.file}: ${e.spec} (${e.from} → ${e.to})`);
    expect(wrong).toEqual([]);
  });

  it('keeps the build and the request handlers apart', () => {
    const crossing = all
      .filter((e) => (e.from === 'build' && e.to === 'server') || (e.from === 'server' && e.to === 'build'))
      .map((e) => `${e.file}: ${e.spec}`);
    expect(crossing).toEqual([]);
  });

  it('judges every folder of src/', () => {
    const folders = globSync('*/', { cwd: SRC }).map((d) => d.replace(/[/\\]$/, ''));
    expect(folders.filter((f) => !(f in FLOORS))).toEqual([]);
  });
});

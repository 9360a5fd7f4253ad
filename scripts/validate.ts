// `npm run validate [folder]`: checks every product file with the same schema the build uses, the
// product pictures the build copies, and content/recall-watch.yml (the recall watcher's aliases and
// dismissals), and that the content folders hold nothing but content (src/catalog/content-paths.ts),
// and prints, per problem, the file, the field, what is wrong and how to fix it. Exits 1 on
// problems; notes (pictures no product uses, hidden files) and safety hints (a warning the product
// may need, src/catalog/safety-check.ts) do not fail it.
// In GitHub Actions it also prints workflow annotations so the message lands on the changed line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentFolderProblems } from '../src/catalog/content-paths.ts';
import { inspectProductImages, productImagesDir } from '../src/catalog/images.ts';
import { loadCatalog } from '../src/catalog/load.ts';
import { PRODUCTS_DIR } from '../src/catalog/content-paths.ts';
import { settings } from '../src/config/env.ts';
import { formatProblem, formatProblems, type Problem } from '../src/catalog/problems.ts';
import { parseRecallWatch, RECALL_WATCH_FILE, recallWatchProblems } from '../src/catalog/recall-watch-file.ts';
import { safetyHints } from '../src/catalog/safety-check.ts';

const { build } = settings();
const dir = process.argv[2] ?? build.contentDir ?? PRODUCTS_DIR;
const root = process.cwd();
let result: Awaited<ReturnType<typeof loadCatalog>>;
try {
  result = await loadCatalog(dir, root);
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  console.error(
    code === 'ENOENT' || code === 'ENOTDIR' ? `No product folder at ${dir}.` : `Cannot read ${dir}: ${String(err)}`,
  );
  process.exit(1);
}
const { entries } = result;
if (entries.length === 0 && result.problems.length === 0) {
  console.error(`No product files (*.md) in ${dir}.`);
  process.exit(1);
}
// Pictures no product uses are noted only when the catalog's own products are checked.
const ownCatalog = path.resolve(root, dir) === path.resolve(root, PRODUCTS_DIR) || !!build.imagesDir;
const images = await inspectProductImages(entries, productImagesDir(root, build.imagesDir), root, {
  orphans: ownCatalog,
});
// The repository's own content folders hold content only (a folder given on the command line is checked for its products alone).
const folders = ownCatalog ? contentFolderProblems(root) : { problems: [], notes: [] };
const problems = [...result.problems, ...images.problems, ...folders.problems, ...recallWatchFileProblems()];
const notes = [...images.notes, ...folders.notes];

/** content/recall-watch.yml's problems (none when there is no such file); slugs are checked against our own catalog only. */
function recallWatchFileProblems(): Problem[] {
  let text: string;
  try {
    text = readFileSync(path.join(root, RECALL_WATCH_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const parsed = parseRecallWatch(text);
  if (!parsed.ok) return parsed.problems;
  return ownCatalog ? recallWatchProblems(parsed.value, new Set(entries.map((e) => e.data.slug))) : [];
}

// Workflow-command escaping: data escapes % CR LF; property values also escape : and ,.
const esc = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const prop = (s: string) => esc(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
const annotate = (level: 'error' | 'warning', list: Problem[]) => {
  if (process.env.GITHUB_ACTIONS !== 'true') return;
  for (const p of list) {
    const where = `file=${prop(p.file)}${p.line ? `,line=${p.line}` : ''},title=${prop(p.field)}`;
    console.log(`::${level} ${where}::${esc(`${p.field} ${p.message}. Fix: ${p.fix}`)}`);
  }
};

if (notes.length) {
  console.log(`Note: ${notes.length} file(s) nothing reads:\n${notes.map(formatProblem).join('\n')}\n`);
  annotate('warning', notes);
}
const hints = safetyHints(
  entries,
  new Map(entries.map((e) => [e.sourcePath, readFileSync(path.join(root, e.sourcePath), 'utf8')])),
);
if (hints.length) {
  console.log(
    `Safety: ${hints.length} product(s) may need a warning (add it, or say why none is needed):\n${hints.map(formatProblem).join('\n')}\n`,
  );
  annotate('warning', hints);
}
if (problems.length === 0) {
  console.log(`✓ ${entries.length} product files in ${dir} are valid.`);
  process.exit(0);
}
console.error(formatProblems(problems));
annotate('error', problems);
process.exit(1);

// `npm run validate [folder]`: checks every product file with the same schema the build uses and
// prints, per problem, the file, the field, what is wrong and how to fix it. Exits 1 on problems.
// In GitHub Actions it also prints workflow annotations so the message lands on the changed line.
import { loadCatalog, PRODUCTS_DIR } from '../src/catalog/load.ts';
import { formatProblems } from '../src/catalog/problems.ts';

const dir = process.argv[2] ?? process.env.CATALOG_CONTENT_DIR ?? PRODUCTS_DIR;
let result: Awaited<ReturnType<typeof loadCatalog>>;
try {
  result = await loadCatalog(dir);
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  console.error(
    code === 'ENOENT' || code === 'ENOTDIR' ? `No product folder at ${dir}.` : `Cannot read ${dir}: ${String(err)}`,
  );
  process.exit(1);
}
const { entries, problems } = result;
if (entries.length === 0 && problems.length === 0) {
  console.error(`No product files (*.md) in ${dir}.`);
  process.exit(1);
}

if (problems.length === 0) {
  console.log(`✓ ${entries.length} product files in ${dir} are valid.`);
  process.exit(0);
}

console.error(formatProblems(problems));
if (process.env.GITHUB_ACTIONS === 'true') {
  // Workflow-command escaping: data escapes % CR LF; property values also escape : and ,.
  const esc = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const prop = (s: string) => esc(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  for (const p of problems) {
    const where = `file=${prop(p.file)}${p.line ? `,line=${p.line}` : ''},title=${prop(p.field)}`;
    console.log(`::error ${where}::${esc(`${p.field} ${p.message}. Fix: ${p.fix}`)}`);
  }
}
process.exit(1);

// `npm run check:dist [dist]`: the post-build proof (src/build/check-dist.ts) over an
// existing build. Exits 1 with one line per failure.
import path from 'node:path';
import { loadCatalog } from '../src/catalog/load.ts';
import { settings } from '../src/config/env.ts';
import { formatProblems } from '../src/catalog/problems.ts';
import { checkDist, formatFailures } from '../src/build/check-dist.ts';

const dist = path.resolve(process.argv[2] ?? 'dist');
const { entries, problems } = await loadCatalog(settings().build.contentDir);
if (problems.length) {
  console.error(formatProblems(problems));
  process.exit(1);
}
const { failures, filesScanned, ms } = await checkDist(dist, { entries, base: settings().site.url });
if (failures.length) {
  console.error(
    `✖ Post-build proof failed for ${dist} (${failures.length} ` +
      `problem${failures.length === 1 ? '' : 's'}):\n${formatFailures(failures)}`,
  );
  process.exit(1);
}
console.log(
  `✓ Post-build proof passed for ${dist}: ${entries.length} product ` +
    `files, ${filesScanned} files scanned, ${ms.toFixed(0)} ms.`,
);

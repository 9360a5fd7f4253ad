// `npm run docs:sections`: writes the generated sections of CONTRIBUTING.md and docs/reference.md
// (the fields of a product file, what search finds, the error codes, the variables) and .env.example from the modules
// that hold their facts (src/outputs/doc-sections.ts), and says which documents changed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOC_FILES, DOC_SECTIONS, withSectionText } from '../src/outputs/doc-sections.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const changed = new Set<string>();
for (const { file, name, text } of DOC_SECTIONS) {
  const at = path.join(ROOT, file);
  const before = readFileSync(at, 'utf8');
  const after = withSectionText(before, name, text());
  if (after !== before) {
    writeFileSync(at, after);
    changed.add(file);
  }
}
for (const { file, text } of DOC_FILES) {
  const at = path.join(ROOT, file);
  if (readFileSync(at, 'utf8') !== text()) {
    writeFileSync(at, text());
    changed.add(file);
  }
}
console.log(changed.size ? `Wrote ${[...changed].join(', ')}.` : 'Every generated section was up to date.');

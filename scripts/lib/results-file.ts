// Records a measured run into docs/results.json (the one source of the figures the documents
// quote), then rewrites the documents' generated sections from it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DOC_SECTIONS, withSectionText } from '../../src/outputs/doc-sections.ts';
import { RESULT_SECTIONS, RESULTS_FILE, type Results } from '../../src/outputs/results-docs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The checkout's commit, short, with `+` when its tracked files differ from it. */
export function commitName(): string {
  const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' });
  return dirty.trim() ? `${sha}+` : sha;
}

export const machineName = () => `${availableParallelism()} cores`;

/** Writes `part` into docs/results.json and every generated section that quotes it. */
export function recordResults<K extends keyof Results>(part: K, value: Results[K]): void {
  const file = path.join(ROOT, RESULTS_FILE);
  const results = JSON.parse(readFileSync(file, 'utf8')) as Results;
  results[part] = value;
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  for (const { file: doc, name, text } of DOC_SECTIONS.filter((s) => RESULT_SECTIONS.includes(s.name))) {
    const at = path.join(ROOT, doc);
    const before = readFileSync(at, 'utf8');
    const after = withSectionText(before, name, text());
    if (after !== before) writeFileSync(at, after);
  }
  console.log(`Recorded in ${RESULTS_FILE}; the documents' figures follow it (commit both).`);
}

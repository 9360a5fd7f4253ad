// The generated sections of the repository's Markdown documents: each is the text between
// `<!-- section:NAME -->` and `<!-- /section:NAME -->`, written by a function from the one module
// its facts live in. Unit tests keep each copy equal to its function's text;
// `npm run docs:sections` (scripts/doc-sections.ts) writes them all.
import { apiErrorTable } from './api-errors.ts';
import { categoryTable } from './category-docs.ts';
import { fieldTable, newProductArgumentsTable, searchFieldsTable } from './field-docs.ts';
import { benchTable, readmeFigures, testTimes } from './results-docs.ts';
import { envExampleText, variableTable } from './variable-docs.ts';

export interface DocSection {
  /** The document, relative to the repository root. */
  file: string;
  name: string;
  text: () => string;
}

export const DOC_SECTIONS: readonly DocSection[] = [
  { file: 'docs/reference.md', name: 'search-fields', text: searchFieldsTable },
  { file: 'docs/reference.md', name: 'api-errors', text: apiErrorTable },
  { file: 'docs/reference.md', name: 'variables', text: variableTable },
  { file: 'CONTRIBUTING.md', name: 'fields', text: fieldTable },
  { file: 'CONTRIBUTING.md', name: 'new-product-arguments', text: newProductArgumentsTable },
  { file: 'CONTRIBUTING.md', name: 'categories', text: categoryTable },
  { file: 'README.md', name: 'figures', text: readmeFigures },
  { file: 'docs/bench.md', name: 'bench-results', text: benchTable },
  { file: 'docs/bench.md', name: 'test-times', text: testTimes },
];

/** Files written whole by a function (no markers: the format has no comment Markdown would hide). */
export const DOC_FILES: readonly { file: string; text: () => string }[] = [
  { file: '.env.example', text: envExampleText },
];

const markers = (name: string) => [`<!-- section:${name} -->\n`, `\n<!-- /section:${name} -->`] as const;

/** Where the section's text is in `doc`, or null when its markers are missing. */
function place(doc: string, name: string): [start: number, end: number] | null {
  const [open, close] = markers(name);
  const start = doc.indexOf(open);
  const end = start === -1 ? -1 : doc.indexOf(close, start + open.length - 1);
  return start === -1 || end === -1 ? null : [start + open.length, end];
}

/** The text of section `name` in `doc`, or null when the document has no such section. */
export function sectionText(doc: string, name: string): string | null {
  const at = place(doc, name);
  return at ? doc.slice(...at) : null;
}

/** `doc` with section `name` holding `text`; throws when the document has no such section. */
export function withSectionText(doc: string, name: string, text: string): string {
  const at = place(doc, name);
  if (!at) throw new Error(`no section "${name}": add the lines ${markers(name).join('…').replace(/\n/g, ' ')}`);
  return doc.slice(0, at[0]) + text + doc.slice(at[1]);
}

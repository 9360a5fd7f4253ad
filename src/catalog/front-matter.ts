// Splits a product file into its YAML front matter and Markdown body, and nothing else: product
// texts come from pull requests and admins, so no part of one is ever evaluated, and no part of
// one may make the parser do unbounded work.
import matter from 'gray-matter';
import { isAlias, parseDocument, visit, type Node } from 'yaml';

/** Why a text has no readable front matter, located and with the fix a curator needs. */
export interface FrontMatterProblem {
  line: number;
  message: string;
  fix: string;
}

export type FrontMatter =
  { ok: true; data: Record<string, unknown>; body: string } | { ok: false; problem: FrontMatterProblem };

export const OPENING_LINE_FIX = 'Start the file with a line of exactly `---`; only YAML front matter is allowed.';

const NO_FRONT_MATTER: FrontMatterProblem = {
  line: 1,
  message: 'has no frontmatter',
  fix: 'Start the file with `---`, the fields, and another `---` (copy an existing product).',
};

// gray-matter reads the text after the opening `---` as a language name and its `javascript`
// engine calls eval. The opening line is checked first; these engines are the second lock, so
// that no call through this module can reach an evaluating or foreign-language engine.
const refuse = (language: string) => () => {
  throw new Error(`front matter in ${language} is never read: ${OPENING_LINE_FIX}`);
};
const FOREIGN_ENGINES = Object.fromEntries(
  ['javascript', 'js', 'coffee', 'coffeescript', 'cson', 'json', 'toml'].map((name) => [name, refuse(name)]),
);

/** A YAML mistake with the line where it starts (1-based, counted in the front matter gray-matter hands over). */
class FrontMatterYamlError extends Error {
  readonly reason: string;
  readonly line: number;
  readonly fix: string | undefined;
  constructor(reason: string, line: number, fix?: string) {
    super(reason);
    this.reason = reason;
    this.line = line;
    this.fix = fix;
  }
}

/** The library's account of a mistake, in a curator's words where it is a common one. */
function yamlReason(error: { code: string; message: string }): string {
  const said = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  if (error.code === 'MISSING_CHAR' && /quote/.test(said)) return 'the quoted text that starts here is never closed';
  if (/^Flow (sequence|map)/.test(said))
    return `the ${said.startsWith('Flow map') ? '{…}' : '[…]'} list that starts here is never closed`;
  return said;
}

/** The 1-based line of an offset in a text. */
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/**
 * Reads front matter with the `yaml` library (YAML 1.2 core schema plus timestamps, as product
 * files write `publishAt`; keys must be unique). It knows no tags that run code. Aliases are
 * refused before anything is expanded: product files never need them, and a few hundred bytes of
 * nested aliases would otherwise build hundreds of megabytes. A mistake is reported at the line
 * where the broken value starts (an unclosed quote or bracket is only noticed lines later).
 */
function parseYaml(source: string): Record<string, unknown> {
  // CR LF and a lone CR end lines as LF does (gray-matter leaves a CR at each line's end).
  const text = source.replace(/\r\n?/g, '\n');
  const doc = parseDocument(text, { customTags: ['timestamp'], uniqueKeys: true, prettyErrors: false });
  const error = doc.errors[0];
  if (error) {
    let start: Node | undefined;
    visit(doc, (_, node) => {
      const range = (node as Node).range;
      if (!range || node === doc.contents) return;
      const holds = range[0] <= error.pos[0] && error.pos[0] <= range[2];
      if (holds && (!start || range[2] - range[0] < start.range![2] - start.range![0])) start = node as Node;
    });
    const line = start?.range ? lineAt(text, start.range[0]) : (error.linePos?.[0].line ?? 1);
    throw new FrontMatterYamlError(yamlReason(error), line);
  }
  let alias: Node | undefined;
  visit(doc, (_, node) => {
    if (!isAlias(node)) return undefined;
    alias = node;
    return visit.BREAK;
  });
  if (alias)
    throw new FrontMatterYamlError(
      `uses the YAML alias "*${String((alias as { source?: string }).source)}": product files write every value out`,
      lineAt(text, alias.range![0]),
      'Write the value itself instead of an `&anchor` and `*alias`.',
    );
  const data: unknown = doc.toJS();
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data) || data instanceof Date)
    throw new FrontMatterYamlError('is not a list of `field: value` lines', 1);
  return data as Record<string, unknown>;
}

/**
 * gray-matter options for product texts: YAML through `parseYaml`, and every other language
 * refused. A new object per call, because gray-matter caches parses made without options and
 * would share their data between files.
 */
export const yamlOnlyOptions = () => ({
  language: 'yaml',
  engines: { ...FOREIGN_ENGINES, yaml: { parse: parseYaml, stringify: refuse('yaml output') } },
});

/** The first line of a text, without its line break. */
function firstLine(source: string): string {
  const end = source.search(/\r?\n/);
  return end === -1 ? source : source.slice(0, end);
}

function shown(line: string): string {
  const s = JSON.stringify(line.length > 40 ? `${line.slice(0, 40)}…` : line);
  return s.slice(1, -1);
}

/** Reads the YAML front matter and the body of a product text, or says why it cannot. */
export function readFrontMatter(source: string): FrontMatter {
  if (!source.startsWith('---')) return { ok: false, problem: NO_FRONT_MATTER };
  const opening = firstLine(source);
  if (opening !== '---') {
    return {
      ok: false,
      problem: {
        line: 1,
        message:
          `opens with "${shown(opening)}" instead of a line of exactly ` +
          `"---": front matter in any other language than YAML is never read`,
        fix: OPENING_LINE_FIX,
      },
    };
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(source, yamlOnlyOptions());
  } catch (err) {
    if (!(err instanceof FrontMatterYamlError)) throw err;
    return {
      ok: false,
      problem: {
        line: err.line,
        message: `is not valid YAML: ${err.reason}`,
        fix:
          err.fix ??
          `Check line ${err.line}: indentation, a missing bracket, comma or ` +
            `closing quote, between the two \`---\` lines.`,
      },
    };
  }
  const data = parsed.data as Record<string, unknown>;
  if (Object.keys(data).length === 0) return { ok: false, problem: NO_FRONT_MATTER };
  return { ok: true, data, body: parsed.content };
}

// Splits a product file into its YAML front matter and Markdown body, and nothing else: product
// texts come from pull requests and admins, so no part of one is ever evaluated.
import matter from 'gray-matter';

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

/**
 * gray-matter options for product texts: YAML (gray-matter's yaml engine is js-yaml's safeLoad,
 * which knows no `!!js/*` tags) and every other language refused. A new object per call, because
 * gray-matter caches parses made without options and would share their data between files.
 */
export const yamlOnlyOptions = () => ({ language: 'yaml', engines: { ...FOREIGN_ENGINES } });

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
    // js-yaml marks the line where it noticed the mistake (0-based, counted after the opening ---).
    const yaml = err as { reason?: string; mark?: { line?: number }; message?: string };
    const line = typeof yaml.mark?.line === 'number' ? yaml.mark.line + 1 : 1;
    const reason = yaml.reason ?? String(yaml.message ?? err).split('\n')[0];
    return {
      ok: false,
      problem: {
        line,
        message: `is not valid YAML: ${reason}`,
        fix:
          `Check line ${line} and the line above it: indentation, a missing ` +
          `bracket, comma or closing quote between the two \`---\` lines.`,
      },
    };
  }
  const data = parsed.data as Record<string, unknown>;
  if (Object.keys(data).length === 0) return { ok: false, problem: NO_FRONT_MATTER };
  return { ok: true, data, body: parsed.content };
}

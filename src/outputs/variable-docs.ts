// The one explanation of the environment variables, written from VARIABLES (src/config/env.ts): the
// table of docs/reference.md ("Configuration"), a row and an anchor each, and .env.example.
// Unit tests keep both copies equal to it (`npm run docs:sections` writes them).
import { VARIABLES, type VariableDoc } from '../config/env.ts';

/** The document that holds the table, relative to the repository root, and the anchor of each row. */
export const VARIABLE_TABLE_FILE = 'docs/reference.md';
export const variableAnchor = (name: string) => name.toLowerCase();

/** Who sets the variable, and for an operator's one its Netlify scopes and deploy contexts. */
function setWhere(v: VariableDoc): string {
  switch (v.setBy) {
    case 'operator':
      return `Netlify: ${(v.scopes ?? []).map((s) => `*${s}*`).join(', ')}; ${
        v.contexts === 'production' ? '*Production* context' : 'all contexts'
      }`;
    case 'local':
      return 'local stack only';
    case 'tests':
      return 'tests only; never on a site';
    case 'platform':
      return 'set by Netlify or netlify-cli; never set it';
  }
}

const NAMES = new Set(Object.keys(VARIABLES));

/** A text of the table with each `NAME` of a variable (other than `self`) linked to its row. */
const linked = (text: string, self: string) =>
  text.replace(/`([A-Z][A-Z0-9_]+)`/g, (whole, name: string) =>
    NAMES.has(name) && name !== self ? `[${whole}](#${variableAnchor(name)})` : whole,
  );

/** The meaning cell: what it means, then when it is required, an example and where to get it. */
function meaning(name: string, v: VariableDoc): string {
  const parts = [v.about];
  if (v.required) parts.push(`**Required** for ${v.required}.`);
  if (v.example) parts.push(`**Example:** \`${v.example}\`.`);
  if (v.obtain) parts.push(`**Where:** ${v.obtain}`);
  return linked(parts.join(' '), name);
}

/** One row per variable, in the order of VARIABLES, each with its anchor. */
export function variableTable(): string {
  const rows = Object.entries(VARIABLES).map(
    ([name, v]: [string, VariableDoc]) =>
      `| <a id="${variableAnchor(name)}"></a>\`${name}\` | ${setWhere(v)} | ${v.usedBy} | ${meaning(name, v)} |`,
  );
  return ['| variable | set | read by | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** .env.example: the operator's variables, each with its example, linked to its row (the one explanation). */
export function envExampleText(): string {
  const lines = [
    '# The variables of a deploy, in the format Netlify\'s "Import from .env" takes. Written by',
    '# `npm run docs:sections` from src/config/env.ts: each is explained once, in docs/reference.md',
    '# ("Configuration"). Check a filled-in copy with `npm run check:deploy -- --env-file <file>`.',
    '# Required ones are set; optional ones are commented out.',
  ];
  for (const [name, v] of Object.entries(VARIABLES) as [string, VariableDoc][]) {
    if (!v.envExample) continue;
    lines.push('', `# ${VARIABLE_TABLE_FILE}#${variableAnchor(name)}${v.required ? ` (required: ${v.required})` : ''}`);
    lines.push(`${v.required ? '' : '# '}${name}=${v.required ? '' : (v.example ?? '')}`);
  }
  return `${lines.join('\n')}\n`;
}

// The one table of environment variables (docs/reference.md, "Configuration"), written from
// VARIABLES (src/config/env.ts): what each means, what reads it, and who sets it where.
// A unit test keeps the document's copy equal to it (`npm run docs:sections` writes it).
import { VARIABLES, type VariableDoc } from '../config/env.ts';

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

/** One row per variable, in the order of VARIABLES. */
export function variableTable(): string {
  const rows = Object.entries(VARIABLES).map(
    ([name, v]: [string, VariableDoc]) => `| \`${name}\` | ${setWhere(v)} | ${v.usedBy} | ${v.about} |`,
  );
  return ['| variable | set | read by | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

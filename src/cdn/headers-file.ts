// Builds dist/_headers, the one source of the static files' headers: the rules of ./header-rules.ts,
// then one rule per page naming its Markdown twin (`Link: <twin>; rel="alternate"`), which a fixed
// rule cannot express.
import { HEADER_RULES, type HeaderRule } from './header-rules.ts';

export interface PageLink {
  /** The page path, e.g. "/products/x" or "/". */
  path: string;
  /** Its Markdown twin, e.g. "/products/x.md". */
  twin: string;
}

/** Paths and values are written into a line-based file: nothing may end a line or start a rule early. */
const SAFE_PATH = /^\/[\w./*-]*$/;
const SAFE_VALUE = /^[^\r\n]+$/;

/** One rule in the _headers syntax: the path, then `  Name: value` lines. */
function ruleText(rule: HeaderRule): string[] {
  if (!SAFE_PATH.test(rule.for)) throw new Error(`Cannot write a _headers rule for ${JSON.stringify(rule.for)}`);
  const lines = rule.why ? [`# ${rule.why}`] : [];
  lines.push(rule.for);
  for (const [name, value] of Object.entries(rule.values)) {
    if (!/^[A-Za-z-]+$/.test(name) || !SAFE_VALUE.test(value))
      throw new Error(`Cannot write the header ${JSON.stringify(name)} of ${rule.for}`);
    lines.push(`  ${name}: ${value}`);
  }
  return lines;
}

/** The fixed rules alone (what every deploy sets whatever the catalog holds). */
export function fixedRulesText(rules: readonly HeaderRule[] = HEADER_RULES): string {
  return `${rules.flatMap(ruleText).join('\n')}\n`;
}

/** The whole file: the fixed rules, then one rule per page; paths come from the fixed URL scheme. */
export function buildHeadersFile(pages: readonly PageLink[]): string {
  const out = [
    '# Generated at build by src/cdn/headers-file.ts from src/cdn/header-rules.ts.',
    fixedRulesText().trimEnd(),
  ];
  out.push('# Each page names its Markdown twin.');
  for (const { path, twin } of pages) {
    if (!/^\/[\w./-]*$/.test(path) || !/^\/[\w./-]+\.md$/.test(twin)) {
      throw new Error(`Cannot write a _headers rule for page ${JSON.stringify(path)} → ${JSON.stringify(twin)}`);
    }
    out.push(path, `  Link: <${twin}>; rel="alternate"; type="text/markdown"`);
  }
  return `${out.join('\n')}\n`;
}

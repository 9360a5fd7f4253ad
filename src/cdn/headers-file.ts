// Builds dist/_headers: the per-page `Link: <twin>; rel="alternate"; type="text/markdown"` header,
// which netlify.toml cannot express (its rules have no placeholders). Netlify merges this file
// with the [[headers]] rules of netlify.toml.

export interface PageLink {
  /** The page path, e.g. "/products/x" or "/". */
  path: string;
  /** Its Markdown twin, e.g. "/products/x.md". */
  twin: string;
}

/** One rule per page; paths are written as given (they come from the fixed URL scheme). */
export function buildHeadersFile(pages: readonly PageLink[]): string {
  const out = ['# Generated at build by src/cdn/headers-file.ts: each page names its Markdown twin.'];
  for (const { path, twin } of pages) {
    if (!/^\/[\w./-]*$/.test(path) || !/^\/[\w./-]+\.md$/.test(twin)) {
      throw new Error(`Cannot write a _headers rule for page ${JSON.stringify(path)} → ${JSON.stringify(twin)}`);
    }
    out.push(path, `  Link: <${twin}>; rel="alternate"; type="text/markdown"`);
  }
  return `${out.join('\n')}\n`;
}

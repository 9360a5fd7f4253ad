// Turns a product's Markdown body into plain blocks (paragraphs and bullet lists) that the page
// renders as escaped text: no raw HTML from content files ever reaches the page.

export type Block = { kind: 'p'; text: string } | { kind: 'ul'; items: string[] };

/** Strips inline Markdown marks (emphasis, code, links → their text) from one line of text. */
export function plainInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export function markdownBlocks(body: string | null): Block[] {
  if (!body) return [];
  const blocks: Block[] = [];
  for (const chunk of body.split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((l) => /^[-*+]\s+/.test(l))) {
      blocks.push({ kind: 'ul', items: lines.map((l) => plainInline(l.replace(/^[-*+]\s+/, ''))) });
    } else {
      blocks.push({ kind: 'p', text: plainInline(lines.join(' ').replace(/^#{1,6}\s+/, '')) });
    }
  }
  return blocks;
}

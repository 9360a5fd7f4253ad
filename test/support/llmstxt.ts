// A reader of the llmstxt.org format, written to the spec's grammar (https://llmstxt.org, "Format"):
// an H1 with the name; an optional blockquote summary; free Markdown with no headings; then H2
// sections whose content is only a Markdown list of `- [title](url)` items, each optionally followed
// by `: notes`. The reference parser reads sections with that item pattern alone, so anything else in
// a section (prose, bullets without a link, text after a link without `: `) is lost or breaks it:
// here it is an error naming the line.

export interface LlmsTxtItem {
  title: string;
  url: string;
  notes: string | null;
}

export interface LlmsTxt {
  title: string;
  summary: string | null;
  info: string;
  sections: Record<string, LlmsTxtItem[]>;
  errors: string[];
}

const ITEM = /^- \[(?<title>[^\]]+)\]\((?<url>[^)\s]+)\)(?:: (?<notes>\S.*))?$/;

export function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.split('\n');
  const errors: string[] = [];
  const title = /^# (.+)$/.exec(lines[0] ?? '')?.[1] ?? '';
  if (!title) errors.push('line 1: the file must start with "# <name>"');
  let i = 1;
  while (lines[i] === '') i++;
  const quote: string[] = [];
  while (lines[i]?.startsWith('>')) quote.push(lines[i++]!.replace(/^> ?/, ''));
  const info: string[] = [];
  for (; i < lines.length && !lines[i]!.startsWith('## '); i++) {
    if (/^#{1,6} /.test(lines[i]!)) errors.push(`line ${i + 1}: a heading before the first H2 section`);
    info.push(lines[i]!);
  }
  const sections: Record<string, LlmsTxtItem[]> = {};
  let current: LlmsTxtItem[] | undefined;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('## ')) {
      sections[line.slice(3)] = current = [];
    } else if (line !== '') {
      const m = ITEM.exec(line);
      if (!m) errors.push(`line ${i + 1}: not a "- [title](url): notes" item: ${line.slice(0, 80)}`);
      else current!.push({ title: m.groups!.title!, url: m.groups!.url!, notes: m.groups!.notes ?? null });
    }
  }
  return { title, summary: quote.length ? quote.join(' ') : null, info: info.join('\n').trim(), sections, errors };
}

// A small reader for the flat XML records a recall source publishes (the EU's Safety Gate reports):
// every element named `tag`, each as its child elements' text. Enough for records one level deep,
// with CDATA sections, the five named entities and numeric character references; nothing is
// fetched or expanded (no DTD, no external entities), so a hostile file can only be unreadable.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text content with its entities and character references decoded (unknown entities kept as written). */
export function decodeXmlText(raw: string): string {
  return raw.replace(
    /<!\[CDATA\[([\s\S]*?)\]\]>|&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g,
    (m, cdata?: string, ent?: string) => {
      if (cdata !== undefined) return cdata;
      if (ent!.startsWith('#')) {
        const code = ent!.startsWith('#x') ? parseInt(ent!.slice(2), 16) : parseInt(ent!.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      }
      return NAMED[ent!] ?? m;
    },
  );
}

/** Every `<tag>…</tag>` in `xml` (never nested in itself), as its child elements' names and texts. */
export function xmlRecords(xml: string, tag: string): Map<string, string>[] {
  const body = xml.replace(/<!--[\s\S]*?-->/g, '');
  const records: Map<string, string>[] = [];
  const open = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}\\s*>`, 'g');
  for (const m of body.matchAll(open)) records.push(childTexts(m[1]!));
  return records;
}

/** The text of the first `<tag>` anywhere in `xml`, or null. */
export function xmlText(xml: string, tag: string): string | null {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}\\s*>`).exec(xml);
  return m ? decodeXmlText(m[1]!).trim() : null;
}

function childTexts(inner: string): Map<string, string> {
  const out = new Map<string, string>();
  const child = /<([A-Za-z_][\w.-]*)(?:\s[^>]*?)?(?:\/>|>((?:<!\[CDATA\[[\s\S]*?\]\]>|[^<]|<(?!\/\1\s*>))*)<\/\1\s*>)/g;
  for (const m of inner.matchAll(child)) {
    const name = m[1]!;
    if (!out.has(name)) out.set(name, decodeXmlText(m[2] ?? '').trim());
  }
  return out;
}

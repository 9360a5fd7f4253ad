// Content negotiation for pages (RFC 9110 §12.5.1): which representation of an HTML page a
// request's Accept header asks for. Dependency-free and Web-standard: the edge function imports it.

/** The representations a page has. `plain` is the Markdown text labelled `text/plain`. */
export type PageFormat = 'html' | 'markdown' | 'plain';

const OFFERS: readonly { format: PageFormat; type: string; subtypes: readonly string[] }[] = [
  // Server preference order, used only when q-value, specificity and listing order all tie.
  { format: 'html', type: 'text', subtypes: ['html'] },
  // text/x-markdown is the pre-RFC 7763 name some clients still send; it gets text/markdown.
  { format: 'markdown', type: 'text', subtypes: ['markdown', 'x-markdown'] },
  { format: 'plain', type: 'text', subtypes: ['plain'] },
];

export interface MediaRange {
  type: string;
  subtype: string;
  q: number;
  /** Position in the header, 0-based. */
  index: number;
}

/** Parses an Accept header into media ranges; malformed members (and invalid q-values) are ignored. */
export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  header.split(',').forEach((member, index) => {
    const [range = '', ...params] = member.split(';').map((s) => s.trim());
    const m = /^([\w!#$%&'*+.^`|~-]+)\/([\w!#$%&'*+.^`|~-]+)$/.exec(range.toLowerCase());
    if (!m) return;
    let q = 1;
    for (const p of params) {
      if (!/^q\s*=/i.test(p)) continue;
      const qm = /^q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i.exec(p);
      if (!qm) return;
      q = Number(qm[1]);
    }
    ranges.push({ type: m[1]!, subtype: m[2]!, q, index });
  });
  return ranges;
}

/** 2 for an exact type/subtype, 1 for type/*, 0 for * / *, -1 when the range does not match. */
function specificity(r: MediaRange, type: string, subtypes: readonly string[]): number {
  if (r.type === type && subtypes.includes(r.subtype)) return 2;
  if (r.type === type && r.subtype === '*') return 1;
  if (r.type === '*' && r.subtype === '*') return 0;
  return -1;
}

/**
 * The page format a request asks for. Each offer takes the q of the most specific range matching
 * it. Highest q wins; ties go to the offer named more specifically, then to the one listed first,
 * then to HTML. No Accept header (or nothing acceptable) means HTML: pages never answer 406.
 */
export function negotiatePage(accept: string | null | undefined): PageFormat {
  if (!accept || !accept.trim()) return 'html';
  const ranges = parseAccept(accept);
  let best: { format: PageFormat; q: number; spec: number; index: number; pref: number } | undefined;
  OFFERS.forEach((offer, pref) => {
    let match: MediaRange | undefined;
    let spec = -1;
    for (const r of ranges) {
      const s = specificity(r, offer.type, offer.subtypes);
      if (s > spec || (s === spec && s >= 0 && r.q > match!.q)) [match, spec] = [r, s];
    }
    if (!match || match.q <= 0) return;
    const cand = { format: offer.format, q: match.q, spec, index: match.index, pref };
    if (
      !best ||
      cand.q > best.q ||
      (cand.q === best.q && (cand.spec > best.spec || (cand.spec === best.spec && cand.index < best.index)))
    ) {
      best = cand;
    }
  });
  return best?.format ?? 'html';
}

/** The Content-Type of Markdown text served in the given format (`html` only happens for 404 bodies). */
export function markdownContentType(format: PageFormat): string {
  return format === 'markdown' ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8';
}

// When a link that answers (2xx at the end of its redirects) has nonetheless moved: the shop sends it
// to its home page, to another product of the catalog, or to a page whose address shares no word with
// the link's. An affiliate network's redirect that ends on the product is not a move: the rule looks
// at the first address on the host where the redirects end, not at the tracker in front of it.
// The rule is written down in docs/operate.md ("What counts as broken or moved").

/** Language and country codes shops put at the root of their sites (`/en/`, `/us/en/`). */
const LOCALE_CODES = new Set(
  (
    'en fr de es it nl pt sv da no nb fi pl cs ja zh ko us ca uk gb eu au nz ie at ch be lu mx br ' + 'intl int global'
  ).split(' '),
);
const LOCALE = /^([a-z]{2,6})(?:[-_]([a-z]{2}))?$/i;

/** A shop's home page: `/`, `/index.html`, `/home`, or a language or country root such as `/en-us/` or `/us/en/`. */
export function isHomePath(pathname: string): boolean {
  const segments = (pathname || '/').split('/').filter(Boolean);
  if (segments.length === 1 && /^(?:index\.(?:html?|php)|home)$/i.test(segments[0]!)) return true;
  return (
    segments.length <= 2 &&
    segments.every((s) => {
      const m = LOCALE.exec(s);
      // The region after a language (`en-us`, `fr_CA`) may be any two letters.
      return m !== null && LOCALE_CODES.has(m[1]!.toLowerCase());
    })
  );
}

/** How two links to the same page are compared: host and path, without `www.`, query, fragment or final `/`. */
export function linkKey(url: string | URL): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const path = decodeURIComponentSafe(u.pathname).replace(/\/+$/, '').toLowerCase();
  return `${u.hostname.toLowerCase().replace(/^www\./, '')}${path}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Words that say nothing about which product a page is. */
const GENERIC = new Set(['html', 'htm', 'php', 'aspx', 'www', 'product', 'products', 'item', 'items', 'shop', 'store']);

/** The words (three letters or more) of an address's last path segment. */
function lastSegmentWords(u: URL): Set<string> {
  const segment = decodeURIComponentSafe(u.pathname.replace(/\/+$/, '').split('/').at(-1) ?? '').toLowerCase();
  return new Set(segment.split(/[^a-z]+/).filter((w) => w.length >= 3 && !GENERIC.has(w)));
}

/**
 * Why a link whose requests went to `hops` (every address requested, in order; the last answered
 * 2xx) has moved, or null when it has not. `otherLinks` holds the linkKey of every other product
 * of the catalog.
 */
export function movedReason(hops: readonly URL[], otherLinks?: ReadonlySet<string>): string | null {
  if (hops.length < 2) return null;
  const first = hops[0]!;
  const final = hops.at(-1)!;
  // The first address on the host where the redirects end: past any affiliate tracker.
  const entry = hops.find((h) => h.hostname === final.hostname)!;
  const linkedHome = isHomePath(first.pathname) && first.search === '';
  if (isHomePath(final.pathname) && !linkedHome) return `redirects to the shop's home page (${final.href})`;
  const finalKey = linkKey(final);
  if (finalKey && otherLinks?.has(finalKey) && finalKey !== linkKey(first) && finalKey !== linkKey(entry))
    return `redirects to another product of the catalog (${final.href})`;
  if (entry !== final && entry.pathname !== final.pathname) {
    const before = lastSegmentWords(entry);
    const after = lastSegmentWords(final);
    if (before.size > 0 && after.size > 0 && ![...before].some((w) => after.has(w)))
      return `redirects to a different page (${final.href}): its address shares no word with ${entry.pathname}`;
  }
  return null;
}

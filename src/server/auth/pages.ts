// The few HTML pages of the sign-in (the consent page and shown errors): the site's look through one
// static stylesheet (/auth.css), no script, and the headers a page that grants access needs — a
// strict CSP without inline code, no framing (clickjacking is the threat to a consent button), no
// caching, no referrer beyond this site. Every value a client supplied is escaped here.
import { SITE_NAME } from '../../config/site.ts';

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const LOGO =
  '<svg class="logo" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">' +
  '<rect x="3" y="17" width="12" height="12" rx="2.5" fill="#c8553d"/>' +
  '<rect x="17" y="17" width="12" height="12" rx="2.5" fill="#e9a23b"/>' +
  '<rect x="10" y="3" width="12" height="12" rx="2.5" fill="#2f6b5a"/></svg>';

export interface PageOptions {
  status: number;
  title: string;
  /** Trusted HTML: build it with escapeHtml around anything a client sent. */
  main: string;
  /** Origins the page's form may lead to (itself, then wherever its answer redirects). */
  formTargets?: string[];
  headers?: [string, string][];
  /** The words beside the site's name in the header (default "Admin sign-in"). */
  tag?: string;
}

/** Whose sign-in a shown error belongs to: the admins' MCP clients, or the curators' editor. */
export interface PageLook {
  tag: string;
  hint: string;
  note: string;
  unavailable: string;
}

export const ADMIN_PAGE: PageLook = {
  tag: 'Admin sign-in',
  hint: 'Start again from your MCP client.',
  note: 'Nothing was sent to the app that asked for this sign-in.',
  unavailable: 'Admin sign-in is not available',
};

export const EDITOR_PAGE: PageLook = {
  tag: 'Editor sign-in',
  hint: 'Open the editor again and sign in from there.',
  note: 'You are not signed in to the editor.',
  unavailable: 'The editor’s sign-in is not available',
};

export function contentSecurityPolicy(formTargets: string[] = []): string {
  const form = formTargets.length ? ["'self'", ...new Set(formTargets)].join(' ') : "'none'";
  return (
    `default-src 'none'; style-src 'self'; img-src 'self'; ` +
    `form-action ${form}; frame-ancestors 'none'; base-uri 'none'`
  );
}

export function page(o: PageOptions): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(o.title)} · ${escapeHtml(SITE_NAME)}</title>
<link rel="stylesheet" href="/auth.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<header class="auth-header">
<a class="wordmark" href="/">${LOGO}<span>${escapeHtml(SITE_NAME)}</span></a><span class="auth-tag">${escapeHtml(o.tag ?? ADMIN_PAGE.tag)}</span>
</header>
<main id="main" class="auth-card">
${o.main}
</main>
</body>
</html>
`;
  const headers = new Headers(o.headers ?? []);
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('cache-control', 'no-store');
  headers.set('content-security-policy', contentSecurityPolicy(o.formTargets));
  headers.set('x-frame-options', 'DENY');
  // Not `no-referrer`: under it browsers send `Origin: null` with the consent form's POST, and the
  // answer's Origin check could no longer tell this site's page from an attacker's.
  headers.set('referrer-policy', 'same-origin');
  headers.set('x-content-type-options', 'nosniff');
  headers.set('cross-origin-opener-policy', 'same-origin');
  return new Response(html, { status: o.status, headers });
}

/** A shown error: never a redirect, because the request cannot be trusted to name where to go. */
export function errorPage(
  status: number,
  message: string,
  hint?: string,
  headers: [string, string][] = [],
  look: PageLook = ADMIN_PAGE,
): Response {
  const titles: Record<number, string> = {
    400: 'This sign-in request cannot be used',
    403: 'This request was refused',
    405: 'Not available this way',
    429: 'Too many sign-in attempts',
    503: look.unavailable,
  };
  const title = titles[status] ?? 'Sign-in failed';
  return page({
    status,
    title,
    tag: look.tag,
    main: `<h1>${escapeHtml(title)}</h1>
<p class="auth-lead">${escapeHtml(message)}</p>
<p>${escapeHtml(hint ?? look.hint)}</p>
<p class="auth-note">Error ${status}. ${escapeHtml(look.note)}</p>`,
    headers,
  });
}

/**
 * The editor's answer to someone on neither list, in plain words: who she signed in as, that this
 * address may not edit, and whom to ask. The admins' addresses are not shown.
 */

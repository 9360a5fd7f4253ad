// The editor's session with the site: its address and its sign-out. Decap sends its own page's
// address (origin + path) as the sign-in's redirect, and the site accepts exactly `/admin/`, so a
// curator who opened `/admin` is moved to `/admin/` before Decap starts. Decap's own "Sign out"
// only forgets the token in this browser; the site must end it too (POST /api/auth/signout), so a
// token copied from this browser is worth nothing once she has signed out.
import { EDITOR_PATH } from '../catalog/urls.ts';

/** Where Decap keeps the signed-in user (with the token) in localStorage. */
const USER_KEY = 'decap-cms-user';

/** `/admin` → `/admin/`, keeping the query (a sign-in's code) and the hash (the screen). */
export function useEditorAddress(): void {
  if (location.pathname === EDITOR_PATH)
    history.replaceState(history.state, '', `${EDITOR_PATH}/${location.search}${location.hash}`);
}

/**
 * A sign-in the site refused comes back as `?error=…&error_description=…` (OAuth's way). Decap would
 * show it as "Error: access_denied: …"; the editor takes it first and returns the site's own
 * sentence (who she signed in as, whom to ask), to be shown once Decap has drawn.
 */
export function takeSignInRefusal(): string | null {
  const params = new URLSearchParams(location.search);
  if (!params.has('error') || params.has('code')) return null;
  const said = params.get('error_description')?.trim();
  history.replaceState(history.state, '', `${location.pathname}${location.hash}`);
  return said || null;
}

/** Where the screen she opened waits while she signs in (this tab only). */
const SCREEN_KEY = 'editor-screen-before-sign-in';

/**
 * A curator who opens a screen's address before signing in (a product's form, from a link) comes
 * back to that screen: the sign-in returns to `/admin/` alone (its one redirect), and Decap then
 * shows its list. The screen is kept in this tab while she signs in, and opened once Decap has drawn
 * its list for her.
 */
export function keepScreenAcrossSignIn(): void {
  const signingIn = new URLSearchParams(location.search).has('code');
  if (!storedToken() && !signingIn && /^#\/collections\/.+\/entries\//.test(location.hash))
    sessionStorage.setItem(SCREEN_KEY, location.hash);
  const screen = sessionStorage.getItem(SCREEN_KEY);
  if (!screen) return;
  const wait = setInterval(() => {
    const drawn = Boolean(document.getElementById('nc-root')?.childElementCount);
    if (!storedToken() || !drawn || !location.hash.startsWith('#/collections/')) return;
    clearInterval(wait);
    sessionStorage.removeItem(SCREEN_KEY);
    if (location.hash !== screen) location.hash = screen;
  }, 200);
}

/** The signed-in curator's token, as Decap keeps it (null before sign-in). */
export function storedToken(): string | null {
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as { token?: unknown } | null;
    return typeof user?.token === 'string' && user.token ? user.token : null;
  } catch {
    return null;
  }
}

/**
 * Ends the session on the server when the curator taps "Sign out" (its menu item's words are
 * `label`): the request is sent before Decap forgets the token, and kept alive while the page
 * changes. Whatever the server answers, Decap then signs her out in this browser.
 */
export function endSessionsOnSignOut(label: string): void {
  document.addEventListener(
    'click',
    (event) => {
      const item = (event.target as Element | null)?.closest?.('[role="menuitem"]');
      if (!item || item.textContent?.trim() !== label) return;
      const token = storedToken();
      if (!token) return;
      void fetch('/api/auth/signout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        keepalive: true,
      }).catch(() => {});
    },
    true,
  );
}

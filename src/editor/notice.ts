// The editor's own notices: one line at the bottom of the screen that says what happened and what
// comes next (a save with mistakes, a step changed, a photo being sent). Read aloud by screen
// readers (a live region); a new notice replaces the one before.
const REGION_ID = 'editor-notice';

function region(): HTMLElement {
  let el = document.getElementById(REGION_ID);
  if (!el) {
    el = document.createElement('div');
    el.id = REGION_ID;
    el.className = 'editor-notice';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    document.body.append(el);
  }
  return el;
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows `text` (a mistake in red, a thing to check with its sign) for `ms`, or until the next notice; `ms` 0 keeps it up. */
export function notice(
  text: string,
  opts: { mistake?: boolean; hint?: boolean; ms?: number; busy?: boolean } = {},
): void {
  const el = region();
  clearTimeout(timer);
  el.textContent = text;
  el.classList.toggle('editor-notice--mistake', opts.mistake === true);
  el.classList.toggle('editor-notice--busy', opts.busy === true);
  el.classList.toggle('editor-notice--hint', opts.hint === true);
  el.hidden = false;
  const ms = opts.ms ?? 8000;
  if (ms > 0) timer = setTimeout(() => clearNotice(), ms);
}

/** Takes the notice down. */
export function clearNotice(): void {
  clearTimeout(timer);
  const el = document.getElementById(REGION_ID);
  if (el) el.hidden = true;
}

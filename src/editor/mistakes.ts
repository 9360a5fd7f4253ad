// Mistakes in the form, said once and at the field: each field's message is the one sentence of
// the editor's glossary that says what to type (src/outputs/editor-words.ts), and a save with
// mistakes takes her to the first. Decap asks every widget `isValid()` in the form's order when she
// saves; the verdicts of one save are gathered here. Decap's own notice of an empty field (a second
// message, over the form) is never shown.
import type { FieldKey } from '../catalog/schema.ts';
import { DECAP_PHRASES, FIELD_WORDS } from '../outputs/editor-words.ts';

/** The sentence shown for a wrong value of `key` (the schema's own words when the glossary has none). */
export function mistakeOf(key: FieldKey, problem: string): string {
  return FIELD_WORDS[key]?.mistake ?? problem.split('. Fix: ')[0]!.replace(/`/g, '');
}

let round: { key: FieldKey; forID: string }[] | null = null;

/** One widget's verdict during a save: after the last, the form shows the first field to fix. */
export function noteVerdict(key: FieldKey, forID: string, wrong: boolean): void {
  if (round === null) {
    round = [];
    quietDecapsNotice();
    setTimeout(endRound, 0);
  }
  if (wrong) round.push({ key, forID });
}

function endRound() {
  const wrong = round ?? [];
  round = null;
  if (wrong.length === 0) return;
  const first = document.getElementById(wrong[0]!.forID);
  // The field's box (its label and message) rather than the bare input.
  const box = first?.closest('[class*="-ControlContainer"]') ?? first;
  box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  first?.focus({ preventScroll: true });
}

let quieted = false;

/**
 * Decap says "fill in the fields marked" in a notice of its own whenever a required field is empty:
 * each field already says what to type, so that notice is hidden as it is drawn (a watch on Decap's
 * notices only, which change a few times a session).
 */
function quietDecapsNotice(): void {
  const notices = document.querySelector('.Toastify');
  if (quieted || !notices) return;
  quieted = true;
  const said = DECAP_PHRASES.ui.toast.missingRequiredField;
  new MutationObserver(() => {
    for (const toast of notices.querySelectorAll<HTMLElement>('.Toastify__toast'))
      if (toast.textContent?.includes(said)) toast.style.display = 'none';
  }).observe(notices, { childList: true, subtree: true });
}

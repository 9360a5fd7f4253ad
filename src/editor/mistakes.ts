// Mistakes in the form, said plainly: each field's message is the one sentence of the editor's
// glossary that says what to type (src/outputs/editor-words.ts), and a save with mistakes says how
// many fields need fixing and scrolls to the first. Decap asks every widget `isValid()` in the
// form's order when she saves; the verdicts of one save are gathered here.
import type { FieldKey } from '../catalog/schema.ts';
import { FIELD_WORDS, MESSAGES } from '../outputs/editor-words.ts';
import { notice } from './notice.ts';

/** The sentence shown for a wrong value of `key` (the schema's own words when the glossary has none). */
export function mistakeOf(key: FieldKey, problem: string): string {
  return FIELD_WORDS[key]?.mistake ?? problem.split('. Fix: ')[0]!.replace(/`/g, '');
}

let round: { key: FieldKey; forID: string }[] | null = null;

/** One widget's verdict during a save: after the last, the form says how many fields need fixing. */
export function noteVerdict(key: FieldKey, forID: string, wrong: boolean): void {
  if (round === null) {
    round = [];
    setTimeout(endRound, 0);
  }
  if (wrong) round.push({ key, forID });
}

function endRound() {
  const wrong = round ?? [];
  round = null;
  if (wrong.length === 0) return;
  notice(MESSAGES.notSaved(wrong.length), { mistake: true, ms: 12_000 });
  const first = document.getElementById(wrong[0]!.forID);
  // The field's box (its label and message) rather than the bare input.
  const box = first?.closest('[class*="-ControlContainer"]') ?? first;
  box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  first?.focus({ preventScroll: true });
}

// The check's suggestions in the form: the safety warnings the validator would suggest for the
// product as she types it (src/catalog/safety-check.ts, the same rule), each said in one sentence
// of the glossary beside "Safety warnings", marked "To check" and never blocking a save; a save
// says again how many there are. A barcode another product has needs the whole catalog: the
// repository's check names it, not the form.
import { field, type FieldKey } from '../catalog/schema.ts';
import { hazard } from '../catalog/hazards.ts';
import { SAFETY_FIELDS, suggestedWarnings, type SafetyFields } from '../catalog/safety-check.ts';
import { FIELD_WORDS, MESSAGES } from '../outputs/editor-words.ts';
import { decap, type Decap } from './decap.ts';
import { fileValues, type FileValues } from './form-data.ts';
import { formNow, listen } from './live-form.ts';
import { notice } from './notice.ts';

/** The field the suggestions sit beside. */
export const HINTED_FIELD: FieldKey = 'warnings';

/** A field's name as the form shows it. */
const labelOf = (key: FieldKey) => FIELD_WORDS[key]?.label ?? field(key).meta.label;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);

/**
 * The form's values as the rule reads them. The form may hold what the schema would refuse (a
 * category or warning outside its list): the rule only compares them with its own lists.
 */
function safetyFields(values: FileValues): SafetyFields {
  const ages = text(values.ageRange).trim();
  const none = text(values.noWarningNeeded).trim();
  return {
    name: text(values.name),
    ageRange: ages || null,
    categories: texts(values.categories) as SafetyFields['categories'],
    warnings: texts(values.warnings) as SafetyFields['warnings'],
    noWarningNeeded: none || undefined,
    whyWePicked: text(values.whyWePicked) || null,
  };
}

/** The suggestions for the product as the form holds `values`, each one plain sentence. */
export function formHints(values: FileValues): string[] {
  return suggestedWarnings({ data: safetyFields(values) }).map((s) =>
    MESSAGES.warningHint(hazard(s.id).label, s.because, labelOf('noWarningNeeded')),
  );
}

const hintsNow = () => formHints(fileValues(formNow()));

let box: unknown;

/** The suggestions beside the warnings' field (one component), asked again whenever a field the rule reads changes. */
export function hintsBox(): unknown {
  const { h, createClass } = decap();
  return (box ??= createClass<Record<string, never>, unknown>({
    componentDidMount(this: { stops?: (() => void)[]; later?: ReturnType<typeof setTimeout>; forceUpdate(): void }) {
      this.stops = SAFETY_FIELDS.map((key) => listen(key, () => this.forceUpdate()));
      // The fields after this one report their values as they first render, after it.
      this.later = setTimeout(() => this.forceUpdate(), 0);
    },
    componentWillUnmount(this: { stops?: (() => void)[]; later?: ReturnType<typeof setTimeout> }) {
      clearTimeout(this.later);
      for (const stop of this.stops ?? []) stop();
    },
    render() {
      const hints = hintsNow();
      if (hints.length === 0) return null;
      return h(
        'div',
        { className: 'editor-hints', role: 'status' },
        ...hints.map((hint) =>
          h(
            'p',
            { className: 'editor-hint', key: hint },
            h('span', { className: 'editor-hint__sign', 'aria-hidden': 'true' }, '!'),
            h('strong', { className: 'editor-hint__word' }, `${MESSAGES.hintSign}:`),
            ` ${hint}`,
          ),
        ),
      );
    },
  }));
}

/** After a save, the suggestions once more: the save went through, and what is still to check. */
export function sayHintsOnSave(CMS: Decap): void {
  CMS.registerEventListener({
    name: 'postSave',
    handler: () => {
      const n = hintsNow().length;
      if (n > 0) notice(MESSAGES.savedWithHints(n, labelOf(HINTED_FIELD)), { hint: true, ms: 12_000 });
      return undefined;
    },
  });
}

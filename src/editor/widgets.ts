// The form's widgets. Each field's input is one of Decap's own widgets, wrapped so that its value
// is judged by the product schema itself (src/catalog/field-problem.ts: the validator's message and
// fix, the other fields taken into account); three fields have inputs of their own: the slug (made
// from the name once), the price (typed as a shopper reads it) and the picture (uploaded into the
// product's own branch, named after its slug). Messages are the glossary's plain sentences
// (./mistakes.ts), shown as she types and again when she saves.
import { fieldProblem } from '../catalog/field-problem.ts';
import { formatPrice } from '../catalog/catalog.ts';
import { toMajorUnits, toMinorUnits } from '../catalog/money.ts';
import { slugFromName } from '../catalog/product-file.ts';
import { field as fieldByKey, type FieldKey } from '../catalog/schema.ts';
import { PRODUCT_IMAGES_PATH, productPath } from '../catalog/urls.ts';
import { MESSAGES } from '../outputs/editor-words.ts';
import { signedInCurator } from './curator.ts';
import { decap, type Decap, type ImmutableMap, type WidgetProps } from './decap.ts';
import { formNow, listen, report } from './live-form.ts';
import { HINTED_FIELD, hintsBox } from './hints.ts';
import { fileValue, fileValues } from './form-data.ts';
import { mistakeOf, noteVerdict } from './mistakes.ts';
import { preparePhoto } from './photo.ts';
import { photoPending } from './steps.ts';

type Verdict = true | { error: { message: string } };

/** The field a widget edits. */
const keyOf = (props: WidgetProps) => props.field.get('name') as FieldKey;

/** The schema's verdict on a field's value, the form's other values as they are now, in plain words. */
function problemOf(props: WidgetProps): string | null {
  const key = keyOf(props);
  const problem = fieldProblem(fieldByKey(key), fileValue(key, props.value), fileValues(formNow()));
  return problem === null ? null : mistakeOf(key, problem);
}

/** The verdict Decap asks for when she saves (`own` a widget's own problem, such as an unreadable price). */
function verdict(props: WidgetProps, own: string | null = null): Verdict {
  const problem = own ?? problemOf(props);
  noteVerdict(keyOf(props), props.forID, problem !== null);
  return problem === null ? true : { error: { message: problem } };
}

/**
 * The message under a field as she types (Decap shows its own list only after a save, and clears
 * it at the next change): shown once she has changed the field. `editor.css` hides it while
 * Decap's list is up, so a mistake is said once.
 */
function liveMistake(props: WidgetProps, touched: boolean, own: string | null = null) {
  const { h } = decap();
  const problem = touched ? (own ?? problemOf(props)) : null;
  return problem ? h('p', { className: 'editor-error editor-live', role: 'status' }, problem) : null;
}

/** A value as comparable text (Immutable.js collections as plain JS; empty as nothing). */
const same = (v: unknown): string => {
  const js = v !== null && typeof v === 'object' && 'toJS' in v ? (v as { toJS(): unknown }).toJS() : v;
  return js === undefined || js === null || js === '' || (Array.isArray(js) && js.length === 0)
    ? ''
    : JSON.stringify(js);
};

/** Every widget of ours reports its value to the live form as it renders. */
const reported = (props: WidgetProps) => report(keyOf(props), props.value);

/** Decap's own widget `base`, its value judged by the schema. */
function judged(CMS: Decap, base: string): unknown {
  const { h, createClass } = decap();
  const inner = CMS.getWidget(base);
  if (!inner) throw new Error(`Decap has no ${base} widget.`);
  return createClass<WidgetProps, { touched: boolean }>({
    // Touched once she changes the value (Decap's own controls may report their value as they open).
    getInitialState: () => ({ touched: false }),
    componentDidMount(this: { props: WidgetProps; stop?: () => void }) {
      // Her own name: marking a staff pick fills "Picked by" with her code, when her handle is one.
      if (keyOf(this.props) === 'pickedBy')
        this.stop = listen('staffPick', () => {
          const mine = signedInCurator();
          if (formNow().staffPick === true && !this.props.value && mine) this.props.onChange(mine);
        });
    },
    componentWillUnmount(this: { stop?: () => void }) {
      this.stop?.();
    },
    isValid(this: { props: WidgetProps; inner?: { isValid?: () => Verdict | { error: false } } }): Verdict {
      // Decap's own controls answer true, or an object whose `error` is false when all is well.
      const own = this.inner?.isValid?.();
      if (own && own !== true && own.error) return verdict(this.props, own.error.message);
      return verdict(this.props);
    },
    render() {
      reported(this.props);
      const self = this as unknown as Record<string, unknown> & { setState(s: { touched: boolean }): void };
      return h(
        'div',
        { className: 'editor-field' },
        h(inner.control, {
          ...this.props,
          onChange: (...args: unknown[]) => {
            if (!this.state.touched && same(args[0]) !== same(this.props.value)) self.setState({ touched: true });
            (this.props.onChange as (...a: unknown[]) => void)(...args);
          },
          ref: (r: unknown) => (self.inner = r),
        }),
        liveMistake(this.props, this.state.touched),
        // The check's suggestions for the product, beside the field they would change (./hints.ts).
        keyOf(this.props) === HINTED_FIELD ? h(hintsBox(), null) : null,
      );
    },
  });
}

/** The slug: made from the name while the product is new, then fixed (it is the file's name and the page's address). */
function slugWidget(): unknown {
  const { h, createClass } = decap();
  const follow = (props: WidgetProps) => {
    if (props.entry.get('newRecord') !== true) return;
    const slug = slugFromName(String(formNow().name ?? ''));
    if (slug !== (props.value ?? '')) props.onChange(slug);
  };
  return createClass<WidgetProps, unknown>({
    componentDidMount(this: { props: WidgetProps; stop?: () => void }) {
      this.stop = listen('name', () => follow(this.props));
      follow(this.props);
    },
    componentWillUnmount(this: { stop?: () => void }) {
      this.stop?.();
    },
    isValid() {
      return verdict(this.props);
    },
    render() {
      reported(this.props);
      const { value, forID, classNameWrapper } = this.props;
      // Shown as the link the page will have on this site, never as a bare file name.
      const link = typeof value === 'string' && value ? `${location.origin}${productPath(value)}` : '';
      return h(
        'div',
        { className: 'editor-slug' },
        h('input', {
          id: forID,
          className: `${classNameWrapper} editor-slug__link`,
          value: link,
          placeholder: MESSAGES.slugEmpty,
          readOnly: true,
        }),
      );
    },
  });
}

interface PriceState {
  text: string;
  problem: string | null;
}

/** The price, typed in major units (24.99) and kept in minor units (2499), shown formatted beside the input. */
function priceWidget(): unknown {
  const { h, createClass } = decap();
  return createClass<WidgetProps, PriceState>({
    getInitialState(this: { props: WidgetProps }): PriceState {
      const v = this.props.value;
      return { text: typeof v === 'number' ? toMajorUnits(v) : '', problem: null };
    },
    change(this: { props: WidgetProps; setState(s: PriceState): void }, text: string) {
      try {
        const minor = toMinorUnits(text);
        this.setState({ text, problem: null });
        this.props.onChange(minor);
      } catch (err) {
        this.setState({ text, problem: mistakeOf('price', (err as Error).message) });
        this.props.onChange(text);
      }
    },
    componentDidMount(this: { stop?: () => void; forceUpdate(): void }) {
      this.stop = listen('currency', () => this.forceUpdate());
    },
    componentWillUnmount(this: { stop?: () => void }) {
      this.stop?.();
    },
    isValid(this: { props: WidgetProps; state: PriceState }): Verdict {
      return verdict(this.props, this.state.problem);
    },
    render() {
      reported(this.props);
      const { value, forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
      const chosen = formNow().currency;
      const currency = typeof chosen === 'string' && chosen ? chosen : 'USD';
      const shown =
        this.state.problem !== null
          ? MESSAGES.priceShown
          : typeof value === 'number'
            ? formatPrice(value, currency)
            : formatPrice(null, currency);
      return h(
        'div',
        null,
        h(
          'div',
          { className: 'editor-price' },
          h('input', {
            id: forID,
            className: classNameWrapper,
            inputMode: 'decimal',
            autoComplete: 'off',
            placeholder: '24.99',
            value: this.state.text,
            onChange: (e: Event) =>
              (this as unknown as { change(t: string): void }).change((e.target as HTMLInputElement).value),
            onFocus: setActiveStyle,
            onBlur: setInactiveStyle,
          }),
          h('output', { htmlFor: forID, className: 'editor-price__shown', 'aria-live': 'polite' }, shown),
        ),
        liveMistake(this.props, this.state.text !== '', this.state.problem),
      );
    },
  });
}

/** What the picker offers: the photos the browser can open (an iPhone then hands over a JPEG). */
const PICKER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];

interface PictureState {
  problem: string | null;
  busy: boolean;
  /** The photo she picked, shown at once (an object URL of the shrunk photo). */
  shown: string | null;
  note: string | null;
}

/**
 * The picture: a photo she picks, shrunk and stripped in the browser (./photo.ts), shown at once,
 * and added to the product's own save as content/images/products/<slug>.<ext>.
 */
function pictureWidget(): unknown {
  const { h, createClass } = decap();
  return createClass<WidgetProps, PictureState>({
    getInitialState: (): PictureState => ({ problem: null, busy: false, shown: null, note: null }),
    async choose(
      this: { props: WidgetProps; state: PictureState; setState(s: Partial<PictureState>): void },
      file: File | undefined,
    ) {
      if (!file) return;
      this.setState({ problem: null, busy: true, note: MESSAGES.photoShrinking });
      const data = fileValues(formNow());
      const slug = (typeof data.slug === 'string' && data.slug) || slugFromName(String(data.name ?? '')) || 'picture';
      const photo = await preparePhoto(file, slug);
      if (!photo.ok) return this.setState({ problem: photo.problem, busy: false, note: null });
      if (this.state.shown) URL.revokeObjectURL(this.state.shown);
      this.setState({ shown: URL.createObjectURL(photo.file), note: MESSAGES.photoPicked });
      photoPending(photo.file.name, photo.bytes);
      await this.props.onPersistMedia(photo.file, { field: this.props.field });
      this.props.onChange(`${PRODUCT_IMAGES_PATH}${photo.file.name}`);
      this.setState({ problem: null, busy: false });
    },
    componentWillUnmount(this: { state: PictureState }) {
      if (this.state.shown) URL.revokeObjectURL(this.state.shown);
    },
    isValid(this: { props: WidgetProps; state: PictureState }): Verdict {
      return verdict(this.props, this.state.problem);
    },
    render() {
      reported(this.props);
      const { value, forID, getAsset, field, onChange } = this.props;
      const saved =
        typeof value === 'string' && value
          ? value.startsWith('/')
            ? String(getAsset(value, field) ?? '')
            : value
          : '';
      const src = value ? (this.state.shown ?? saved) : null;
      const self = this as unknown as { choose(f: File | undefined): void; setState(s: Partial<PictureState>): void };
      return h(
        'div',
        { className: 'editor-picture' },
        src ? h('img', { src, alt: MESSAGES.photoAlt, className: 'editor-picture__img' }) : null,
        h(
          'label',
          { className: 'editor-button editor-picture__choose', htmlFor: forID },
          value ? MESSAGES.photoChooseOther : MESSAGES.photoChoose,
        ),
        h('input', {
          id: forID,
          className: 'editor-picture__input',
          type: 'file',
          accept: PICKER_TYPES.join(','),
          disabled: this.state.busy,
          onChange: (e: Event) => self.choose((e.target as HTMLInputElement).files?.[0]),
        }),
        this.state.note && !this.state.problem
          ? h('p', { className: 'editor-note', role: 'status' }, this.state.note)
          : null,
        this.state.problem ? h('p', { className: 'editor-error', role: 'alert' }, this.state.problem) : null,
        value
          ? h(
              'button',
              {
                type: 'button',
                className: 'editor-button',
                onClick: () => {
                  self.setState({ note: null, problem: null });
                  onChange(null);
                },
              },
              MESSAGES.photoRemove,
            )
          : null,
      );
    },
  });
}

/** Decap's own widgets the form uses, each wrapped so the schema judges its value. */
const JUDGED = {
  'product-string': 'string',
  'product-text': 'text',
  'product-select': 'select',
  'product-boolean': 'boolean',
  'product-number': 'number',
  'product-datetime': 'datetime',
  'product-list': 'list',
} as const;
/** The widgets of the project's own, for the fields whose input their type does not say. */
const OWN = { 'product-slug': slugWidget, 'product-price': priceWidget, 'product-picture': pictureWidget } as const;

/** Every widget name the editor registers: the generated configuration may name these only. */
export const WIDGET_NAMES: readonly string[] = [...Object.keys(JUDGED), ...Object.keys(OWN)];

/** Registers every widget the generated configuration names (src/outputs/editor-config.ts). */
export function registerWidgets(CMS: Decap): void {
  for (const [name, base] of Object.entries(JUDGED))
    CMS.registerWidget(name, judged(CMS, base), CMS.getWidget(base)?.preview);
  for (const [name, make] of Object.entries(OWN)) CMS.registerWidget(name, make());
  // The slug is the file's name: a new product gets it from its name if the widget has not set it yet.
  CMS.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      const data = entry.get('data') as ImmutableMap & { set(k: string, v: unknown): unknown };
      if (entry.get('newRecord') === true && !data.get('slug'))
        return data.set('slug', slugFromName(String(data.get('name') ?? '')));
      return data;
    },
  });
}

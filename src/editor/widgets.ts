// The form's widgets. Each field's input is one of Decap's own widgets, wrapped so that its value
// is judged by the product schema itself (src/catalog/field-problem.ts: the validator's message and
// fix, the other fields taken into account); three fields have inputs of their own: the slug (made
// from the name once), the price (typed as a shopper reads it) and the picture (uploaded into the
// product's own branch, named after its slug).
import { fieldProblem } from '../catalog/field-problem.ts';
import { formatPrice } from '../catalog/catalog.ts';
import { toMajorUnits, toMinorUnits } from '../catalog/money.ts';
import { slugFromName } from '../catalog/product-file.ts';
import { field as fieldByKey, type FieldKey } from '../catalog/schema.ts';
import { PHOTO_RULES, PHOTOS } from '../config/site.ts';
import { PRODUCT_IMAGES_PATH } from '../catalog/urls.ts';
import { decap, type Decap, type ImmutableMap, type WidgetProps } from './decap.ts';
import { formNow, listen, report } from './live-form.ts';
import { fileValue, fileValues } from './form-data.ts';

type Verdict = true | { error: { message: string } };

/** The field a widget edits. */
const keyOf = (props: WidgetProps) => props.field.get('name') as FieldKey;

/** The schema's verdict on a field's value, the form's other values as they are now. */
function verdict(props: WidgetProps): Verdict {
  const key = keyOf(props);
  const problem = fieldProblem(fieldByKey(key), fileValue(key, props.value), fileValues(formNow()));
  return problem === null ? true : { error: { message: problem } };
}

/** Every widget of ours reports its value to the live form as it renders. */
const reported = (props: WidgetProps) => report(keyOf(props), props.value);

/** Decap's own widget `base`, its value judged by the schema. */
function judged(CMS: Decap, base: string): unknown {
  const { h, createClass } = decap();
  const inner = CMS.getWidget(base);
  if (!inner) throw new Error(`Decap has no ${base} widget.`);
  return createClass<WidgetProps, unknown>({
    isValid(this: { props: WidgetProps; inner?: { isValid?: () => Verdict | { error: false } } }): Verdict {
      // Decap's own controls answer true, or an object whose `error` is false when all is well.
      const own = this.inner?.isValid?.();
      if (own && own !== true && own.error) return own;
      return verdict(this.props);
    },
    render() {
      reported(this.props);
      return h(inner.control, {
        ...this.props,
        ref: (r: unknown) => ((this as unknown as Record<string, unknown>).inner = r),
      });
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
      const { value, forID, classNameWrapper, entry } = this.props;
      const fixed = entry.get('newRecord') !== true;
      return h(
        'div',
        { className: 'editor-slug' },
        h('input', { id: forID, className: classNameWrapper, value: value ?? '', readOnly: true }),
        h(
          'p',
          { className: 'editor-note' },
          fixed
            ? 'Fixed: it is the product’s address and file name. Renaming the product keeps it.'
            : 'Made from the name when you first save; it stays the same afterwards.',
        ),
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
        this.setState({ text, problem: (err as Error).message });
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
      if (this.state.problem) return { error: { message: this.state.problem } };
      return verdict(this.props);
    },
    render() {
      reported(this.props);
      const { value, forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
      const chosen = formNow().currency;
      const currency = typeof chosen === 'string' && chosen ? chosen : 'USD';
      const shown =
        this.state.problem !== null
          ? 'not a price yet'
          : typeof value === 'number'
            ? formatPrice(value, currency)
            : formatPrice(null, currency);
      return h(
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
      );
    },
  });
}

const PHOTO_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

interface PictureState {
  problem: string | null;
  busy: boolean;
}

/** Why a chosen photo would be refused by the validator, or null. */
async function photoProblem(file: File): Promise<string | null> {
  if (!(file.type in PHOTO_TYPES)) return `${file.name} is not a photo the site takes (${PHOTO_RULES}).`;
  if (file.size > PHOTOS.maxBytes)
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB: at most ${PHOTOS.maxBytes / 1024 / 1024} MB.`;
  try {
    const bitmap = await createImageBitmap(file);
    const short = Math.min(bitmap.width, bitmap.height);
    bitmap.close();
    if (short < PHOTOS.minShortSide)
      return `${file.name} is ${short} px on its short side: at least ${PHOTOS.minShortSide} px (smaller looks blurred on a phone).`;
  } catch {
    return `${file.name} cannot be read as a picture.`;
  }
  return null;
}

/** The picture: a photo uploaded into the product's branch as content/images/products/<slug>.<ext>. */
function pictureWidget(): unknown {
  const { h, createClass } = decap();
  return createClass<WidgetProps, PictureState>({
    getInitialState: (): PictureState => ({ problem: null, busy: false }),
    async choose(this: { props: WidgetProps; setState(s: PictureState): void }, file: File | undefined) {
      if (!file) return;
      const problem = await photoProblem(file);
      if (problem) return this.setState({ problem, busy: false });
      this.setState({ problem: null, busy: true });
      const data = fileValues(formNow());
      const slug = (typeof data.slug === 'string' && data.slug) || slugFromName(String(data.name ?? '')) || 'picture';
      const name = `${slug}.${PHOTO_TYPES[file.type]}`;
      await this.props.onPersistMedia(new File([file], name, { type: file.type }), { field: this.props.field });
      this.props.onChange(`${PRODUCT_IMAGES_PATH}${name}`);
      this.setState({ problem: null, busy: false });
    },
    isValid(this: { props: WidgetProps; state: PictureState }): Verdict {
      if (this.state.problem) return { error: { message: this.state.problem } };
      return verdict(this.props);
    },
    render() {
      reported(this.props);
      const { value, forID, getAsset, field, onChange } = this.props;
      const src =
        typeof value === 'string' && value
          ? value.startsWith('/')
            ? String(getAsset(value, field) ?? '')
            : value
          : '';
      const self = this as unknown as { choose(f: File | undefined): void };
      return h(
        'div',
        { className: 'editor-picture' },
        src ? h('img', { src, alt: 'The product’s picture', className: 'editor-picture__img' }) : null,
        h('input', {
          id: forID,
          type: 'file',
          accept: Object.keys(PHOTO_TYPES).join(','),
          disabled: this.state.busy,
          onChange: (e: Event) => self.choose((e.target as HTMLInputElement).files?.[0]),
        }),
        h('p', { className: 'editor-note' }, `Saved with the product as ${PRODUCT_IMAGES_PATH}<its address>.<format>.`),
        this.state.problem ? h('p', { className: 'editor-error', role: 'alert' }, this.state.problem) : null,
        value
          ? h(
              'button',
              { type: 'button', className: 'editor-button', onClick: () => onChange(null) },
              'Remove the picture',
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

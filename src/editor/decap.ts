// What the editor uses of Decap CMS's script (composed from its packages, src/editor/decap-app.ts),
// which the page runs as a classic script before the editor's code: the `CMS` registry and the
// script's own React (`h` is its createElement, `createClass` its class factory), so no second
// React is shipped.
import type { ReactElement } from './react-types.ts';

/** An Immutable.js Map as Decap hands entries and fields to widgets. */
export interface ImmutableMap {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
  toJS(): Record<string, unknown>;
}

export interface WidgetProps {
  value: unknown;
  field: ImmutableMap;
  entry: ImmutableMap;
  onChange(value: unknown): void;
  forID: string;
  classNameWrapper: string;
  setActiveStyle(): void;
  setInactiveStyle(): void;
  /** Adds a file to the entry's draft: it is committed with the entry, in its branch. */
  onPersistMedia(file: File, options?: { field?: ImmutableMap }): Promise<unknown>;
  getAsset(path: string, field?: ImmutableMap): { url?: string; toString(): string } | undefined;
  t(key: string): string;
}

export interface PreviewProps {
  entry: ImmutableMap;
  getAsset(path: string): { toString(): string } | undefined;
}

export type Component<P> = (props: P) => ReactElement | null;
export type Element = ReactElement;

/** A class made with the bundle's create-react-class: `this.props`, `this.state`, methods. */
export type ClassSpec<P, S = unknown> = {
  render(this: ClassInstance<P, S>): ReactElement | null;
  [method: string]: unknown;
} & ThisType<ClassInstance<P, S> & Record<string, unknown>>;
export interface ClassInstance<P, S> {
  props: P;
  state: S;
  setState(s: Partial<S>): void;
}

export interface Decap {
  init(): void;
  registerCustomFormat(
    name: string,
    extension: string,
    formatter: { fromFile(text: string): unknown; toFile(data: Record<string, unknown>): string },
  ): void;
  registerWidget(name: string, control: unknown, preview?: unknown): void;
  getWidget(name: string): { control: unknown; preview?: unknown } | undefined;
  registerPreviewTemplate(collection: string, component: unknown): void;
  registerPreviewStyle(style: string, options?: { raw: boolean }): void;
  registerMediaLibrary(library: { name: string; init(): unknown }): void;
  registerEventListener(listener: {
    name: 'preSave' | 'postSave' | 'prePublish' | 'postPublish';
    handler(args: { entry: ImmutableMap }): unknown;
  }): void;
  /** Adds a locale; Decap merges the chosen one over its English (decap-cms-core/src/lib/phrases.js). */
  registerLocale(code: string, phrases: object): void;
}

declare global {
  interface Window {
    CMS?: Decap;
    h?: (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => ReactElement;
    createClass?: <P, S>(spec: ClassSpec<P, S>) => unknown;
  }
}

/** Decap's globals, once its script has loaded. */
export function decap() {
  const { CMS, h, createClass } = window;
  if (!CMS || !h || !createClass) throw new Error('The Decap CMS script did not load.');
  return { CMS, h, createClass };
}

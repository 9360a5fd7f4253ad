// What the form holds right now, field by field. Decap hands each widget its own value only and
// re-renders a widget only when that value changes (the `entry` it passes along is the one the form
// opened with), yet a field is judged with the others (a staff pick needs its curator), the slug
// follows the name, and the price is shown in the chosen currency. Every widget of the form is one
// of ours (src/editor/widgets.ts): each reports its value here as it renders, and a widget that
// shows another field's value listens for it.
import type { FieldKey } from '../catalog/schema.ts';

const values = new Map<FieldKey, unknown>();
const listeners = new Map<FieldKey, Set<() => void>>();

/** A widget's value as it renders (the form opening, a keystroke). Listeners of `key` hear of a change. */
export function report(key: FieldKey, value: unknown): void {
  const had = values.has(key);
  const before = values.get(key);
  values.set(key, value);
  if (had && before !== value) for (const listen of listeners.get(key) ?? []) queueMicrotask(listen);
}

/** Every field's value as the form holds it now. */
export const formNow = (): Record<string, unknown> => Object.fromEntries(values);

/** Calls `listen` whenever the form's value of `key` changes; returns the way to stop. */
export function listen(key: FieldKey, listener: () => void): () => void {
  const set = listeners.get(key) ?? new Set();
  listeners.set(key, set);
  set.add(listener);
  return () => set.delete(listener);
}

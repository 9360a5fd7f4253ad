// The one React type the editor needs to name: what the bundle's createElement returns.
export interface ReactElement {
  type: unknown;
  props: unknown;
  key: string | null;
}

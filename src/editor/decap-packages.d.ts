// Decap's packages that ship no types, as src/editor/decap-app.ts uses them.
declare module 'decap-cms-backend-git-gateway' {
  export const GitGatewayBackend: unknown;
}
declare module 'decap-cms-backend-test' {
  export const TestBackend: unknown;
}
declare module 'decap-cms-locales' {
  export const en: Record<string, unknown>;
}
declare module 'decap-cms-widget-*' {
  const widget: { Widget(): unknown };
  export default widget;
}
declare module 'create-react-class' {
  const createClass: unknown;
  export default createClass;
}

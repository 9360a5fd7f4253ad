// Modules the build provides at build time (src/build/catalog-outputs.ts).
declare module 'virtual:catalog/build-time' {
  /** The build time (ISO 8601), decided once per build: what is published is as of then. */
  export const BUILD_TIME: string;
}
declare module 'virtual:catalog/category-styles.css' {}

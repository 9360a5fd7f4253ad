// The editor's bundler (src/build/editor-bundle.ts) imports a stylesheet as its text.
declare module '*.css' {
  const text: string;
  export default text;
}

// Local stand-in for a type-only import of netlify-cli's edge-function config extractor, so the
// offline stack never tries to download it. The extractor only needs the type name.
export type NetlifyGlobal = Record<string, unknown>;

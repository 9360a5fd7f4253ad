// What a slug is, with no dependencies: the zod schema (schema.ts) and the CDN's edge functions
// (which must not bundle zod) read the same two constants.
// At least one letter: "/products/2" is page 2 of the product list, so a slug of digits alone could
// never be reached. The lookahead keeps that in the pattern itself, so the OpenAPI parameter says it.
export const SLUG_PATTERN = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 200;

/** True when `s` has the shape of a slug (it may still name no published product). */
export const isSlugShaped = (s: string): boolean => s.length >= 1 && s.length <= SLUG_MAX && SLUG_PATTERN.test(s);

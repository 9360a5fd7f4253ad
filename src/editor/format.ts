// Product files as the editor reads and writes them, with the project's own parser and
// line-preserving editor instead of Decap's YAML writer (which drops comments, strips quotes and
// rewrites lists): an edit rewrites only the lines of the fields that changed, and a new product is
// written exactly as `npm run new-product` writes one.
import { editProductFile } from '../catalog/edit-product.ts';
import { readFrontMatter } from '../catalog/front-matter.ts';
import { serializeProductFile, type ProductFileData } from '../catalog/product-file.ts';
import { FIELDS, type FieldKey } from '../catalog/schema.ts';
import { fileValues, formValues, sameValue } from './form-data.ts';

/**
 * The text each product file had when the editor last read it, by slug: Decap hands `toFile` the
 * form's values only, and the edit is made on this text.
 */
const lastRead = new Map<string, string>();

export const productFormat = {
  fromFile(text: string): Record<string, unknown> {
    const read = readFrontMatter(text);
    if (!read.ok) throw new Error(`This product file cannot be read: ${read.problem.message}. ${read.problem.fix}`);
    if (typeof read.data.slug === 'string') lastRead.set(read.data.slug, text);
    return formValues(read.data, read.body);
  },

  toFile(form: Record<string, unknown>): string {
    const values = fileValues(form);
    const original = typeof values.slug === 'string' ? lastRead.get(values.slug) : undefined;
    if (original === undefined) {
      const { description, ...data } = values;
      return serializeProductFile(data as ProductFileData, (description as string | null | undefined) ?? null);
    }
    const read = readFrontMatter(original);
    const before = read.ok ? fileValues(formValues(read.data, read.body)) : ({} as Record<FieldKey, unknown>);
    const changes: Partial<Record<FieldKey, unknown>> = {};
    for (const { key } of FIELDS) if (!sameValue(key, before[key], values[key])) changes[key] = values[key] ?? null;
    return editProductFile(original, changes);
  },
};

// How `npm run new-product` reads typed text (its options and its answers) as a field's value, from
// the field's kind in the schema. The script itself, as a child process: test/integration/new-product.test.ts.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { typedValue } from '../../src/catalog/field-kinds.ts';
import { field, type Field, type FieldKey } from '../../src/catalog/schema.ts';

describe('typed text as a field’s value (the options and the answers)', () => {
  /** A field of the schema's kinds that the schema may not have yet: a list of free texts, optional or nullable. */
  const listField = (schema: z.ZodType): Field => ({
    key: 'materials' as FieldKey,
    schema,
    meta: { ...field('name').meta, cli: { flag: 'materials' } },
  });
  const texts = z.array(z.string().trim().min(1));

  it('splits a list on commas only: "beech wood" is one item', () => {
    expect(typedValue(field('categories'), 'kits, outdoor-play')).toEqual(['kits', 'outdoor-play']);
    expect(typedValue(field('categories'), 'educational toys')).toEqual(['educational toys']);
    expect(typedValue(listField(texts), 'beech wood, cotton ,, wool')).toEqual(['beech wood', 'cotton', 'wool']);
  });

  it('reads a list wrapped as optional or nullable as a list, and empty text as left out or null', () => {
    expect(typedValue(listField(texts.optional()), 'beech wood, cotton')).toEqual(['beech wood', 'cotton']);
    expect(typedValue(listField(texts.nullable()), 'beech wood, cotton')).toEqual(['beech wood', 'cotton']);
    expect(typedValue(listField(texts.optional()), '')).toBeUndefined();
    expect(typedValue(listField(texts.nullable()), '')).toBeNull();
  });

  it('reads a yes/no answer, a price by its own reader, and a number as a number', () => {
    expect(typedValue(field('staffPick'), 'yes')).toBe(true);
    expect(typedValue(field('staffPick'), '')).toBe(false);
    expect(() => typedValue(field('staffPick'), 'maybe')).toThrow(/answer y or n/);
    expect(typedValue(field('price'), '24.99')).toBe(2499);
    expect(typedValue(field('price'), '')).toBeNull();
    const count: Field = {
      key: 'pieces' as FieldKey,
      schema: z.number().int(),
      meta: { ...field('name').meta, cli: { flag: 'pieces' } },
    };
    expect(typedValue(count, '12')).toBe(12);
  });
});

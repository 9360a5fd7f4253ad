// What is wrong with one field's value, in the validator's words, judged in the context of the
// other fields (a staff pick needs its curator): `npm run new-product` asks again with it, and the
// browser editor shows it under the field.
import { issueToProblem } from './problems.ts';
import { FIELDS, ProductFrontmatter, type Field, type FieldKey } from './schema.ts';

/** Every field's example value: what the fields not given yet are judged as. */
const EXAMPLES: Record<string, unknown> = Object.fromEntries(
  FIELDS.filter((f) => f.key !== 'description' && !f.schema.safeParse(undefined).success).map((f) => [
    f.key,
    f.meta.example,
  ]),
);

/**
 * The problem with `value` for `f`, as "message. Fix: …", or null. `others` are the other fields'
 * values so far (as a product file holds them); a field not among them counts as its example.
 */
export function fieldProblem(f: Field, value: unknown, others: Partial<Record<FieldKey, unknown>> = {}): string | null {
  const own = f.schema.safeParse(value);
  const issues = own.success
    ? f.key === 'description'
      ? []
      : (
          ProductFrontmatter.safeParse({ ...EXAMPLES, ...withoutBody(others), [f.key]: value }).error?.issues ?? []
        ).filter((i) => i.path[0] === f.key)
    : own.error.issues.map((i) => ({ ...i, path: [f.key, ...i.path] }));
  const issue = issues[0];
  if (!issue) return null;
  const p = issueToProblem('', '', { [f.key]: value }, issue);
  return `${p.message}. Fix: ${p.fix}`;
}

function withoutBody(values: Partial<Record<FieldKey, unknown>>): Record<string, unknown> {
  const { description: _, ...rest } = values;
  return rest;
}

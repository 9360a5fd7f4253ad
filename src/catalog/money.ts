// Prices as curators type them: "24.99" in the currency's major units, kept as whole minor units.
/** "24.99" → 2499, "24" → 2400, "" → null. Exact (no floating point); throws on anything else. */
export function toMinorUnits(price: string): number | null {
  const s = price.trim();
  if (s === '') return null;
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m)
    throw new Error(`"${price}" is not a price: write it like 24.99 (a dot, at most two decimals, no currency sign)`);
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** 2499 → "24.99": minor units as a curator types a price (the inverse of `toMinorUnits`). */
export function toMajorUnits(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(Math.abs(minor % 100)).padStart(2, '0')}`;
}

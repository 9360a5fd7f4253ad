import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/catalog/count.ts';

describe('formatCount', () => {
  it('writes counts as en-US does, with thousands separators', () => {
    for (const n of [0, 7, 999, 1000, 5000, 50_000, 1_234_567, 12_345_678])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});

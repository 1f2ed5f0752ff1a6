import { describe, expect, test } from 'vitest';
import { stepDelay } from '../../../templates/islands/FleetShowcase.tsx';
import { countAt, COUNT_MS } from '../../../templates/islands/Counters.tsx';

describe('island logic', () => {
  test('the showcase steps once at 1 s per item, then every 2 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => stepDelay(n, 5))).toEqual([1000, 1000, 1000, 1000, 2000, 2000, 2000]);
  });

  test('a counter starts at 0, rises monotonically and lands exactly on its target at 2 s', () => {
    expect(COUNT_MS).toBe(2000);
    expect(countAt(98, 0)).toBe(0);
    const samples = Array.from({ length: 21 }, (_, i) => countAt(98, i * 100));
    expect(samples.every((v, i) => i === 0 || v >= samples[i - 1]!)).toBe(true);
    expect(countAt(98, 1999)).toBeLessThanOrEqual(98);
    expect(countAt(98, 2000)).toBe(98);
    expect(countAt(98, 5000)).toBe(98);
  });
});

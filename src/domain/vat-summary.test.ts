import { describe, it, expect } from 'vitest';
import { vatSummary } from './vat-summary.ts';

describe('vatSummary', () => {
  it('should derive the net once per rate from the summed gross lines in a gross shop', () => {
    // 3 × 0.01 gross: per line the net would round to 0.01 each (VAT 0); per rate 0.03 / 1.23 = 0.02.
    const summary = vatSummary([{ total: 0.01, rate: 23 }, { total: 0.01, rate: 23 }, { total: 0.01, rate: 23 }], true);
    expect(summary).toMatchObject({ net: 0.02, vat: 0.01, gross: 0.03, rates: [{ rate: 23, net: 0.02, vat: 0.01, gross: 0.03 }] });
    expect(summary.lines.map((line) => line.vat)).toEqual([0.01, 0, 0]);
  });

  it('should derive the VAT once per rate from the summed net lines in a net shop, highest rate first', () => {
    const summary = vatSummary([{ total: 10, rate: 8 }, { total: 0.02, rate: 23 }, { total: 0.02, rate: 23 }, { total: 10, rate: 0 }], false);
    expect(summary.rates).toEqual([
      { rate: 23, net: 0.04, vat: 0.01, gross: 0.05 },
      { rate: 8, net: 10, vat: 0.8, gross: 10.8 },
      { rate: 0, net: 10, vat: 0, gross: 10 },
    ]);
    expect(summary).toMatchObject({ net: 20.04, vat: 0.81, gross: 20.85 });
  });

  it('should be all zeros without lines', () => {
    expect(vatSummary([], true)).toEqual({ rates: [], lines: [], net: 0, vat: 0, gross: 0 });
  });
});

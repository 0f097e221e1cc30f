/**
 * The VAT summary of the checkout: {@link vatTotals} with each line's share of its rate, so the lines
 * add up exactly to the totals too (the order's lines and delivery as the server stores them).
 *
 * @module
 */
import { toCents } from './money.ts';
import { vatTotals, type RatedAmount, type VatAmounts, type VatSummary } from './vat-totals.ts';

/** The lines' indices by VAT rate, highest rate first. */
function byRate(lines: readonly RatedAmount[]): [number, number[]][] {
  const groups = new Map<number, number[]>();
  lines.forEach((line, index) => {
    const group = groups.get(line.rate);
    if (group) group.push(index);
    else groups.set(line.rate, [index]);
  });
  return [...groups].sort((a, b) => b[0] - a[0]);
}

/**
 * {@link vatTotals} with each line's share of its rate's VAT (largest remainder: every line's exact VAT
 * rounded down, the cents left over go to the largest remainders, the earlier line first on a tie), so
 * the lines' net and gross add up exactly to the totals too. A line's own net or VAT may therefore
 * differ by a cent from rounding that line alone.
 */
export function vatSummary(lines: readonly RatedAmount[], isGross: boolean): VatSummary {
  const totals = vatTotals(lines, isGross);
  const shares: VatAmounts[] = lines.map(() => ({ net: 0, vat: 0, gross: 0 }));
  for (const [rate, indices] of byRate(lines)) {
    const factor = 1 + rate / 100;
    const shownCents = indices.map((index) => toCents(lines[index]!.total));
    const row = totals.rates.find((candidate) => candidate.rate === rate)!;
    // Exact VAT of each line in cents, snapped like toCents so 12.999999 counts as 13.
    const exact = shownCents.map((cents) => Number((isGross ? cents - cents / factor : (cents * rate) / 100).toPrecision(12)));
    const floors = exact.map((value) => Math.floor(value));
    let left = toCents(row.vat) - floors.reduce((sum, value) => sum + value, 0);
    // Remainders snapped to 1e-6 of a cent, so float noise never breaks a tie that should go to the earlier line.
    const byRemainder = exact.map((value, at) => ({ at, remainder: Math.round((value - floors[at]!) * 1e6) })).sort((a, b) => b.remainder - a.remainder || a.at - b.at);
    for (const { at } of byRemainder) {
      if (left <= 0) break;
      floors[at] = floors[at]! + 1;
      left -= 1;
    }
    indices.forEach((index, at) => {
      const shown = shownCents[at]!;
      const vat = floors[at]!;
      shares[index] = isGross ? { net: (shown - vat) / 100, vat: vat / 100, gross: shown / 100 } : { net: shown / 100, vat: vat / 100, gross: (shown + vat) / 100 };
    });
  }
  return { ...totals, lines: shares };
}

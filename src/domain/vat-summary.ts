/**
 * The VAT summary of lines given in the shop's shown form (gross in a gross shop, net otherwise), as
 * a Polish VAT invoice computes it: per rate, and each line's share of its rate, so everything shown
 * adds up exactly. Amounts are added in integer cents (`money.ts`) so client and server agree.
 *
 * @module
 */
import { toCents } from './money.ts';

/** A line's amount in the shop's shown form and its VAT rate: the input of {@link vatSummary}. */
export interface RatedAmount {
  /** The line total in the shop's form: gross in a gross shop, net otherwise. */
  total: number;
  /** VAT rate in percent. */
  rate: number;
}

/** Net, VAT and gross of one VAT rate, or of one line, or of everything. */
export interface VatAmounts {
  net: number;
  vat: number;
  gross: number;
}

/** One row of the VAT summary. */
export interface VatRateTotals extends VatAmounts {
  rate: number;
}

/** The VAT summary of a set of lines (see {@link vatSummary}). */
export interface VatSummary extends VatAmounts {
  /** Per VAT rate, highest rate first. */
  rates: VatRateTotals[];
  /** Each line's share, in the input's order; they add up exactly to its rate's row ({@link vatSummary}). */
  lines: VatAmounts[];
}

/**
 * The VAT totals of lines given in the shop's shown form, as a Polish VAT invoice computes them (art.
 * 106e): per rate, the lines' totals are summed, and the other form is derived ONCE from that sum —
 * in a gross shop net = round(gross / (1 + rate)), in a net shop VAT = round(net × rate) — so the
 * shown lines add up to the shown total exactly and net + VAT = gross per rate and overall.
 * {@link vatSummary} also splits each rate over its lines.
 */
export function vatTotals(lines: readonly RatedAmount[], isGross: boolean): Omit<VatSummary, 'lines'> {
  const sums = new Map<number, number>();
  for (const line of lines) sums.set(line.rate, (sums.get(line.rate) ?? 0) + toCents(line.total));
  let net = 0;
  let vat = 0;
  const rates = [...sums]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, sum]): VatRateTotals => {
      // In cents: the other form derived once from the rate's sum.
      const rowVat = isGross ? sum - toCents(sum / 100 / (1 + rate / 100)) : toCents((sum * rate) / 10_000);
      const rowNet = isGross ? sum - rowVat : sum;
      net += rowNet;
      vat += rowVat;
      return { rate, net: rowNet / 100, vat: rowVat / 100, gross: (rowNet + rowVat) / 100 };
    });
  return { rates, net: net / 100, vat: vat / 100, gross: (net + vat) / 100 };
}

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

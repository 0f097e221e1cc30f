/**
 * The VAT totals of lines given in the shop's shown form (gross in a gross shop, net otherwise), as a
 * Polish VAT invoice computes them: per rate, the other form derived once from the rate's sum, so the
 * shown lines add up to the shown total exactly. Amounts are added in integer cents (`money.ts`) so
 * client and server agree. `./vat-summary.ts` also splits each rate over its lines (the checkout's
 * summary), kept apart so the cart, which needs only the totals, does not load it.
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
  /** Each line's share, in the input's order; they add up exactly to its rate's row (`vatSummary` of `./vat-summary.ts`). */
  lines: VatAmounts[];
}

/**
 * The VAT totals of lines given in the shop's shown form, as a Polish VAT invoice computes them (art.
 * 106e): per rate, the lines' totals are summed, and the other form is derived ONCE from that sum —
 * in a gross shop net = round(gross / (1 + rate)), in a net shop VAT = round(net × rate) — so the
 * shown lines add up to the shown total exactly and net + VAT = gross per rate and overall.
 * `vatSummary` (`./vat-summary.ts`) also splits each rate over its lines.
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

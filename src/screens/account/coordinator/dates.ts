/**
 * Between a `<input type="date">` value (`YYYY-MM-DD`, a day in the user's time zone) and the ISO
 * timestamps the coordinator API takes. Days are read in local time on purpose: the coordinator
 * picks a calendar day where they are, not a UTC one.
 *
 * @module
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of a date in the user's time zone (the value of a date input). */
export function dateInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A date input's day as an ISO timestamp in the user's time zone: its first moment, or with `end` its
 * last (an expiry date names the last day the budget can be spent). `''` when the value is not a day.
 */
export function dayToIso(value: string, end = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return '';
  const date = end
    ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999)
    : new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

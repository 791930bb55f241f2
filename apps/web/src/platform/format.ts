import { Decimal } from 'decimal.js';

/**
 * The one number format of the web app (issue 9): money and quantities arrive as JSON numbers or
 * decimal strings and are rounded here with decimal.js, half up as the server rounds, never by float
 * arithmetic. Empty (null, undefined, '') shows as ''.
 */
type In = Decimal | number | string | null | undefined;

const ZERO = new Decimal(0);

/** A decimal from a typed or received value; anything unreadable is 0 (inputs mid-typing). */
export function toDecimal(v: unknown): Decimal {
  if (v === '' || v === null || v === undefined) return ZERO;
  if (v instanceof Decimal) return v;
  try {
    return new Decimal(v as number | string);
  } catch {
    return ZERO;
  }
}

const empty = (v: unknown) => v === null || v === undefined || v === '';
const half3 = (v: unknown) => toDecimal(v).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);

/** Money in reports, totals and charts: always 2 places. */
export const money = (v: In | unknown): string => (empty(v) ? '' : toDecimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));

/** A document's amounts and prices: 2 places, 3 when the third is significant (SPEC §5 allows 3). */
export const amount = (v: In | unknown): string => {
  if (empty(v)) return '';
  const d = half3(v);
  return d.decimalPlaces() > 2 ? d.toFixed(3) : d.toFixed(2);
};

/** A quantity: up to 3 places, no trailing zeros. */
export const qty = (v: In | unknown): string => (empty(v) ? '' : half3(v).toFixed());

const SYMBOLS = new Map<string, { group: string; decimal: string }>();
/** The locale's grouping and decimal marks (zh-CN and en-US: `,` and `.`), read once from Intl. */
function symbolsOf(lang: string) {
  let s = SYMBOLS.get(lang);
  if (!s) {
    const parts = new Intl.NumberFormat(lang).formatToParts(1234567.5);
    s = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    SYMBOLS.set(lang, s);
  }
  return s;
}

/**
 * Money to read at a glance (portals, panels, workbench, dossiers): `money`'s 2 places, the whole part grouped by
 * thousands with the language's marks — 1,234,567.89 in zh-CN and en-US alike. Rounded by decimal.js as `money`,
 * the digits never pass through a float.
 */
export const groupedMoney = (v: In | unknown, lang = 'zh-CN'): string => {
  const s = money(v);
  if (!s) return s;
  const { group, decimal } = symbolsOf(lang);
  const [whole, cents] = s.split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${decimal}${cents}`;
};

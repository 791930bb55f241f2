import { Decimal } from 'decimal.js';

/** SPEC §8: a decimal division by zero is an error with this text (never Infinity or NaN on screen). */
export const DIVISION_BY_ZERO = 'Division by zero';

/** a ÷ b in decimal arithmetic (precision 30, SPEC §9); throws Error('Division by zero') when b is zero. */
export function divide(a: Decimal.Value, b: Decimal.Value): Decimal {
  const d = new Decimal(b);
  if (d.isZero()) throw new Error(DIVISION_BY_ZERO);
  return Decimal.clone({ precision: 30 }).div(a, d.toString());
}

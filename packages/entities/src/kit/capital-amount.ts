import { Decimal } from 'decimal.js';

/**
 * Currency to Chinese capitals for printed documents (SPEC §9): values just under 1e15 (999,999,999,999,999.9999), up
 * to 4 decimals (角, 分, 毫, 厘; further places are cut off, as the original does). A value out of range or unreadable
 * gives ''; a negative one is prefixed 负. Decimal arithmetic only: a float cannot hold 15 integer and 4 decimal digits.
 */
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const RADICES = ['', '拾', '佰', '仟'];
const UNITS = ['', '万', '亿', '兆'];
const DEC_UNITS = ['角', '分', '毫', '厘'];
export const CAPITAL_LIMIT = new Decimal('1e15');

function integerWords(int: string): string {
  let out = '';
  let zeros = 0;
  for (let i = 0; i < int.length; i++) {
    const n = Number(int[i]);
    const p = int.length - i - 1;
    const [group, pos] = [Math.floor(p / 4), p % 4];
    if (n === 0) zeros++;
    else {
      if (zeros > 0) out += DIGITS[0];
      zeros = 0;
      out += DIGITS[n]! + RADICES[pos]!;
    }
    // a group unit (万, 亿, 兆) unless the whole group of four was zeros
    if (pos === 0 && zeros < 4) out += UNITS[group]!;
  }
  return `${out}元`;
}

export function toChineseCapital(value: Decimal.Value | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return '';
  }
  if (!d.isFinite() || d.abs().gte(CAPITAL_LIMIT)) return '';
  const sign = d.isNegative() && !d.isZero() ? '负' : '';
  const [int, dec = ''] = d.abs().toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4).split('.');
  let words = int !== '0' ? integerWords(int!) : '';
  for (let i = 0; i < dec.length; i++) if (dec[i] !== '0') words += DIGITS[Number(dec[i])]! + DEC_UNITS[i]!;
  if (!words) return '零元整';
  if (!/[1-9]/.test(dec)) words += '整';
  return sign + words;
}

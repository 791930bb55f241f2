import { BusinessError } from '../../platform/errors.ts';

/** The EAN-13 check digit of 12 digits: weights 1, 3 alternating from the left, then 10 − (sum mod 10). */
export function ean13CheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/**
 * The 13 digits an EAN-13 label prints for a code: 12 digits get their check digit, 13 digits must carry
 * the right one; anything else is refused with a message naming the code.
 */
export function ean13Of(code: string): string {
  if (!/^\d{12,13}$/.test(code)) throw new BusinessError(`条码“${code}”不能打印为EAN-13：EAN-13须为12或13位数字`);
  const check = ean13CheckDigit(code.slice(0, 12));
  if (code.length === 13 && Number(code[12]) !== check) throw new BusinessError(`条码“${code}”的EAN-13校验位错误，应为${check}`);
  return code.slice(0, 12) + String(check);
}

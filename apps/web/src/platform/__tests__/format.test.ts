import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { amount, groupedMoney, money, qty, toDecimal } from '../format.ts';

describe('number formats', () => {
  it('shows money with 2 places, rounding half up exactly (no float error)', () => {
    expect(money(12)).toBe('12.00');
    expect(money('1.005')).toBe('1.01');
    expect(money(1.005)).toBe('1.01');
    expect(money(-2.345)).toBe('-2.35');
    expect(money('0.1')).toBe('0.10');
    expect(money(null)).toBe('');
    expect(money(undefined)).toBe('');
    expect(money('')).toBe('');
  });

  it('shows a document amount with 2 places, or 3 when the third is significant', () => {
    expect(amount(5)).toBe('5.00');
    expect(amount(5.5)).toBe('5.50');
    expect(amount('5.125')).toBe('5.125');
    expect(amount('5.1204')).toBe('5.12');
    expect(amount(new Decimal('0.0005'))).toBe('0.001');
    expect(amount(null)).toBe('');
  });

  it('shows a quantity with up to 3 places and no trailing zeros', () => {
    expect(qty(3)).toBe('3');
    expect(qty('2.500')).toBe('2.5');
    expect(qty(0.1 + 0.2)).toBe('0.3');
    expect(qty('1.23456')).toBe('1.235');
    expect(qty(undefined)).toBe('');
  });

  it('reads typed input as a decimal, anything unreadable as 0', () => {
    expect(toDecimal('12.5').toFixed()).toBe('12.5');
    expect(toDecimal('12.').toFixed()).toBe('12');
    expect(toDecimal('abc').toFixed()).toBe('0');
    expect(toDecimal('').toFixed()).toBe('0');
  });

  it('groups money by thousands in zh and en, rounding as money does, exact past a float’s digits', () => {
    for (const lang of ['zh-CN', 'en-US']) {
      expect(groupedMoney('1234567.891', lang)).toBe('1,234,567.89');
      expect(groupedMoney(-1234.5, lang)).toBe('-1,234.50');
      expect(groupedMoney('999.995', lang)).toBe('1,000.00');
      expect(groupedMoney(0, lang)).toBe('0.00');
      expect(groupedMoney('123456789012345678.125', lang)).toBe('123,456,789,012,345,678.13');
      expect(groupedMoney(null, lang)).toBe('');
    }
    expect(groupedMoney('1234.5')).toBe('1,234.50');
  });
});

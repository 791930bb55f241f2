import { describe, expect, it } from 'vitest';
import { divide } from '../decimal-div.ts';

describe('decimal division (SPEC §8, §9)', () => {
  it('divides in decimal with 30 digits', () => {
    expect(divide('1', '3').toString()).toBe('0.333333333333333333333333333333');
    expect(divide('0.3', '0.1').toString()).toBe('3');
    expect(divide(-10, 4).toString()).toBe('-2.5');
  });
  it('refuses a zero divisor with Division by zero', () => {
    expect(() => divide(1, 0)).toThrow('Division by zero');
    expect(() => divide('5', '0.000')).toThrow(new Error('Division by zero'));
    expect(() => divide(0, -0)).toThrow('Division by zero');
  });
});

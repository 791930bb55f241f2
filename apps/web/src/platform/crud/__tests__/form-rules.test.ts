import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { f } from '@erp/entities';
import type { TFunction } from 'i18next';
import { fieldRules } from '../form-rules.ts';

// the message key and its values, so a test reads which rule refused
const t = ((key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`) as unknown as TFunction;

/** Runs every validator of the rules on a value; the first refusal's message, or undefined. */
async function check(rules: ReturnType<typeof fieldRules>, v: unknown): Promise<string | undefined> {
  for (const r of rules as RuleObject[]) {
    if (r.required && (v === undefined || v === null || v === '' || (r.whitespace && String(v).trim() === ''))) return String(r.message);
    if (r.max !== undefined && typeof v === 'string' && v.length > r.max) return String(r.message);
    if (r.validator) {
      try {
        await r.validator(r, v, () => undefined);
      } catch (e) {
        return (e as Error).message;
      }
    }
  }
  return undefined;
}

describe('form rules derived from field definitions', () => {
  it('requires a required text and refuses blanks and text past its length', async () => {
    const rules = fieldRules(f.text('名称', 'Name', { required: true, max: 5 }), '名称', t, 'zh-CN');
    expect(await check(rules, '')).toMatch(/^required/);
    expect(await check(rules, '   ')).toMatch(/^required/);
    expect(await check(rules, '123456')).toMatch(/^tooLong/);
    expect(await check(rules, 'abc')).toBeUndefined();
  });

  it('takes money and quantities with up to 3 places and their minimum', async () => {
    const rules = fieldRules(f.money('价格', 'Price', { min: 0 }), '价格', t, 'zh-CN');
    expect(await check(rules, '12.345')).toBeUndefined();
    expect(await check(rules, '12.3456')).toMatch(/^numeric/);
    expect(await check(rules, '1e3')).toMatch(/^numeric/);
    expect(await check(rules, '-1')).toMatch(/^(numeric|tooSmall)/);
    expect(await check(rules, '')).toBeUndefined();
  });

  it('checks whole numbers and their range', async () => {
    const rules = fieldRules(f.number('比例', 'Ratio', { int: true, min: 1, max: 10 }), '比例', t, 'zh-CN');
    expect(await check(rules, 2.5)).toMatch(/^integer/);
    expect(await check(rules, 0)).toMatch(/^tooSmall/);
    expect(await check(rules, 11)).toMatch(/^tooLarge/);
    expect(await check(rules, 5)).toBeUndefined();
  });

  it('checks a pattern (phone) with its message', async () => {
    const rules = fieldRules(f.text('手机', 'Mobile', { pattern: { regex: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' } }), '手机', t, 'zh-CN');
    expect(await check(rules, '12345')).toBeDefined();
    expect(await check(rules, '13812345678')).toBeUndefined();
  });
});

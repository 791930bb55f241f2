import { describe, expect, it } from 'vitest';
import { toChineseCapital } from '@erp/entities/capital-amount';

describe('currency to Chinese capitals (SPEC §9)', () => {
  it('writes whole amounts with 整 and skips empty groups with one 零', () => {
    expect(toChineseCapital(0)).toBe('零元整');
    expect(toChineseCapital('1')).toBe('壹元整');
    expect(toChineseCapital('10')).toBe('壹拾元整');
    expect(toChineseCapital('10010')).toBe('壹万零壹拾元整');
    expect(toChineseCapital('100000000')).toBe('壹亿元整');
    expect(toChineseCapital('100000001')).toBe('壹亿零壹元整');
    expect(toChineseCapital('1000000000000')).toBe('壹兆元整');
    expect(toChineseCapital('1234.00')).toBe('壹仟贰佰叁拾肆元整');
  });

  it('writes up to 4 decimals as 角 分 毫 厘 and cuts off the rest', () => {
    expect(toChineseCapital('0.5')).toBe('伍角');
    expect(toChineseCapital('12.34')).toBe('壹拾贰元叁角肆分');
    expect(toChineseCapital('1.0001')).toBe('壹元壹厘');
    expect(toChineseCapital('0.00019')).toBe('壹厘');
    expect(toChineseCapital('0.00009')).toBe('零元整');
    expect(toChineseCapital('-3.5')).toBe('负叁元伍角');
  });

  it('takes values just under 1e15 and refuses 1e15 and beyond', () => {
    expect(toChineseCapital('999999999999999.9999')).toBe('玖佰玖拾玖兆玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖毫玖厘');
    expect(toChineseCapital('999999999999999.99999')).toBe('玖佰玖拾玖兆玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖毫玖厘');
    expect(toChineseCapital('1e15')).toBe('');
    expect(toChineseCapital('1000000000000000')).toBe('');
    expect(toChineseCapital('-1e15')).toBe('');
    expect(toChineseCapital('abc')).toBe('');
    expect(toChineseCapital(null)).toBe('');
  });
});

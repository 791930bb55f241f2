import { describe, expect, it } from 'vitest';
import { findDates } from '../dates.ts';
import { findQuantities, zhNumber } from '../quantities.ts';

// 2026-11-26 is a Thursday
const TODAY = '2026-11-26';
const day = (text: string, today = TODAY) => findDates(text, today).map((d) => [text.slice(d.start, d.end), d.day]);

describe('relative and written dates, against the given day', () => {
  it('今天/明天/后天/大后天 and weekdays', () => {
    expect(day('今天 明天 后天 大后天')).toEqual([
      ['今天', '2026-11-26'],
      ['明天', '2026-11-27'],
      ['后天', '2026-11-28'],
      ['大后天', '2026-11-29'],
    ]);
    expect(day('下周一送')).toEqual([['下周一', '2026-11-30']]);
    expect(day('下下周一')).toEqual([['下下周一', '2026-12-07']]);
    expect(day('周四')).toEqual([['周四', '2026-11-26']]);
    expect(day('星期三')).toEqual([['星期三', '2026-12-02']]);
    expect(day('下周日')).toEqual([['下周日', '2026-12-06']]);
    expect(day('next Monday, or friday')).toEqual([
      ['next Monday', '2026-11-30'],
      ['friday', '2026-11-27'],
    ]);
  });

  it('month and day: this year, or next year once it is well past; invalid days are not dates', () => {
    expect(day('12月3日')).toEqual([['12月3日', '2026-12-03']]);
    expect(day('1月5号')).toEqual([['1月5号', '2027-01-05']]);
    expect(day('11月20日')).toEqual([['11月20日', '2026-11-20']]);
    expect(day('12/5 and Dec 8th')).toEqual([
      ['12/5', '2026-12-05'],
      ['Dec 8th', '2026-12-08'],
    ]);
    expect(day('2027-02-28 2027-02-30 2月30日')).toEqual([['2027-02-28', '2027-02-28']]);
    expect(day('明天', '2026-12-31')).toEqual([['明天', '2027-01-01']]);
  });
});

describe('quantities', () => {
  it('Arabic and Chinese numbers with their unit words; phone numbers, times and dates are not quantities', () => {
    const q = (text: string) => findQuantities(text, ['箱', '瓶'], findDates(text, TODAY)).map((x) => [x.qty, x.unit ?? null]);
    expect(q('可乐10箱 雪碧 5 瓶 x3 十二箱 两箱 1.5箱')).toEqual([
      ['10', '箱'],
      ['5', '瓶'],
      ['3', null],
      ['12', '箱'],
      ['2', '箱'],
      ['1.5', '箱'],
    ]);
    expect(q('电话13800138000 下午3点 12月3日 10 cases')).toEqual([['10', 'cases']]);
    expect([zhNumber('二十'), zhNumber('三十五'), zhNumber('两百'), zhNumber('十'), zhNumber('张')]).toEqual([20, 35, 200, 10, undefined]);
  });
});

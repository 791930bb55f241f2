import { describe, expect, it } from 'vitest';
import { aqlPlan, codeLetter } from '../aql.ts';
import { judgeValue, limitsRefusal, simpleSampleSize } from '../judge.ts';

describe('ISO 2859-1 tables', () => {
  it('gives the published code letters (Table 1)', () => {
    expect(codeLetter(1000, 'II')).toBe('J');
    expect(codeLetter(500, 'II')).toBe('H');
    expect(codeLetter(501, 'II')).toBe('J');
    expect(codeLetter(10000, 'II')).toBe('L');
    expect(codeLetter(10001, 'II')).toBe('M');
    expect(codeLetter(150, 'S-4')).toBe('D');
    expect(codeLetter(1000, 'I')).toBe('G');
    expect(codeLetter(1000, 'III')).toBe('K');
    expect(codeLetter(600000, 'III')).toBe('R');
  });

  it('gives the published sample sizes and Ac/Re (Table 2-A, normal inspection)', () => {
    expect(aqlPlan(1000, 'II', '2.5')).toEqual({ codeLetter: 'J', planLetter: 'J', sampleSize: 80, accept: 5, reject: 6 });
    expect(aqlPlan(1000, 'II', '4.0')).toMatchObject({ sampleSize: 80, accept: 7, reject: 8 });
    expect(aqlPlan(1000, 'II', '0.65')).toMatchObject({ sampleSize: 80, accept: 1, reject: 2 });
    expect(aqlPlan(500, 'II', '1.5')).toMatchObject({ codeLetter: 'H', sampleSize: 50, accept: 2, reject: 3 });
    expect(aqlPlan(2000, 'II', '2.5')).toMatchObject({ codeLetter: 'K', sampleSize: 125, accept: 7, reject: 8 });
    expect(aqlPlan(5000, 'II', '1.0')).toMatchObject({ codeLetter: 'L', sampleSize: 200, accept: 5, reject: 6 });
  });

  it('follows the arrows to the plan below or above, and never samples more than the lot', () => {
    // lot 26–50 at level II is D (8), but AQL 1.0 has no plan there: down to E (13), Ac 0
    expect(aqlPlan(50, 'II', '1.0')).toEqual({ codeLetter: 'D', planLetter: 'E', sampleSize: 13, accept: 0, reject: 1 });
    // AQL 6.5 at M (315) points up to L (200), Ac 21
    expect(aqlPlan(20000, 'II', '6.5')).toMatchObject({ codeLetter: 'M', planLetter: 'L', sampleSize: 200, accept: 21, reject: 22 });
    // a lot of 5 at AQL 0.65 would need 20 samples: every unit is inspected
    expect(aqlPlan(5, 'II', '0.65')).toMatchObject({ planLetter: 'F', sampleSize: 5, accept: 0 });
  });
});

describe('judging entered values', () => {
  const numeric = { valueKind: 'numeric', lowerLimit: '9.8', upperLimit: '10.2' };
  const choice = { valueKind: 'choice', choices: 'Yes, No', passChoices: 'Yes' };

  it('checks numeric limits inclusively and refuses a value that is not a number', () => {
    expect(judgeValue(numeric, '10.2')).toEqual({ ok: true });
    expect(judgeValue(numeric, '9.79')).toEqual({ ok: false });
    expect(judgeValue(numeric, '10,0')).toEqual({ error: '“10,0”不是数值' });
  });

  it('compares choices without case and surrounding spaces', () => {
    expect(judgeValue(choice, 'yes')).toEqual({ ok: true });
    expect(judgeValue(choice, '  YES ')).toEqual({ ok: true });
    expect(judgeValue(choice, 'no')).toEqual({ ok: false });
    expect(judgeValue(choice, 'maybe')).toHaveProperty('error');
    expect(judgeValue({ valueKind: 'passFail' }, ' ng')).toEqual({ ok: false });
  });

  it('refuses inverted limits and sizes fixed and percentage samples', () => {
    expect(limitsRefusal('10', '5')).toBe('下限 10 不能大于上限 5');
    expect(limitsRefusal('5', '10')).toBeUndefined();
    expect(limitsRefusal(null, '10')).toBeUndefined();
    expect(simpleSampleSize('percent', '10', 95)).toBe(10);
    expect(simpleSampleSize('fixed', '5', 3)).toBe(3);
  });
});

import { Decimal } from 'decimal.js';

/** What a result is judged against: the item's kind and its (template's) limits or passing choices. */
export interface ItemRule {
  valueKind: string;
  lowerLimit?: string | number | null;
  upperLimit?: string | number | null;
  choices?: string | null;
  passChoices?: string | null;
}

/** One item of an inspection's plan as the server answers it and the results grid reads it: the template's limits where it sets them. */
export interface PlanItem {
  itemId: number;
  name: string;
  unit: string | null;
  method: string | null;
  valueKind: string;
  lowerLimit: string | null;
  upperLimit: string | null;
  choices: string | null;
  passChoices: string | null;
}

/** Choice values compare without case and surrounding spaces ('yes' = ' Yes '). */
export const normChoice = (s: string) => s.trim().toLowerCase();
export const choiceList = (s: string | null | undefined) =>
  (s ?? '')
    .split(/[,，]/)
    .map((x) => x.trim())
    .filter(Boolean);

const PASS = ['ok', 'pass', 'y', 'yes', '1', '合格', 'true'];
const FAIL = ['ng', 'fail', 'n', 'no', '0', '不合格', 'false'];
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A refusal for limits the wrong way round (undefined when fine). */
export function limitsRefusal(lower: unknown, upper: unknown): string | undefined {
  if (lower === null || lower === undefined || lower === '' || upper === null || upper === undefined || upper === '') return undefined;
  const [lo, hi] = [new Decimal(String(lower)), new Decimal(String(upper))];
  return lo.gt(hi) ? `下限 ${lo.toFixed()} 不能大于上限 ${hi.toFixed()}` : undefined;
}

/**
 * Judges one entered value: ok true/false, or a message when the value is not of the item's kind
 * (a letter for a numeric item, a choice outside the list).
 */
export function judgeValue(rule: ItemRule, raw: string): { ok: boolean } | { error: string } {
  const v = raw.trim();
  if (!v) return { error: '请输入检测值' };
  if (rule.valueKind === 'numeric') {
    if (!NUMBER.test(v)) return { error: `“${v}”不是数值` };
    const d = new Decimal(v);
    const lo = rule.lowerLimit === null || rule.lowerLimit === undefined || rule.lowerLimit === '' ? null : new Decimal(String(rule.lowerLimit));
    const hi = rule.upperLimit === null || rule.upperLimit === undefined || rule.upperLimit === '' ? null : new Decimal(String(rule.upperLimit));
    return { ok: (!lo || d.gte(lo)) && (!hi || d.lte(hi)) };
  }
  if (rule.valueKind === 'passFail') {
    const n = normChoice(v);
    if (PASS.includes(n)) return { ok: true };
    if (FAIL.includes(n)) return { ok: false };
    return { error: `“${v}”应为 OK 或 NG` };
  }
  const n = normChoice(v);
  const all = choiceList(rule.choices).map(normChoice);
  const pass = choiceList(rule.passChoices).map(normChoice);
  if (all.length && !all.includes(n) && !pass.includes(n)) return { error: `“${v}”不在可选值中：${choiceList(rule.choices).join('、')}` };
  return { ok: pass.includes(n) };
}

/** The sample size of a fixed or percentage rule (rounded up, at least 1, at most the lot). */
export function simpleSampleSize(rule: 'fixed' | 'percent', value: string | number, lot: number): number {
  const v = new Decimal(String(value || 0));
  const n = rule === 'fixed' ? v.ceil().toNumber() : v.times(lot).div(100).ceil().toNumber();
  return Math.max(1, Math.min(lot, n));
}

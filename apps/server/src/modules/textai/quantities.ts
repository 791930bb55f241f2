/** A quantity found in a message, with the unit word written after it (if any). */
export interface QtySpan {
  start: number;
  end: number;
  qty: string;
  unit?: string;
}

const ZH_DIGIT: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const ZH_MULT: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** 十二 → 12, 两百 → 200, 三十五 → 35; undefined when it is not a number. */
export function zhNumber(s: string): number | undefined {
  let total = 0;
  let digit: number | undefined;
  for (const ch of s) {
    if (ch in ZH_DIGIT) digit = ZH_DIGIT[ch];
    else if (ch in ZH_MULT) {
      total += (digit ?? 1) * ZH_MULT[ch]!;
      digit = undefined;
    } else return undefined;
  }
  return total + (digit ?? 0);
}

/** Unit words of other languages and colloquial ones, mapped to the units a company usually keeps. */
export const UNIT_SYNONYMS: Record<string, string[]> = {
  case: ['箱', '件'],
  cases: ['箱', '件'],
  carton: ['箱'],
  cartons: ['箱'],
  ctn: ['箱'],
  ctns: ['箱'],
  box: ['盒', '箱'],
  boxes: ['盒', '箱'],
  bottle: ['瓶'],
  bottles: ['瓶'],
  bag: ['袋', '包'],
  bags: ['袋', '包'],
  pack: ['包', '袋'],
  packs: ['包', '袋'],
  pc: ['个', '件', '只'],
  pcs: ['个', '件', '只'],
  piece: ['个', '件', '只'],
  pieces: ['个', '件', '只'],
  kg: ['公斤', '千克', 'kg'],
  kgs: ['公斤', '千克', 'kg'],
  can: ['罐', '听'],
  cans: ['罐', '听'],
  barrel: ['桶'],
  barrels: ['桶'],
  千克: ['公斤', '千克'],
  公斤: ['公斤', '千克'],
  听: ['罐', '听'],
};

export const DEFAULT_UNITS = ['箱', '件', '个', '瓶', '袋', '包', '盒', '桶', '罐', '听', '只', '支', '条', '台', '张', '斤', '公斤', '千克', '打', '提', '板'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Quantities: an Arabic number (optionally after x/×/*) or a Chinese one followed by a unit word. Numbers inside
 * `blocked` spans (dates) are skipped, and so are long digit runs (phone numbers) and times (3点).
 */
export function findQuantities(text: string, unitWords: string[], blocked: { start: number; end: number }[]): QtySpan[] {
  const words = [...new Set([...unitWords, ...Object.keys(UNIT_SYNONYMS)])].filter(Boolean).sort((a, b) => b.length - a.length);
  const unitAlt = words.map(escape).join('|');
  const re = new RegExp(
    `(?:[x×*]\\s*)?(?<num>\\d+(?:\\.\\d+)?)(?!\\d)\\s*(?<unit>${unitAlt})?(?![a-z])|(?<zh>[零〇一二两三四五六七八九十百千]+)\\s*(?<zhunit>${unitAlt})`,
    'giu',
  );
  const out: QtySpan[] = [];
  for (const m of text.matchAll(re)) {
    const start = m.index;
    const end = start + m[0].length;
    if (blocked.some((b) => b.start < end && start < b.end)) continue;
    const g = m.groups!;
    if (g.num !== undefined) {
      if (g.num.replace('.', '').length > 7) continue;
      if (!g.unit && /^\s*(?:点|:|：|号|月|日|%|元|块)/u.test(text.slice(end))) continue;
      if (Number(g.num) <= 0) continue;
      out.push({ start, end, qty: g.num, unit: g.unit });
    } else {
      const n = zhNumber(g.zh!);
      if (!n) continue;
      out.push({ start, end, qty: String(n), unit: g.zhunit });
    }
  }
  return out;
}

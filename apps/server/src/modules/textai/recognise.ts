import type { Draft, DraftLine, DraftSpan, UnitOption } from '@erp/entities';
import { findDates } from './dates.ts';
import { type Candidate, type Mention, findMentions, pickMentions } from './matcher.ts';
import { DEFAULT_UNITS, UNIT_SYNONYMS, type QtySpan, findQuantities } from './quantities.ts';

export interface Catalogue {
  customers: Candidate[];
  materialWords: Candidate[];
  /** the material's units, its base unit first */
  units: Map<number, UnitOption[]>;
  /** unit words the company uses, and aliases (alias → unit word) */
  unitWords: string[];
  unitAliases: Record<string, string>;
}

/** Matches below this similarity are not guesses. Tuned on the corpus (docs/decisions.md "Text recognition"). */
export const THRESHOLD = 0.55;

// between a material and its quantity: spaces, separators and filler words only
const FILLER = /^(?:[\s,:：、xX×*的要来订拿送]|of|a|an)*$/u;

type Pairing = Map<Mention, QtySpan>;

function pair(text: string, mentions: Mention[], qtys: QtySpan[], after: boolean): Pairing {
  const used = new Set<QtySpan>();
  const out: Pairing = new Map();
  const adjacent = (m: Mention, q: QtySpan, dirAfter: boolean) =>
    FILLER.test(dirAfter ? text.slice(m.end, q.start) : text.slice(q.end, m.start)) && (dirAfter ? q.start >= m.end : q.end <= m.start);
  for (const dirAfter of [after, !after]) {
    for (const m of mentions) {
      if (out.has(m)) continue;
      const q = qtys.find((x) => !used.has(x) && adjacent(m, x, dirAfter));
      if (q) {
        used.add(q);
        out.set(m, q);
      }
    }
  }
  // a quantity further on, before the next material: 可乐 要 明天 10箱
  for (const [i, m] of mentions.entries()) {
    if (out.has(m)) continue;
    const limit = mentions[i + 1]?.start ?? Infinity;
    const q = qtys.find((x) => !used.has(x) && x.start >= m.end && x.end <= limit);
    if (q) {
      used.add(q);
      out.set(m, q);
    }
  }
  return out;
}

function chooseUnit(word: string | undefined, options: UnitOption[], aliases: Record<string, string>): UnitOption | undefined {
  if (!word) return options[0];
  const w = word.toLowerCase();
  const wanted = [w, aliases[w], ...(UNIT_SYNONYMS[w] ?? [])].filter(Boolean) as string[];
  for (const u of wanted) {
    const hit = options.find((o) => o.unit.toLowerCase() === u);
    if (hit) return hit;
  }
  return options[0];
}

/** A material named twice becomes one line: the mention with a quantity (the first such), else the first. */
function oncePerMaterial(named: Mention[], pairing: Pairing): Mention[] {
  const keep = new Map<number, Mention>();
  for (const m of named) {
    const had = keep.get(m.candidate.id);
    if (!had || (!pairing.has(had) && pairing.has(m))) keep.set(m.candidate.id, m);
  }
  return named.filter((m) => keep.get(m.candidate.id) === m);
}

/** A draft sales order from a message: the customer, the lines (material, quantity, unit) and the delivery date. */
export function recognise(text: string, cat: Catalogue, today: string): Draft {
  const dates = findDates(text, today);
  const unitWords = [...new Set([...DEFAULT_UNITS, ...cat.unitWords, ...Object.keys(cat.unitAliases)])];
  const qtys = findQuantities(text, unitWords, dates);
  const blocked = [...dates, ...qtys];
  const mentions = pickMentions(findMentions(text, [...cat.customers, ...cat.materialWords], THRESHOLD, blocked), blocked);
  const customerMention = mentions.filter((m) => m.candidate.kind === 'customer').sort((a, b) => b.score - a.score)[0];
  const named = mentions.filter((m) => m.candidate.kind === 'material');
  const forward = pair(text, named, qtys, true);
  const backward = pair(text, named, qtys, false);
  const pairing = backward.size > forward.size ? backward : forward;
  const materials = oncePerMaterial(named, pairing);

  const spans: DraftSpan[] = dates.map((d) => ({ start: d.start, end: d.end, kind: 'date' as const }));
  if (customerMention) spans.push({ start: customerMention.start, end: customerMention.end, kind: 'customer' });
  const lines = materials.map((m, i): DraftLine => {
    const q = pairing.get(m);
    const options = cat.units.get(m.candidate.id) ?? [];
    const option = chooseUnit(q?.unit, options, cat.unitAliases);
    spans.push({ start: m.start, end: m.end, kind: 'material', line: i });
    if (q) spans.push({ start: q.start, end: q.end, kind: 'quantity', line: i });
    return {
      materialId: m.candidate.id,
      materialName: m.candidate.name,
      score: Math.round(m.score * 100) / 100,
      qty: q?.qty ?? null,
      unit: option?.unit ?? q?.unit ?? null,
      barCode: option?.barCode ?? null,
      materialExtendId: option?.materialExtendId ?? null,
      unitPrice: option?.price ?? null,
      units: options,
    };
  });
  return {
    customer: customerMention
      ? { id: customerMention.candidate.id, name: customerMention.candidate.name, score: Math.round(customerMention.score * 100) / 100 }
      : null,
    lines,
    deliveryDate: dates[0]?.day ?? null,
    spans: spans.sort((a, b) => a.start - b.start),
    today,
  };
}

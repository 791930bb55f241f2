import { Decimal } from 'decimal.js';
import type { Draft, SpanKind, UnitOption } from './textai-api.ts';

/** One editable line of the draft: the material, its unit (a barcode row), quantity and price as typed. */
export interface LineState {
  key: number;
  materialId?: number;
  materialName?: string;
  barCode?: string;
  unit?: string;
  qty: string;
  unitPrice: string;
  units: UnitOption[];
  score?: number;
}

export interface DraftState {
  customerId?: number;
  customerName?: string;
  deliveryDate?: string;
  depotId?: number;
  lines: LineState[];
}

let nextKey = 1;
export const emptyLine = (): LineState => ({ key: nextKey++, qty: '', unitPrice: '', units: [] });

/** The editable state of a recognised draft. */
export function fromDraft(d: Draft, depotId?: number): DraftState {
  return {
    customerId: d.customer?.id,
    customerName: d.customer?.name,
    deliveryDate: d.deliveryDate ?? undefined,
    depotId,
    lines: d.lines.map((l) => ({
      key: nextKey++,
      materialId: l.materialId,
      materialName: l.materialName,
      barCode: l.barCode ?? undefined,
      unit: l.unit ?? undefined,
      qty: l.qty ?? '',
      unitPrice: l.unitPrice ?? '',
      units: l.units,
      score: l.score,
    })),
  };
}

/** A line after its unit is changed: that unit's barcode and sales price. */
export function withUnit(line: LineState, unit: string): LineState {
  const o = line.units.find((u) => u.unit === unit);
  return o ? { ...line, unit, barCode: o.barCode, unitPrice: o.price ?? line.unitPrice } : line;
}

const isNumber = (s: string) => /^\d+(\.\d{1,3})?$/.test(s.trim());

export const lineAmount = (l: LineState): Decimal | undefined =>
  isNumber(l.qty) && isNumber(l.unitPrice || '0') ? new Decimal(l.qty.trim()).mul(l.unitPrice.trim() || '0') : undefined;

export const total = (s: DraftState): Decimal => s.lines.reduce((sum, l) => sum.add(lineAmount(l) ?? 0), new Decimal(0));

export type SaveCheck = { ok: true; body: { info: Record<string, unknown>; rows: Record<string, unknown>[] } } | { ok: false; key: string; n?: number };

/** The body of POST /depotHead/addDepotHeadAndDetail for the draft, or what is missing. */
export function saveBody(s: DraftState, operTime: string): SaveCheck {
  if (!s.customerId) return { ok: false, key: 'needCustomer' };
  if (s.lines.length === 0) return { ok: false, key: 'needLines' };
  const bad = s.lines.findIndex((l) => !l.barCode || !isNumber(l.qty) || Number(l.qty) <= 0);
  if (bad >= 0) return { ok: false, key: 'needLine', n: bad + 1 };
  return {
    ok: true,
    body: {
      info: {
        type: '其它',
        subType: '销售订单',
        operTime,
        organId: s.customerId,
        ...(s.deliveryDate ? { deliveryDate: s.deliveryDate } : {}),
      },
      rows: s.lines.map((l) => ({
        barCode: l.barCode,
        operNumber: l.qty.trim(),
        ...(l.unitPrice.trim() ? { unitPrice: l.unitPrice.trim() } : {}),
        ...(s.depotId ? { depotId: s.depotId } : {}),
      })),
    },
  };
}

/** The text cut at the recognised spans, for highlighting. */
export function pieces(text: string, spans: { start: number; end: number; kind: SpanKind }[]): { text: string; kind?: SpanKind }[] {
  const out: { text: string; kind?: SpanKind }[] = [];
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < at) continue;
    if (s.start > at) out.push({ text: text.slice(at, s.start) });
    out.push({ text: text.slice(s.start, s.end), kind: s.kind });
    at = s.end;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

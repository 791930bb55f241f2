import type { DocType } from '@erp/entities';
import type { ImportCtx } from './context.ts';
import { text, type JshRow } from './source.ts';

/** jshERP's order number → our order (number and type) and its line ids, for the documents that fulfil it. */
export interface OrderLinks {
  orders: Map<string, { number: string; key: string }>;
  lines: Map<number, number>;
}
export const newOrderLinks = (): OrderLinks => ({ orders: new Map(), lines: new Map() });

/**
 * After an order (or request) is saved: its jshERP number and lines map to ours, read back in line order
 * (our lines keep the order they were sent in).
 */
export async function rememberOrder(c: ImportCtx, t: DocType, h: JshRow, lines: JshRow[], saved: { number: string }) {
  const jshNumber = text(h.number);
  if (!t.order || !jshNumber) return;
  c.links.orders.set(jshNumber, { number: saved.number, key: t.key });
  const detail = await c.api.get(`/depotHead/getDetailByNumber?number=${encodeURIComponent(saved.number)}`);
  const rows = detail.ok ? (detail.data.rows as { id: number }[]) : [];
  if (rows.length === lines.length) lines.forEach((l, i) => c.links.lines.set(Number(l.id), rows[i].id));
}

/**
 * A document made from an imported order names it (link_number → our number) and its lines claim the order's
 * lines (link_id), so the order's fulfilment and status follow as in jshERP. An order that was not imported
 * leaves the document unlinked.
 */
export function applyLinks(c: ImportCtx, t: DocType, h: JshRow, lines: JshRow[], info: Record<string, unknown>, rows: Record<string, unknown>[]) {
  const link = c.links.orders.get(text(h.link_number) ?? '');
  if (!link || (link.key !== t.linkFrom && link.key !== t.alsoFrom)) return;
  info.linkNumber = link.number;
  if (link.key !== t.linkFrom) return;
  lines.forEach((l, i) => {
    const linkId = l.link_id ? c.links.lines.get(Number(l.link_id)) : undefined;
    if (linkId) rows[i].linkId = linkId;
  });
}

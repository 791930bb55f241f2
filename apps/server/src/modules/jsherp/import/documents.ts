import { DOC_TYPES, type DocType } from '@erp/entities';
import type { ImportCtx } from './context.ts';
import { live } from './master.ts';
import { imported, skipped } from './report.ts';
import { byHeader, dec, text, type JshRow } from './source.ts';
import { replayFinance } from './finance.ts';
import { applyLinks, rememberOrder } from './links.ts';

/** Document types the import replays: stock in, out, transfers, and orders and requests (no stock). */
const REPLAYED = new Set<DocType['stock']>([1, -1, 'transfer', 0]);

/** jshERP's audited states (1 audited, 2 and 3 an order fully or partly fulfilled) are saved audited. */
const AUDITED = new Set(['1', '2', '3']);

/**
 * Replays jshERP's documents (jsh_depot_head + jsh_depot_item) through our document service in date
 * order, so stock and money come from our ledger and journal. A document is imported whole or skipped
 * whole with the reason (deleted, unsupported type, a line naming an unknown material or warehouse, or
 * our rules' refusal, e.g. not enough stock): part of a document would misstate stock and arrears.
 */
export async function importDocuments(c: ImportCtx) {
  const items = byHeader(c.src.jsh_depot_item);
  const finItems = byHeader(c.src.jsh_account_item);
  // inventory and finance documents in one date order: a receipt comes after the sale it settles
  const all = [
    ...live(c, 'documents', c.src.jsh_depot_head).map((h) => ({ at: text(h.oper_time) ?? '', fin: 0, h, run: () => replayDocument(c, h, items) })),
    ...live(c, 'financeDocuments', c.src.jsh_account_head).map((h) => ({ at: text(h.bill_time) ?? '', fin: 1, h, run: () => replayFinance(c, h, finItems) })),
  ].sort((a, b) => a.at.localeCompare(b.at) || a.fin - b.fin || Number(a.h.id) - Number(b.h.id));
  for (const x of all) await x.run();
}

async function replayDocument(c: ImportCtx, h: JshRow, items: Map<number, JshRow[]>) {
  const id = `${String(h.id)} ${text(h.number) ?? ''}`.trim();
  const lines = items.get(Number(h.id)) ?? [];
  const body = documentBody(c, h, lines);
  if (typeof body === 'string') return void skipped(c.report, 'documents', id, body);
  const r = await c.api.post('/depotHead/addDepotHeadAndDetail', body);
  if (!r.ok) return void skipped(c.report, 'documents', id, r.message);
  c.ids.document.set(Number(h.id), r.data.id);
  await rememberOrder(c, docTypeOf(h)!, h, lines, r.data);
  imported(c.report, 'documents');
}

export function docTypeOf(h: JshRow): DocType | undefined {
  return DOC_TYPES.find((t) => t.type === text(h.type) && t.subType === text(h.sub_type) && REPLAYED.has(t.stock));
}

/** Our save request for a jshERP document, or why it cannot be imported. */
function documentBody(c: ImportCtx, h: JshRow, lines: JshRow[]): { info: Record<string, unknown>; rows: Record<string, unknown>[] } | string {
  const t = docTypeOf(h);
  if (!t) return `不支持的单据类型 ${text(h.type) ?? ''}/${text(h.sub_type) ?? ''}`;
  if (!lines.length) return '单据没有明细';
  const rows: Record<string, unknown>[] = [];
  for (const l of lines) {
    const row = lineBody(c, l);
    if (typeof row === 'string') return `明细 ${String(l.id)}: ${row}`;
    rows.push(row);
  }
  const organ = h.organ_id === null || h.organ_id === undefined ? undefined : c.ids.partner.get(Number(h.organ_id));
  if (h.organ_id && !organ) return `往来单位 ${String(h.organ_id)} 不存在或未导入`;
  const account = h.account_id ? c.ids.account.get(Number(h.account_id)) : undefined;
  if (h.account_id && !account) return `结算账户 ${String(h.account_id)} 不存在或未导入`;
  const accounts = accountList(c, h);
  if (typeof accounts === 'string') return accounts;
  const change = dec(h.change_amount)?.replace(/^-/, '');
  const salesMen = (text(h.sales_man) ?? '')
    .split(',')
    .filter(Boolean)
    .map((p) => c.ids.person.get(Number(p)));
  const remark = [`jshERP ${text(h.number) ?? h.id}`, text(h.remark)].filter(Boolean).join(' ');
  const info = Object.fromEntries(
    Object.entries({
      type: t.type,
      subType: t.subType,
      operTime: text(h.oper_time) ?? text(h.create_time),
      organId: organ,
      accountId: account,
      changeAmount: change && change !== '0' ? change : undefined,
      accounts,
      discount: positive(h.discount),
      discountMoney: positive(h.discount_money),
      otherMoney: positive(h.other_money),
      salesMan: salesMen.length && salesMen.every(Boolean) ? salesMen.join(',') : undefined,
      remark: remark.slice(0, 1000),
      status: AUDITED.has(text(h.status) ?? '0') ? '1' : '0',
    }).filter(([, v]) => v !== undefined),
  );
  applyLinks(c, t, h, lines, info, rows);
  return { info, rows };
}

function lineBody(c: ImportCtx, l: JshRow): Record<string, unknown> | string {
  const materialId = Number(l.material_id);
  if (!c.ids.material.has(materialId)) return `商品 ${materialId} 不存在或未导入`;
  const barCode = (l.material_extend_id ? c.barcodeOfExtend.get(Number(l.material_extend_id)) : undefined) ?? c.defaultBarcode.get(materialId);
  if (!barCode) return `商品 ${materialId} 没有条码`;
  const depotId = l.depot_id ? c.ids.depot.get(Number(l.depot_id)) : undefined;
  if (l.depot_id && !depotId) return `仓库 ${String(l.depot_id)} 不存在或未导入`;
  const anotherDepotId = l.another_depot_id ? c.ids.depot.get(Number(l.another_depot_id)) : undefined;
  if (l.another_depot_id && !anotherDepotId) return `仓库 ${String(l.another_depot_id)} 不存在或未导入`;
  const expiry = text(l.expiration_date)?.slice(0, 10);
  return Object.fromEntries(
    Object.entries({
      barCode,
      operNumber: dec(l.oper_number) ?? '0',
      unitPrice: dec(l.unit_price)?.replace(/^-/, ''),
      taxRate: positive(l.tax_rate),
      depotId,
      anotherDepotId,
      batchNumber: text(l.batch_number),
      expirationDate: expiry,
      snList: text(l.sn_list),
      remark: text(l.remark),
    }).filter(([, v]) => v !== undefined),
  );
}

/** 多账户: account_id_list '17,18' with account_money_list '-50,-10' (jshERP keeps money paid out negative). */
function accountList(c: ImportCtx, h: JshRow): { accountId: number; amount: string }[] | undefined | string {
  const list = (v: unknown) =>
    (text(v) ?? '')
      .replace(/[[\]"]/g, '')
      .split(',')
      .map((x) => x.trim());
  const ids = list(h.account_id_list).filter(Boolean);
  if (!ids.length) return undefined;
  const amounts = list(h.account_money_list);
  const out: { accountId: number; amount: string }[] = [];
  for (const [i, a] of ids.entries()) {
    const accountId = c.ids.account.get(Number(a));
    if (!accountId) return `结算账户 ${a} 不存在或未导入`;
    const amount = dec(amounts[i])?.replace(/^-/, '');
    if (amount && Number(amount) !== 0) out.push({ accountId, amount });
  }
  return out;
}

const positive = (v: unknown) => {
  const d = dec(v);
  return d && Number(d) > 0 ? d : undefined;
};

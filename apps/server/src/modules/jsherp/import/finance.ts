import { FIN_DOC_TYPES } from '@erp/entities';
import type { ImportCtx } from './context.ts';
import { imported, skipped } from './report.ts';
import { dec, text, type JshRow } from './source.ts';

const AUDITED = new Set(['1', '2', '3']);
const abs = (v: unknown) => dec(v)?.replace(/^-/, '');

/**
 * Replays a jshERP finance document (jsh_account_head + jsh_account_item: 收款, 付款, 转账, 收预付款,
 * 收入, 支出) through our finance document service: receipts and payments settle the imported documents
 * they name, so arrears and account balances come from our journal.
 */
export async function replayFinance(c: ImportCtx, h: JshRow, items: Map<number, JshRow[]>) {
  const id = `${String(h.id)} ${text(h.bill_no) ?? ''}`.trim();
  const body = financeBody(c, h, items.get(Number(h.id)) ?? []);
  if (typeof body === 'string') return void skipped(c.report, 'financeDocuments', id, body);
  const r = await c.api.post('/accountHead/addAccountHeadAndDetail', body);
  if (r.ok) imported(c.report, 'financeDocuments');
  else skipped(c.report, 'financeDocuments', id, r.message);
}

function financeBody(c: ImportCtx, h: JshRow, lines: JshRow[]): { info: object; rows: object[] } | string {
  const t = FIN_DOC_TYPES.find((x) => x.type === text(h.type));
  if (!t) return `不支持的财务单据类型 ${text(h.type) ?? ''}`;
  const rows: object[] = [];
  for (const l of lines) {
    const row = lineBody(c, l);
    if (typeof row === 'string') return `明细 ${String(l.id)}: ${row}`;
    if (row) rows.push(row);
  }
  if (!rows.length) return '单据没有金额不为零的明细';
  const organId = h.organ_id ? c.ids.partner.get(Number(h.organ_id)) : undefined;
  if (h.organ_id && !organId) return `往来单位 ${String(h.organ_id)} 不存在或未导入`;
  const accountId = h.account_id ? c.ids.account.get(Number(h.account_id)) : undefined;
  if (h.account_id && !accountId) return `结算账户 ${String(h.account_id)} 不存在或未导入`;
  const handsPersonId = h.hands_person_id ? c.ids.person.get(Number(h.hands_person_id)) : undefined;
  const discount = abs(h.discount_money);
  const remark = [`jshERP ${text(h.bill_no) ?? h.id}`, text(h.remark)].filter(Boolean).join(' ');
  const info = Object.fromEntries(
    Object.entries({
      type: t.type,
      billTime: text(h.bill_time) ?? text(h.create_time),
      organId,
      handsPersonId,
      accountId,
      discountMoney: discount && Number(discount) > 0 ? discount : undefined,
      remark: remark.slice(0, 1000),
      status: AUDITED.has(text(h.status) ?? '0') ? '1' : '0',
    }).filter(([, v]) => v !== undefined),
  );
  return { info, rows };
}

/** A line, nothing for a zero amount, or why it cannot be imported. */
function lineBody(c: ImportCtx, l: JshRow): object | undefined | string {
  const eachAmount = abs(l.each_amount);
  if (!eachAmount || Number(eachAmount) === 0) return undefined;
  const out: Record<string, unknown> = { eachAmount };
  if (l.account_id) {
    out.accountId = c.ids.account.get(Number(l.account_id));
    if (!out.accountId) return `结算账户 ${String(l.account_id)} 不存在或未导入`;
  }
  if (l.in_out_item_id) {
    out.inOutItemId = c.ids.inOutItem.get(Number(l.in_out_item_id));
    if (!out.inOutItemId) return `收支项目 ${String(l.in_out_item_id)} 不存在或未导入`;
  }
  if (l.bill_id) {
    out.billId = c.ids.document.get(Number(l.bill_id));
    if (!out.billId) return `单据 ${String(l.bill_id)} 未导入`;
  }
  if (text(l.remark)) out.remark = text(l.remark)!.slice(0, 500);
  return out;
}

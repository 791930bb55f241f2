import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { chartOf } from '../journal/chart.ts';
import { cr, dr, postEntry, reverseSource } from '../journal/journal.ts';

/** 应收发票 bills delivered sale outbounds, 应付发票 delivered purchase inbounds (docs/finance.md "Invoices"). */
export type InvoiceType = '应收' | '应付';
export const INVOICE_DOCS: Record<InvoiceType, { type: string; subType: string; prefix: string; label: string }> = {
  应收: { type: '出库', subType: '销售', prefix: 'XSFP', label: '销售出库' },
  应付: { type: '入库', subType: '采购', prefix: 'CGFP', label: '采购入库' },
};

export interface InvoiceInput {
  type: InvoiceType;
  organId: number;
  invoiceDate: string;
  invoiceNo?: string;
  remark?: string;
  rows: { depotItemId: number; quantity: string }[];
}

interface Ctx {
  tx: Tx;
  session: Session;
  ip: string;
}

const cents = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** One invoice line's amounts, to the cent: amount = qty × unit price (excl. tax), tax = amount × rate %, total = both. */
export function lineAmounts(quantity: Decimal.Value, unitPrice: Decimal.Value, taxRate: Decimal.Value) {
  const amount = cents(new Decimal(quantity).times(unitPrice));
  const tax = cents(amount.times(taxRate).div(100));
  return { amount, tax, total: amount.plus(tax) };
}

/** The delivered lines of `f.type` for one partner with what is still to be invoiced (invoiced so far by live invoices). */
export async function invoicableLines(tx: Tx, tenantId: number, f: { type: InvoiceType; organId: number; depotItemIds?: number[]; lock?: boolean }) {
  const d = INVOICE_DOCS[f.type];
  return tx.query<{
    depotItemId: number;
    depotHeadId: number;
    number: string;
    operTime: string;
    materialId: number;
    materialName: string;
    quantity: string;
    invoiced: string;
    remaining: string;
    unitPrice: string;
    taxRate: string;
  }>(
    `select i.id as "depotItemId", h.id as "depotHeadId", h.number, to_char(h.oper_time, 'YYYY-MM-DD HH24:MI:SS') as "operTime",
            i.material_id as "materialId", m.name as "materialName", i.oper_number::text as quantity,
            coalesce(v.q, 0)::text as invoiced, (i.oper_number - coalesce(v.q, 0))::text as remaining,
            i.unit_price::text as "unitPrice", i.tax_rate::text as "taxRate"
       from depot_item i
       join depot_head h on h.tenant_id = i.tenant_id and h.id = i.header_id
       join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
       left join lateral (select sum(l.quantity) as q from fin_invoice_line l join fin_invoice v on v.tenant_id = l.tenant_id and v.id = l.invoice_id
                           where l.tenant_id = i.tenant_id and l.depot_item_id = i.id and not v.delete_flag) v on true
      where i.tenant_id = $1 and h.type = $2 and h.sub_type = $3 and h.organ_id = $4 and h.posted and not h.delete_flag
        and ($5::bigint[] is null or i.id = any($5::bigint[]))
        and ($5::bigint[] is not null or i.oper_number > coalesce(v.q, 0))
      order by h.oper_time, h.id, i.line_no
      limit 2000`,
    [tenantId, d.type, d.subType, f.organId, f.depotItemIds ?? null],
  );
}

async function nextNumber(tx: Tx, tenantId: number, prefix: string, date: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const r = await tx.one<{ number: string; taken: boolean }>(
      `with s as (insert into doc_number_series(tenant_id, prefix, day, last_value) values ($1, $2, $3::date, 1)
                  on conflict (tenant_id, prefix, day) do update set last_value = doc_number_series.last_value + 1
                  returning $2 || $4 || lpad(last_value::text, greatest(4, length(last_value::text)), '0') as number)
       select number, exists (select 1 from fin_invoice v where v.tenant_id = $1 and v.number = s.number) as taken from s`,
      [tenantId, prefix, date, date.replace(/-/g, '')],
    );
    if (!r!.taken) return r!.number;
  }
  throw new BusinessError('没有可用的单据编号，请检查编号规则');
}

/**
 * Saves and posts an invoice: each row bills part or all of a delivered line still not invoiced (the
 * lines are locked first, so two invoices cannot both bill the same remainder). Its tax moves from the
 * pending VAT account to output VAT (应收) or from pending to input VAT (应付), dated the invoice date.
 */
export async function saveInvoice({ tx, session, ip }: Ctx, input: InvoiceInput): Promise<{ id: number; number: string }> {
  const t = session.tenantId;
  const ids = input.rows.map((r) => r.depotItemId);
  if (new Set(ids).size !== ids.length) throw new BusinessError('同一单据行不能重复开票');
  await tx.query('select id from depot_item where tenant_id = $1 and id = any($2::bigint[]) order by id for update', [t, ids]);
  const found = new Map((await invoicableLines(tx, t, { type: input.type, organId: input.organId, depotItemIds: ids })).map((l) => [Number(l.depotItemId), l]));
  const d = INVOICE_DOCS[input.type];
  const lines = input.rows.map((r, i) => {
    const l = found.get(r.depotItemId);
    if (!l) throw new BusinessError(`第${i + 1}行：不是该往来单位已${d.type}的${d.label}单据行`);
    const q = new Decimal(r.quantity);
    if (q.gt(l.remaining))
      throw new BusinessError(`第${i + 1}行：${l.materialName}（${l.number}）开票数量 ${q.toFixed()} 超过未开票数量 ${new Decimal(l.remaining).toFixed()}`);
    return { ...l, q, ...lineAmounts(q, l.unitPrice, l.taxRate) };
  });
  const sum = (k: 'amount' | 'tax' | 'total') => lines.reduce((s, l) => s.plus(l[k]), new Decimal(0)).toFixed();
  const number = await nextNumber(tx, t, d.prefix, input.invoiceDate);
  const head = await tx.one<{ id: number }>(
    `insert into fin_invoice(tenant_id, type, number, invoice_no, invoice_date, organ_id, amount, tax, total, remark, creator)
     values ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $10, $11) returning id`,
    [
      t,
      input.type,
      number,
      input.invoiceNo ?? null,
      input.invoiceDate,
      input.organId,
      sum('amount'),
      sum('tax'),
      sum('total'),
      input.remark ?? null,
      session.userId,
    ],
  );
  const id = Number(head!.id);
  await tx.query(
    `insert into fin_invoice_line(tenant_id, invoice_id, line_no, depot_head_id, depot_item_id, material_id, quantity, unit_price, tax_rate, amount, tax, total)
     select $1, $2, x.n, x.h, x.i, x.m, x.q, x.p, x.r, x.a, x.t, x.s
       from unnest($3::int[], $4::bigint[], $5::bigint[], $6::bigint[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[])
         as x(n, h, i, m, q, p, r, a, t, s)`,
    [
      t,
      id,
      lines.map((_, i) => i + 1),
      lines.map((l) => l.depotHeadId),
      lines.map((l) => l.depotItemId),
      lines.map((l) => l.materialId),
      lines.map((l) => l.q.toFixed()),
      lines.map((l) => l.unitPrice),
      lines.map((l) => l.taxRate),
      lines.map((l) => l.amount.toFixed()),
      lines.map((l) => l.tax.toFixed()),
      lines.map((l) => l.total.toFixed()),
    ],
  );
  const chart = await chartOf(tx, t);
  const tax = sum('tax');
  const postings = input.type === '应收' ? [dr(chart.taxOutPending, tax), cr(chart.taxOut, tax)] : [dr(chart.taxIn, tax), cr(chart.taxInPending, tax)];
  await postEntry(tx, t, { kind: 'invoice', id }, input.invoiceDate, postings, session.userId);
  await logWrite(tx, session, ip, 'add', 'finInvoice', [id], { number, lines: lines.length, total: sum('total') });
  return { id, number };
}

/** Deletes invoices: their lines can be invoiced again, their tax entries are reversed (refused in a closed period). */
export async function deleteInvoices({ tx, session, ip }: Ctx, ids: number[]): Promise<{ message: string }> {
  const t = session.tenantId;
  const rows = await tx.query<{ id: number }>(
    'select id from fin_invoice where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag order by id for update',
    [t, ids],
  );
  if (rows.length !== ids.length) throw notFound();
  for (const r of rows) {
    await reverseSource(tx, t, { kind: 'invoice', id: Number(r.id) }, session.userId);
    await tx.query('update fin_invoice set delete_flag = true where tenant_id = $1 and id = $2', [t, r.id]);
  }
  await logWrite(tx, session, ip, 'delete', 'finInvoice', ids);
  return { message: '删除成功' };
}

import type { Tx } from '../../../platform/db/database.ts';
import { notFound } from '../../../platform/errors.ts';
import type { InvoiceType } from './invoice.service.ts';

export interface InvoiceFilter {
  type: InvoiceType;
  organId?: number;
  number?: string;
  beginTime?: string;
  endTime?: string;
}
const page$ = (p: { currentPage: number; pageSize: number }) => `limit ${p.pageSize} offset ${(p.currentPage - 1) * p.pageSize}`;

/** The invoices of a type, newest first, with the 合计 of amount, tax and total. */
export async function listInvoices(tx: Tx, tenantId: number, f: InvoiceFilter, page: { currentPage: number; pageSize: number }) {
  const where = `from fin_invoice v join partner p on p.tenant_id = v.tenant_id and p.id = v.organ_id
     where v.tenant_id = $1 and v.type = $2 and not v.delete_flag and ($3::bigint is null or v.organ_id = $3)
       and ($4::text is null or v.number ilike '%' || $4 || '%' or v.invoice_no ilike '%' || $4 || '%')
       and ($5::date is null or v.invoice_date >= $5::date) and ($6::date is null or v.invoice_date <= $6::date)`;
  const params = [tenantId, f.type, f.organId ?? null, f.number ?? null, f.beginTime ?? null, f.endTime ?? null];
  const rows = await tx.query(
    `select v.id, v.type, v.number, v.invoice_no as "invoiceNo", to_char(v.invoice_date, 'YYYY-MM-DD') as "invoiceDate",
            v.organ_id as "organId", p.name as "organName", v.amount::float8 as amount, v.tax::float8 as tax, v.total::float8 as total,
            v.remark, (select string_agg(distinct d.number, ',') from fin_invoice_line l join depot_head d on d.tenant_id = l.tenant_id and d.id = l.depot_head_id
                         where l.tenant_id = v.tenant_id and l.invoice_id = v.id) as "billNumbers"
       ${where} order by v.invoice_date desc, v.id desc ${page$(page)}`,
    params,
  );
  const [s] = await tx.query<{ n: number; amount: number; tax: number; total: number }>(
    `select count(*)::int as n, coalesce(sum(v.amount), 0)::float8 as amount, coalesce(sum(v.tax), 0)::float8 as tax, coalesce(sum(v.total), 0)::float8 as total ${where}`,
    params,
  );
  return { rows, total: s.n, sums: { amount: s.amount, tax: s.tax, total: s.total } };
}

/** One invoice with its lines (the delivered document and line each bills). */
export async function invoiceInfo(tx: Tx, tenantId: number, id: number) {
  const [head] = await tx.query<{ type: string }>(
    `select v.id, v.type, v.number, v.invoice_no as "invoiceNo", to_char(v.invoice_date, 'YYYY-MM-DD') as "invoiceDate", v.organ_id as "organId",
            p.name as "organName", v.amount::text as amount, v.tax::text as tax, v.total::text as total, v.remark
       from fin_invoice v join partner p on p.tenant_id = v.tenant_id and p.id = v.organ_id where v.tenant_id = $1 and v.id = $2 and not v.delete_flag`,
    [tenantId, id],
  );
  if (!head) throw notFound();
  const rows = await tx.query(
    `select l.line_no as "lineNo", l.depot_head_id as "depotHeadId", d.number as "billNumber", l.depot_item_id as "depotItemId", m.name as "materialName",
            l.quantity::text as quantity, l.unit_price::text as "unitPrice", l.tax_rate::text as "taxRate",
            l.amount::text as amount, l.tax::text as tax, l.total::text as total
       from fin_invoice_line l join depot_head d on d.tenant_id = l.tenant_id and d.id = l.depot_head_id
       join material m on m.tenant_id = l.tenant_id and m.id = l.material_id
      where l.tenant_id = $1 and l.invoice_id = $2 order by l.line_no`,
    [tenantId, id],
  );
  return { ...head, rows };
}

export interface WriteOffFilter {
  type: '收款' | '付款';
  organId?: number;
  number?: string;
  beginTime?: string;
  endTime?: string;
}

/**
 * 核销明细: each posted receipt or payment line and the document it settled — the document's amount, what
 * this line settled, what is still owed on it now, and the invoices issued on it — with the 合计 settled.
 */
export async function writeOffDetail(tx: Tx, tenantId: number, f: WriteOffFilter, page: { currentPage: number; pageSize: number }) {
  const where = `from account_item i
       join account_head h on h.tenant_id = i.tenant_id and h.id = i.header_id
       join depot_head d on d.tenant_id = i.tenant_id and d.id = i.bill_id
       left join partner p on p.tenant_id = h.tenant_id and p.id = h.organ_id
      where i.tenant_id = $1 and h.type = $2 and h.posted and not h.delete_flag and not i.delete_flag
        and ($3::bigint is null or h.organ_id = $3)
        and ($4::text is null or h.number ilike '%' || $4 || '%' or d.number ilike '%' || $4 || '%')
        and ($5::date is null or h.oper_time >= $5::date) and ($6::date is null or h.oper_time < $6::date + 1)`;
  const params = [tenantId, f.type, f.organId ?? null, f.number ?? null, f.beginTime ?? null, f.endTime ?? null];
  const rows = await tx.query(
    `select i.id, 'account' as "sourceKind", h.id as "sourceId", h.number, h.type as "docType", to_char(h.oper_time, 'YYYY-MM-DD') as "settleTime",
            p.name as "organName", d.id as "billId", d.number as "billNumber", d.sub_type as "billType", to_char(d.oper_time, 'YYYY-MM-DD') as "billTime",
            (d.discount_last_money + coalesce(d.other_money, 0))::float8 as "billAmount", i.each_amount::float8 as settled,
            coalesce((select o.sign * o.balance from fin_open_item o where o.tenant_id = d.tenant_id and o.doc_kind = 'depot' and o.doc_id = d.id), 0)::float8 as remaining
            , (select string_agg(distinct v.number, ',') from fin_invoice_line l join fin_invoice v on v.tenant_id = l.tenant_id and v.id = l.invoice_id
                where l.tenant_id = d.tenant_id and l.depot_head_id = d.id and not v.delete_flag) as invoices,
            coalesce((select sum(l.total) from fin_invoice_line l join fin_invoice v on v.tenant_id = l.tenant_id and v.id = l.invoice_id
                where l.tenant_id = d.tenant_id and l.depot_head_id = d.id and not v.delete_flag), 0)::float8 as invoiced
       ${where}
      order by h.oper_time desc, h.id desc, i.line_no ${page$(page)}`,
    params,
  );
  const [s] = await tx.query<{ n: number; settled: number }>(`select count(*)::int as n, coalesce(sum(i.each_amount), 0)::float8 as settled ${where}`, params);
  return { rows, total: s.n, sums: { settled: s.settled } };
}

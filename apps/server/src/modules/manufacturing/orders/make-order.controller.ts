import Decimal from 'decimal.js';
import { defineController, type HookCtx } from '../../../platform/crud/controller.ts';
import { BusinessError } from '../../../platform/errors.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { rollUpQuotationCosts } from './quotation.service.ts';

/** The next number of a series: prefix + yyyymmdd + 3 digits, counted among the company's numbers of the day. */
export async function nextNumber(tx: Tx, tenantId: number, table: string, column: string, prefix: string): Promise<string> {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const r = await tx.one<{ n: number }>(
    `select coalesce(max(substring(${column} from ${prefix.length + 9})::int), 0)::int + 1 as n
       from ${table} where tenant_id = $1 and ${column} ~ $2`,
    [tenantId, `^${prefix}${day}\\d{3,}$`],
  );
  return `${prefix}${day}${String(r!.n).padStart(3, '0')}`;
}

function positiveLines(row: Record<string, unknown>, field = 'quantity') {
  for (const [i, l] of ((row.lines as Array<Record<string, unknown>> | undefined) ?? []).entries()) {
    if (!new Decimal(String(l[field])).gt(0)) throw new BusinessError(`第${i + 1}行数量必须大于0`);
  }
}

async function draftOnly({ tx, session }: HookCtx, ids: number[], what: string) {
  const r = await tx.one<{ mo_no: string }>(
    `select mo_no from mfg_make_order where tenant_id = $1 and id = any($2::bigint[]) and coalesce(status, 'draft') <> 'draft' limit 1`,
    [session.tenantId, ids],
  );
  if (r) throw new BusinessError(`制造订单 ${r.mo_no} 已下达，不能${what}`);
}

/** Make orders: numbered when left blank, drafts until released, quantities above zero. */
export const makeOrderController = defineController({
  entity: 'makeOrder',
  beforeSave: async (c, row, id) => {
    positiveLines(row);
    if (id !== undefined) return draftOnly(c, [id], '修改');
    row.status = 'draft';
    if (!row.moNo) row.moNo = await nextNumber(c.tx, c.session.tenantId, 'mfg_make_order', 'mo_no', 'MO');
  },
  beforeDelete: (c, ids) => draftOnly(c, ids, '删除'),
});

/** Quotations: numbered when left blank, quantities above zero; the cost of each line is rolled up after the save. */
export const quotationController = defineController({
  entity: 'quotation',
  beforeSave: async (c, row, id) => {
    positiveLines(row);
    if (id === undefined && !row.quotationNo) row.quotationNo = await nextNumber(c.tx, c.session.tenantId, 'mfg_quotation', 'quotation_no', 'BJ');
    if (row.validFrom && row.validTo && String(row.validTo) < String(row.validFrom)) throw new BusinessError('有效期至不能早于有效期从');
    if (id !== undefined) {
      const done = await c.tx.one<{ no: string }>(
        'select sale_order_no as no from mfg_quotation where tenant_id = $1 and id = $2 and sale_order_no is not null',
        [c.session.tenantId, id],
      );
      if (done) throw new BusinessError(`报价单已转为销售订单 ${done.no}，不能修改`);
    }
  },
  afterSave: (c, _row, id) => rollUpQuotationCosts(c.tx, c.session.tenantId, id!),
});

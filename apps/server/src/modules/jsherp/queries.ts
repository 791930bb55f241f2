import type { Tx } from '../../platform/db/database.ts';

/** The live finance documents with a line settling the document `billId` (jshERP's getFinancialBillNoByBillId), each once. */
export function financeDocsOfBill(tx: Tx, tenantId: number, billId: number) {
  return tx.query<{ id: number; billNo: string; type: string; billTime: string; status: string }>(
    `select h.id, h.number as "billNo", h.type, to_char(h.oper_time, 'YYYY-MM-DD HH24:MI:SS') as "billTime", h.status
       from account_head h
      where h.tenant_id = $1 and not h.delete_flag
        and exists (select 1 from account_item i where i.tenant_id = h.tenant_id and i.header_id = h.id and i.bill_id = $2 and not i.delete_flag)
      order by h.oper_time, h.id`,
    [tenantId, billId],
  );
}

/** The platform's dictionary types (global, no tenant), in their order. */
export function dictTypes(tx: Tx) {
  return tx.query<{ type: string; name: string; sort: number }>('select type, name, sort from dict_type order by sort, type');
}

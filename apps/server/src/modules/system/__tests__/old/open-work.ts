// The workbenches' open-work counts as they read every document with status 0, 1 or 3 — every audited document of
// the company's history — before issue 24 item 3: the figures the rewritten queries must equal.
import type { Tx } from '../../../../platform/db/database.ts';

export async function oldOpenWork(tx: Tx, tenantId: number) {
  const workbench = await tx.one<{ unaudited: number; openSaleOrders: number; openPurchaseOrders: number }>(
    `select count(*) filter (where status = '0')::int as unaudited,
            count(*) filter (where doc_key = 'saleOrder' and status in ('1', '3'))::int as "openSaleOrders",
            count(*) filter (where doc_key = 'purchaseOrder' and status in ('1', '3'))::int as "openPurchaseOrders"
       from depot_head where tenant_id = $1 and not delete_flag and status in ('0', '1', '3')`,
    [tenantId],
  );
  const purchase = await tx.one<{ requests: number; ordersToAudit: number; inboundsToAudit: number; openOrders: number }>(
    `select count(*) filter (where doc_key = 'purchaseApply' and status in ('1', '3'))::int as requests,
            count(*) filter (where doc_key = 'purchaseOrder' and status = '0')::int as "ordersToAudit",
            count(*) filter (where doc_key = 'purchaseIn' and status = '0')::int as "inboundsToAudit",
            count(*) filter (where doc_key = 'purchaseOrder' and status in ('1', '3'))::int as "openOrders"
       from depot_head where tenant_id = $1 and not delete_flag and doc_key in ('purchaseApply', 'purchaseOrder', 'purchaseIn') and status in ('0', '1', '3')`,
    [tenantId],
  );
  return { ...workbench!, ...purchase! };
}

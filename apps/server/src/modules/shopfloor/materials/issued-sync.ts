import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { registerDocumentHook } from '../../inventory/index.ts';

const MATERIAL_DOCS = ['productionPick', 'backflush', 'productionReturn'];

/**
 * Moves the issued quantities of the work order a material document belongs to by what that document has
 * posted (its net ledger rows), times `sign`. Nothing for a document no work order owns.
 */
async function shiftIssued(c: RequestCtx, headerId: number, sign: 1 | -1) {
  await c.tx.query(
    `update mfg_work_order_material m set issued_qty = coalesce(m.issued_qty, 0) + $3::numeric * x.q, updated_at = now()
       from sf_wo_document d,
            (select l.material_id, -sum(l.qty_change) as q from stock_ledger l where l.tenant_id = $1 and l.header_id = $2 group by l.material_id) x
      where d.tenant_id = $1 and d.header_id = $2 and d.kind = any($4::text[])
        and m.tenant_id = $1 and m.work_order_id = d.work_order_id and m.material_id = x.material_id`,
    [c.session.tenantId, headerId, sign, MATERIAL_DOCS],
  );
}

/**
 * A work order's issued quantities are counted up as its picks, backflushes and returns post (shop floor adds each
 * new document's share), so a material document un-audited from the inventory side takes its share back before its
 * reversal, and audited again puts it back. A document created by the save that audits it belongs to no work order
 * yet: no statement is spent on it.
 */
registerDocumentHook({
  beforeAction: async (c, action, doc) => {
    if (action === 'unaudit' && MATERIAL_DOCS.includes(doc.docKey)) await shiftIssued(c, doc.id, -1);
  },
  afterAudit: async (c, headerId, docKey, isNew) => {
    if (!isNew && (docKey === undefined || MATERIAL_DOCS.includes(docKey))) await shiftIssued(c, headerId, 1);
  },
});

import { Decimal } from 'decimal.js';
import { orderProgress, sqlStatuses, transitionRefusal, DOC_TRANSITIONS, type DocType } from '@erp/entities';
import { BusinessError, badRequest } from '../../../platform/errors.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import type { Line } from './document-lines.ts';
import { checkSaleOrderLink } from './sale-order-link.ts';

/**
 * Linked documents (ARCHITECTURE §5): an inbound made from a purchase order (an outbound from a
 * sales order …) claims quantities of the order's lines; the order's status follows:
 * 1 audited → 3 partly completed → 2 completed, and back when the linked document goes.
 * `mine` are the saved document's lines.
 */
export async function claimLinks(c: RequestCtx, t: DocType, linkNumber: string | undefined, overLink: boolean, mine: Line[]) {
  const { tx, session } = c;
  const linked = mine.filter((l) => l.linkId).map((l) => ({ line_no: l.lineNo, link_id: l.linkId, material_id: l.materialId, basic_number: l.basicNumber }));
  if (!linkNumber) {
    if (linked.length) throw badRequest('明细关联了订单行，请填写关联单号');
    return;
  }
  if (!t.linkFrom) throw badRequest('该单据类型不能关联其它单据');
  const source = await tx.one<{ id: number; doc_key: string; status: string }>(
    'select id, doc_key, status from depot_head where tenant_id = $1 and number = $2 and not delete_flag for update',
    [session.tenantId, linkNumber],
  );
  if (source && source.doc_key === t.alsoFrom) return checkSaleOrderLink(c, linkNumber, source.status, linked.length > 0);
  if (!source || source.doc_key !== t.linkFrom) throw new BusinessError(`关联单号 ${linkNumber} 不存在或类型不符`);
  const refusal = transitionRefusal('link', source.status, linkNumber);
  if (refusal) throw new BusinessError(refusal);
  if (!linked.length) return;
  const lines = await tx.query<{ id: number; material_id: number; basic_number: string; finished_number: string }>(
    `select id, material_id, basic_number, finished_number from depot_item
      where tenant_id = $1 and header_id = $2 and id = any($3::bigint[]) and not delete_flag order by id for update`,
    [session.tenantId, source.id, linked.map((l) => l.link_id)],
  );
  const byId = new Map(lines.map((l) => [l.id, { ...l, finished: new Decimal(l.finished_number) }]));
  for (const l of linked) {
    const src = byId.get(l.link_id!);
    if (!src || src.material_id !== l.material_id) throw new BusinessError(`第${l.line_no}行：关联的订单明细不存在或商品不一致`);
    src.finished = src.finished.plus(l.basic_number);
    if (!overLink && src.finished.gt(src.basic_number)) {
      const open = new Decimal(src.basic_number).minus(src.finished).plus(l.basic_number);
      throw new BusinessError(`第${l.line_no}行：数量超出订单未完成数量 ${Decimal.max(open, 0).toFixed()}`);
    }
  }
  await tx.query(`update depot_item i set finished_number = x.f from unnest($2::bigint[], $3::numeric[]) as x(id, f) where i.tenant_id = $1 and i.id = x.id`, [
    session.tenantId,
    [...byId.keys()],
    [...byId.values()].map((v) => v.finished.toFixed()),
  ]);
  await refreshOrderStatus(c, source.id);
}

/** Gives back what a document's lines claimed from their order lines. */
export async function releaseLinks(c: RequestCtx, headerId: number) {
  const { tx, session } = c;
  const sources = await tx.query<{ header_id: number }>(
    `with mine as (select link_id, sum(basic_number) as q from depot_item
                    where tenant_id = $1 and header_id = $2 and not delete_flag and link_id is not null group by link_id)
     update depot_item s set finished_number = s.finished_number - mine.q from mine
      where s.tenant_id = $1 and s.id = mine.link_id returning s.header_id`,
    [session.tenantId, headerId],
  );
  for (const id of new Set(sources.map((s) => s.header_id))) await refreshOrderStatus(c, id);
}

async function refreshOrderStatus(c: RequestCtx, orderId: number) {
  await c.tx.query(
    `update depot_head h set status = case
        when not exists (select 1 from depot_item i where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag and i.finished_number < i.basic_number) then '${orderProgress(true, true)}'
        when exists (select 1 from depot_item i where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag and i.finished_number > 0) then '${orderProgress(true, false)}'
        else '${orderProgress(false, false)}' end
      where h.tenant_id = $1 and h.id = $2 and h.status in ${sqlStatuses(DOC_TRANSITIONS.fulfil.from)}`,
    [c.session.tenantId, orderId],
  );
}

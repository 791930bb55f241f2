import { DOC_TRANSITIONS, DOC_TYPES } from '@erp/entities';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { notFound } from '../../../platform/errors.ts';
import { ownDataOnly, ownDocumentAnd } from '../../../platform/auth/own-data.ts';
import { registerApprovable } from '../../workflow/index.ts';
import { lockHead, setHeadStatus, transition } from './document.service.ts';
import { switches } from './document-store.ts';

/** What flow conditions may test on an inventory document. */
const FIELDS = {
  totalPrice: { label: '合计金额', type: 'decimal' },
  discountLastMoney: { label: '优惠后金额', type: 'decimal' },
  partnerId: { label: '往来单位', type: 'id' },
  depotId: { label: '仓库', type: 'ids' },
} as const;

/** Moves one document of the type by the approval engine's action, with that action's effects (approve posts as an audit does). */
async function move(c: RequestCtx, docKey: string, id: number, action: 'submit' | 'approve' | 'recall') {
  const h = await lockHead(c, id, action === 'approve' ? '审核' : '提交审批', action !== 'submit');
  if (h.doc_key !== docKey) throw notFound('单据不存在或已删除');
  const t = DOC_TYPES.find((d) => d.key === docKey)!;
  await transition(c, action, t, h, await switches(c.tx, c.session.tenantId));
  await setHeadStatus(c, id, DOC_TRANSITIONS[action].to);
  return h;
}

// every inventory document type can go through approval (ARCHITECTURE §9)
for (const t of DOC_TYPES) {
  registerApprovable({
    docType: t.key,
    label: t.label.zh,
    menu: t.menu,
    fields: FIELDS,
    async submit(c, id) {
      const h = await move(c, t.key, id, 'submit');
      const f = await c.tx.one<{ total_price: string; discount_last_money: string; organ_id: number | null; depots: number[] | null }>(
        `select h.total_price::text, h.discount_last_money::text, h.organ_id,
                (select array_agg(distinct i.depot_id) from depot_item i where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag) as depots
           from depot_head h where h.tenant_id = $1 and h.id = $2`,
        [c.session.tenantId, id],
      );
      return {
        number: h.number,
        facts: {
          totalPrice: f!.total_price,
          discountLastMoney: f!.discount_last_money,
          partnerId: f!.organ_id && Number(f!.organ_id),
          depotId: (f!.depots ?? []).filter((d) => d !== null).map(Number),
        },
      };
    },
    async finish(c, id, outcome) {
      await move(c, t.key, id, outcome);
    },
    async visible(c, id) {
      const own = ownDataOnly(c.session);
      const r = await c.tx.one(
        `select 1 from depot_head h where h.tenant_id = $1 and h.id = $2 and h.doc_key = $3 and not h.delete_flag${ownDocumentAnd(c.session, 'h', 4)}`,
        own ? [c.session.tenantId, id, t.key, c.session.userId] : [c.session.tenantId, id, t.key],
      );
      return !!r;
    },
  });
}

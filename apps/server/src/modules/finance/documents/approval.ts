import { DOC_TRANSITIONS, FIN_DOC_TYPES, finDocTypeOf, type FinDocType } from '@erp/entities';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { notFound } from '../../../platform/errors.ts';
import { ownDataOnly, ownDocumentAnd } from '../../../platform/auth/own-data.ts';
import { registerApprovable } from '../../workflow/index.ts';
import { checkTransition, lockFinHead, postFin, setFinHeadStatus } from './finance-doc.service.ts';

/** What flow conditions may test on a finance document. */
const FIELDS = {
  totalPrice: { label: '合计金额', type: 'decimal' },
  changeAmount: { label: '实收/实付金额', type: 'decimal' },
  partnerId: { label: '往来单位', type: 'id' },
  accountId: { label: '结算账户', type: 'ids' },
} as const;

/**
 * Moves a finance document by the approval engine's action: submit (0 → 9), approve (9 → 1, posting what a
 * direct audit posts when it has not posted on save) or recall (9 → 0; nothing was posted by the approval).
 */
async function move(c: RequestCtx, t: FinDocType, id: number, action: 'submit' | 'approve' | 'recall') {
  const h = await lockFinHead(c, id, action === 'approve' ? '审核' : '提交审批', action !== 'submit');
  if (finDocTypeOf(h.type)?.key !== t.key) throw notFound('单据不存在或已删除');
  checkTransition(action, h);
  if (action === 'approve' && !h.posted) await postFin(c, id);
  await setFinHeadStatus(c, id, DOC_TRANSITIONS[action].to);
  return h;
}

// every finance document type can go through approval (ARCHITECTURE §9; docs/finance.md)
for (const t of FIN_DOC_TYPES) {
  registerApprovable({
    docType: t.key,
    label: t.label.zh,
    menu: t.menu,
    fields: FIELDS,
    async submit(c, id) {
      const h = await move(c, t, id, 'submit');
      const f = await c.tx.one<{ total_price: string; change_amount: string; organ_id: number | null; accounts: number[] | null }>(
        `select h.total_price::text, h.change_amount::text, h.organ_id,
                (select array_agg(distinct a) from (select h.account_id as a union select i.account_id from account_item i
                   where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag) x where a is not null) as accounts
           from account_head h where h.tenant_id = $1 and h.id = $2`,
        [c.session.tenantId, id],
      );
      return {
        number: h.number,
        facts: {
          totalPrice: f!.total_price,
          changeAmount: f!.change_amount,
          partnerId: f!.organ_id && Number(f!.organ_id),
          accountId: (f!.accounts ?? []).map(Number),
        },
      };
    },
    async finish(c, id, outcome) {
      await move(c, t, id, outcome);
    },
    async visible(c, id) {
      const own = ownDataOnly(c.session);
      const r = await c.tx.one(
        `select 1 from account_head h where h.tenant_id = $1 and h.id = $2 and h.type = $3 and not h.delete_flag${ownDocumentAnd(c.session, 'h', 4)}`,
        own ? [c.session.tenantId, id, t.type, c.session.userId] : [c.session.tenantId, id, t.type],
      );
      return !!r;
    },
  });
}

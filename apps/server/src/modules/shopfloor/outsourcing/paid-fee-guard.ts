import { BusinessError } from '../../../platform/errors.ts';
import { registerDocumentHook } from '../../inventory/index.ts';

const VERB: Record<string, string> = { unaudit: '反审核', delete: '删除', edit: '修改' };

/**
 * A 委外入库 whose outsourcing fee payments settle cannot be un-audited, edited or deleted: undoing it would
 * take back a payable already paid. The payments (付款单) that settle its open item are named.
 */
registerDocumentHook({
  beforeAction: async (c, action, doc) => {
    if (doc.docKey !== 'outsourceIn' || !VERB[action]) return;
    const paid = await c.tx.query<{ number: string }>(
      `select h.number from fin_open_item o
         join fin_journal_line l on l.tenant_id = o.tenant_id and l.open_item_id = o.id
         join fin_entry e on e.tenant_id = l.tenant_id and e.id = l.entry_id
         join account_head h on h.tenant_id = e.tenant_id and h.id = e.source_id
        where o.tenant_id = $1 and o.doc_kind = 'depot' and o.doc_id = $2 and e.source_kind = 'account'
        group by h.number having sum(l.debit - l.credit) <> 0 order by h.number`,
      [c.session.tenantId, doc.id],
    );
    if (paid.length)
      throw new BusinessError(
        `委外入库 ${doc.number} 的委外加工费已由付款单 ${paid.map((p) => p.number).join('、')} 支付，不能${VERB[action]}，请先反审核或删除付款单`,
      );
  },
});

import { registerApprovable } from '../workflow/index.ts';
import { lockMoney, MONEY_DOC_TYPE, MONEY_LABEL, setMoneyStatus, type MoneyKind } from './money.service.ts';

const FIELDS = {
  amount: { label: '金额', type: 'decimal' },
  projectId: { label: '投标项目', type: 'id' },
} as const;

const MENU: Record<MoneyKind, string> = { deposit: '/bidding/deposit_apply', fee: '/bidding/fee_apply' };

// deposit and fee applications go through the approval workflow when a flow is bound (docs/workflow.md)
for (const kind of ['deposit', 'fee'] as const) {
  registerApprovable({
    docType: MONEY_DOC_TYPE[kind],
    label: MONEY_LABEL[kind],
    menu: MENU[kind],
    fields: FIELDS,
    async submit(c, id) {
      const m = await lockMoney(c.tx, c.session.tenantId, id, kind);
      await setMoneyStatus(c.tx, c.session.tenantId, m, 'submit');
      return { number: m.number, facts: { amount: m.amount, projectId: m.projectId } };
    },
    async finish(c, id, outcome) {
      const m = await lockMoney(c.tx, c.session.tenantId, id, kind);
      await setMoneyStatus(c.tx, c.session.tenantId, m, outcome);
    },
    async visible(c, id) {
      const r = await c.tx.one('select 1 from bid_money where tenant_id = $1 and id = $2 and kind = $3 and not delete_flag', [c.session.tenantId, id, kind]);
      return !!r;
    },
  });
}

import type { FinDocType } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError, badRequest } from '../../../platform/errors.ts';
import type { FinSaveInput } from './finance-doc.schemas.ts';
import { bankAccountsJson, CHART_JSON, chartFromJson, type Chart } from '../journal/chart.ts';
import type { OpenItem } from '../journal/open-items.ts';

const LINE_FIELD = { bill: 'billId', account: 'accountId', item: 'inOutItemId' } as const;
const LINE_MISSING = { bill: '请选择要结算的单据', account: '请选择结算账户', item: '请选择收支项目' } as const;

/** What each line must name, and nothing else of the three (a transfer settles no document). */
function checkLineShape(t: FinDocType, input: FinSaveInput) {
  const own = LINE_FIELD[t.lines];
  input.rows.forEach((r, i) => {
    if (r[own] === undefined) throw new BusinessError(`第${i + 1}行：${LINE_MISSING[t.lines]}`);
    for (const other of Object.values(LINE_FIELD)) {
      if (other !== own && r[other] !== undefined) throw badRequest(`参数错误 rows.${i}.${other}: ${t.label.zh}的明细不填此项`);
    }
    if (t.type === '转账' && r.accountId === input.info.accountId) throw new BusinessError(`第${i + 1}行：转入账户不能与转出账户相同`);
  });
}

/** What the save's first statement reads besides the references (see `saveContext`). */
export interface SaveContext {
  /** the closed account period the document's date falls in, if any */
  closed: string | null;
  /** 金额审核: documents post on audit, not on save */
  byAudit: boolean;
  chart: Chart;
  /** settlement account id → its cash/bank account, for those made already (bankAccountsJson) */
  banks: Record<string, number | string> | null;
  /** the settled documents' numbers and partners, and (a new document only) their open items, locked */
  settlements: SettlementReads;
}

/** The settled documents (depot_head) and their open items as a settlement check reads them. */
export interface SettlementReads {
  docs: Map<number, { number: string; organ_id: number | null }>;
  /** null: not read here (an edit locks them after its document, see saveContext) */
  items: Map<number, OpenItem> | null;
}

/**
 * The save's first statement (issue 14: every read rides in one round trip): the closed period of the date, the
 * 金额审核 switch, the chart and the bank accounts posting needs, the settled documents, and the ids a save names,
 * each a live, enabled row of this company: partner, handler, settlement accounts and in/out items (of the right
 * kind). `lockOpen` (a new document, which holds no other lock yet): the settled documents' open items are locked
 * here too, in id order like every settlement, so concurrent receipts of one sale queue and re-read its balance.
 */
export async function saveContext(tx: Tx, tenantId: number, t: FinDocType, input: FinSaveInput, lockOpen: boolean): Promise<SaveContext> {
  const { info, rows } = input;
  const accounts = [...new Set([info.accountId, ...rows.map((r) => r.accountId)].filter((x): x is number => !!x))];
  const items = [...new Set(rows.flatMap((r) => (r.inOutItemId ? [r.inOutItemId] : [])))];
  const bills = [...new Set(rows.flatMap((x) => (x.billId ? [x.billId] : [])))];
  const locked = lockOpen && t.lines === 'bill' && bills.length > 0;
  const r = await tx.one<ContextRow>(
    `with oi as materialized (
       select id, doc_id, account_id, partner_id, sign, balance::text as balance from fin_open_item
        where ${locked ? '' : 'false and '}tenant_id = $1 and doc_kind = 'depot' and doc_id = any($7::bigint[]) order by id for update)
     select (select period from account_period where tenant_id = $1 and closed and period = to_char($8::timestamptz, 'YYYY-MM')) as closed,
            (select amount_approval_flag from system_config where tenant_id = $1) as "byAudit",
            ${CHART_JSON} as chart, ${bankAccountsJson('select unnest($4::bigint[])')} as banks,
            exists (select 1 from partner where tenant_id = $1 and id = $2 and not delete_flag and enabled) as partner,
            exists (select 1 from person where tenant_id = $1 and id = $3 and not delete_flag) as person,
            (select count(*)::int from settlement_account where tenant_id = $1 and id = any($4::bigint[]) and not delete_flag and enabled) as accounts,
            (select count(*)::int from in_out_item where tenant_id = $1 and id = any($5::bigint[]) and not delete_flag and enabled and type = $6) as items,
            (select json_agg(json_build_object('id', id, 'number', number, 'organ_id', organ_id))
               from depot_head where tenant_id = $1 and id = any($7::bigint[]) and not delete_flag) as bills,
            (select json_agg(oi order by id) from oi) as open`,
    [tenantId, info.organId ?? 0, info.handsPersonId ?? 0, accounts, items, t.type === '收入' ? '收入' : '支出', bills, info.billTime],
  );
  checkRefs(t, input, r!, accounts.length, items.length);
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  const open = (r!.open ?? []).map((o) => ({
    ...o,
    id: Number(o.id),
    doc_id: Number(o.doc_id),
    account_id: Number(o.account_id),
    partner_id: n(o.partner_id),
    sign: Number(o.sign),
  }));
  return {
    closed: r!.closed,
    byAudit: r!.byAudit,
    chart: chartFromJson(r!.chart),
    banks: r!.banks,
    settlements: {
      docs: new Map((r!.bills ?? []).map((b) => [Number(b.id), { number: b.number, organ_id: n(b.organ_id) }])),
      items: locked ? new Map(open.map((o) => [o.doc_id, o])) : null,
    },
  };
}

interface ContextRow {
  closed: string | null;
  byAudit: boolean;
  chart: Record<string, number | string> | null;
  banks: Record<string, number | string> | null;
  partner: boolean;
  person: boolean;
  accounts: number;
  items: number;
  bills: { id: number | string; number: string; organ_id: number | string | null }[] | null;
  open: OpenItem[] | null;
}

/** The refusals, in the order a save gives them: the closed period, then what the document names. */
function checkRefs(t: FinDocType, input: FinSaveInput, r: ContextRow, accounts: number, items: number) {
  const { info, rows } = input;
  if (r.closed) throw new BusinessError(`单据日期所在的账期 ${r.closed} 已结账，不能保存单据`);
  if (t.partner?.required && !info.organId) throw new BusinessError('请选择往来单位');
  if (t.lines !== 'account' || t.type === '转账') {
    if (!info.accountId) throw new BusinessError('请选择结算账户');
  } else if (info.accountId) throw badRequest(`参数错误 info.accountId: ${t.label.zh}的结算账户填在明细中`);
  checkLineShape(t, input);
  const found = new Set((r.bills ?? []).map((b) => Number(b.id)));
  rows.forEach((x, i) => {
    if (x.billId && !found.has(x.billId)) throw new BusinessError(`第${i + 1}行：结算的单据不存在或已删除`);
  });
  if (info.organId && !r.partner) throw new BusinessError('往来单位不存在或已禁用');
  if (info.handsPersonId && !r.person) throw new BusinessError('经手人不存在或已删除');
  if (r.accounts !== accounts) throw new BusinessError('结算账户不存在或已禁用');
  if (r.items !== items) throw new BusinessError(`收支项目不存在、已禁用或不是${t.type}项目`);
}

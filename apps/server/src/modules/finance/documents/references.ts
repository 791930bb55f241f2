import type { FinDocType } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError, badRequest } from '../../../platform/errors.ts';
import type { FinSaveInput } from './finance-doc.schemas.ts';

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

/**
 * Every id a save names must be a live, enabled row of this company: partner, handler, settlement
 * accounts and in/out items (of the right kind). One query; the refusal names what is wrong.
 */
export async function checkReferences(tx: Tx, tenantId: number, t: FinDocType, input: FinSaveInput): Promise<void> {
  const { info, rows } = input;
  if (t.partner?.required && !info.organId) throw new BusinessError('请选择往来单位');
  if (t.lines !== 'account' || t.type === '转账') {
    if (!info.accountId) throw new BusinessError('请选择结算账户');
  } else if (info.accountId) throw badRequest(`参数错误 info.accountId: ${t.label.zh}的结算账户填在明细中`);
  checkLineShape(t, input);
  const accounts = [...new Set([info.accountId, ...rows.map((r) => r.accountId)].filter((x): x is number => !!x))];
  const items = [...new Set(rows.flatMap((r) => (r.inOutItemId ? [r.inOutItemId] : [])))];
  const bills = rows.flatMap((x) => (x.billId ? [x.billId] : []));
  const r = await tx.one<{ partner: boolean; person: boolean; accounts: number; items: number; bills: number[] | null }>(
    `select exists (select 1 from partner where tenant_id = $1 and id = $2 and not delete_flag and enabled) as partner,
            exists (select 1 from person where tenant_id = $1 and id = $3 and not delete_flag) as person,
            (select count(*)::int from settlement_account where tenant_id = $1 and id = any($4::bigint[]) and not delete_flag and enabled) as accounts,
            (select count(*)::int from in_out_item where tenant_id = $1 and id = any($5::bigint[]) and not delete_flag and enabled and type = $6) as items,
            (select array_agg(id) from depot_head where tenant_id = $1 and id = any($7::bigint[]) and not delete_flag) as bills`,
    [tenantId, info.organId ?? 0, info.handsPersonId ?? 0, accounts, items, t.type === '收入' ? '收入' : '支出', bills],
  );
  const found = new Set((r!.bills ?? []).map(Number));
  rows.forEach((x, i) => {
    if (x.billId && !found.has(x.billId)) throw new BusinessError(`第${i + 1}行：结算的单据不存在或已删除`);
  });
  if (info.organId && !r!.partner) throw new BusinessError('往来单位不存在或已禁用');
  if (info.handsPersonId && !r!.person) throw new BusinessError('经手人不存在或已删除');
  if (r!.accounts !== accounts.length) throw new BusinessError('结算账户不存在或已禁用');
  if (r!.items !== items.length) throw new BusinessError(`收支项目不存在、已禁用或不是${t.type}项目`);
}

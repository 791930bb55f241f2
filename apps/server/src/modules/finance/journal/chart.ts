import type { Tx } from '../../../platform/db/database.ts';

/** The accounts postings look up by role (db/migrations/050_finance_journal.sql seeds them per company). */
export type Role =
  | 'cash'
  | 'receivable'
  | 'advancePaid'
  | 'inventory'
  | 'payable'
  | 'advanceReceived'
  | 'taxIn'
  | 'taxOut'
  | 'taxInPending'
  | 'taxOutPending'
  | 'revenue'
  | 'otherIncome'
  | 'cogs'
  | 'purchaseVariance'
  | 'otherExpense'
  | 'discount'
  | 'stockAdjust';

export type Chart = Record<Role, number>;

/** Seeds a company's chart of accounts (called when a company is provisioned; safe to repeat). */
export async function seedChart(tx: Tx, tenantId: number): Promise<void> {
  await tx.query('select erp_fin_seed_chart($1)', [tenantId]);
}

const BASE_ACCOUNTS = 'from fin_account where tenant_id = $1 and settlement_account_id is null and in_out_item_id is null';

/** The company's base accounts by role. */
export async function chartOf(tx: Tx, tenantId: number): Promise<Chart> {
  const rows = await tx.query<{ role: Role; id: number }>(`select role, id ${BASE_ACCOUNTS}`, [tenantId]);
  return Object.fromEntries(rows.map((r) => [r.role, Number(r.id)])) as Chart;
}

/**
 * The chart as one JSON column of a statement that reads something else anyway (a posting's read of its document,
 * one round trip fewer per posting): `$1` must be the tenant id. Read it back with `chartFromJson`.
 */
export const CHART_JSON = `(select json_object_agg(role, id) filter (where role is not null) ${BASE_ACCOUNTS})`;
export const chartFromJson = (j: Record<string, number | string> | null): Chart =>
  Object.fromEntries(Object.entries(j ?? {}).map(([role, id]) => [role, Number(id)])) as Chart;

/**
 * The cash/bank account of each settlement account named (made on first use, for settlement
 * accounts added after the company's chart was seeded), keyed by settlement account id.
 */
export async function bankAccounts(tx: Tx, tenantId: number, settlementIds: number[]): Promise<Map<number, number>> {
  if (!settlementIds.length) return new Map();
  const rows = await tx.query<{ sid: number; id: number }>(
    `with made as (
       insert into fin_account(tenant_id, code, name, kind, role, settlement_account_id)
       select $1, '1002.' || a.id, '银行存款-' || a.name, 'asset', 'bank', a.id from settlement_account a
        where a.tenant_id = $1 and a.id = any($2::bigint[])
       on conflict do nothing returning settlement_account_id as sid, id)
     select sid, id from made
     union all
     select settlement_account_id, id from fin_account where tenant_id = $1 and settlement_account_id = any($2::bigint[])`,
    [tenantId, settlementIds],
  );
  return complete(tx, tenantId, 'settlement_account_id', settlementIds, new Map(rows.map((r) => [Number(r.sid), Number(r.id)])));
}

/**
 * The cash/bank accounts already made for the settlement accounts a subquery names, as one JSON column
 * (settlement account id → account id) of a statement that reads something else anyway; `$1` must be the tenant id.
 * Read it back with `knownBankAccounts`; only a settlement account not among them needs `bankAccounts` (first use).
 */
export const bankAccountsJson = (settlementIds: string) =>
  `(select json_object_agg(settlement_account_id, id) from fin_account where tenant_id = $1 and settlement_account_id in (${settlementIds}))`;

/** What bankAccounts gives for these settlement accounts, from bankAccountsJson when it has them all. */
export async function knownBankAccounts(
  tx: Tx,
  tenantId: number,
  settlementIds: number[],
  j: Record<string, number | string> | null,
): Promise<Map<number, number>> {
  const known = new Map(Object.entries(j ?? {}).map(([sid, id]) => [Number(sid), Number(id)]));
  return settlementIds.every((sid) => known.has(sid)) ? known : bankAccounts(tx, tenantId, settlementIds);
}

/** The income or expense account of each in/out item named (made on first use), keyed by item id. */
export async function itemAccounts(tx: Tx, tenantId: number, itemIds: number[]): Promise<Map<number, number>> {
  if (!itemIds.length) return new Map();
  const rows = await tx.query<{ iid: number; id: number }>(
    `with made as (
       insert into fin_account(tenant_id, code, name, kind, role, in_out_item_id)
       select $1, case when i.type = '收入' then '6051.' else '6602.' end || i.id,
              case when i.type = '收入' then '其他业务收入-' else '管理费用-' end || i.name,
              case when i.type = '收入' then 'income' else 'expense' end,
              case when i.type = '收入' then 'itemIncome' else 'itemExpense' end, i.id
         from in_out_item i where i.tenant_id = $1 and i.id = any($2::bigint[])
       on conflict do nothing returning in_out_item_id as iid, id)
     select iid, id from made
     union all
     select in_out_item_id, id from fin_account where tenant_id = $1 and in_out_item_id = any($2::bigint[])`,
    [tenantId, itemIds],
  );
  return complete(tx, tenantId, 'in_out_item_id', itemIds, new Map(rows.map((r) => [Number(r.iid), Number(r.id)])));
}

/** A concurrent first use made the row after this statement's snapshot: read it now that it is committed. */
async function complete(tx: Tx, tenantId: number, column: 'settlement_account_id' | 'in_out_item_id', ids: number[], found: Map<number, number>) {
  const missing = ids.filter((i) => !found.has(i));
  if (!missing.length) return found;
  const rows = await tx.query<{ ref: number; id: number }>(
    `select ${column} as ref, id from fin_account where tenant_id = $1 and ${column} = any($2::bigint[])`,
    [tenantId, missing],
  );
  for (const r of rows) found.set(Number(r.ref), Number(r.id));
  return found;
}

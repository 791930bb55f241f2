import { describe, expect, it } from 'vitest';
import { ENGINE, newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { arrearsOf, assertJournalInvariants, bankBalance } from './journal-fixtures.ts';
import { finSave } from './fin-fixtures.ts';

/** Real concurrency needs the PostgreSQL server: PGlite runs one transaction at a time. */
describe.skipIf(ENGINE !== 'postgres')('16 concurrent receipts against one sale (PostgreSQL)', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'finconc');
  const w = await world(t.api);
  await w.material('热水器', 'HEATER', {}, {});
  await saved(t.api, '入库', '采购', [line('HEATER', 20, 50, w.depotA)], { organId: w.supplier });
  const sale = await saved(t.api, '出库', '销售', [line('HEATER', 1, 100, w.depotA)], { organId: w.customer });
  const other = await saved(t.api, '出库', '销售', [line('HEATER', 1, 100, w.depotA)], { organId: w.customer });

  it('never takes the arrears below zero and never deadlocks: exactly what was owed is received', async () => {
    const deadlocks = async () =>
      (await db.system((tx) => tx.one<{ n: number }>('select deadlocks::int as n from pg_stat_database where datname = current_database()')))!.n;
    const before = await deadlocks();
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        // half settle the two sales in the opposite order: the open items are locked in id order, so no deadlock
        finSave(
          t.api,
          '收款',
          i % 2
            ? [
                { billId: sale.id, eachAmount: 15 },
                { billId: other.id, eachAmount: 1 },
              ]
            : [
                { billId: other.id, eachAmount: 1 },
                { billId: sale.id, eachAmount: 15 },
              ],
          { organId: w.customer, accountId: w.account },
        ),
      ),
    );
    const ok = results.filter((r) => r.code === 200);
    // 100 owed, 15 a receipt: six fit (90), the seventh would take it below zero
    expect(ok).toHaveLength(6);
    for (const r of results.filter((x) => x.code !== 200)) expect(r.data.message).toMatch(new RegExp(`单据 ${sale.number} 本次收款 15 超过欠款 10$`));
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(10);
    expect(await arrearsOf(db, t.tenantId, other.id)).toBe(94);
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(96);
    expect(await deadlocks()).toBe(before);
    await assertJournalInvariants(db, t.tenantId);
  });
});

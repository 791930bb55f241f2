import { describe, expect, it } from 'vitest';
import { ENGINE, newTenant, testApp } from '../../../test-support/harness.ts';
import { assertLedgerInvariants, line, save, saved, stock, world } from './fixtures.ts';

/** Real concurrency needs the PostgreSQL server: PGlite runs one transaction at a time. */
describe.skipIf(ENGINE !== 'postgres')('concurrent posting on one item (PostgreSQL)', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'conc');
  const w = await world(t.api);
  const item = await w.material('热销品', 'HOT');
  const other = await w.material('冷门品', 'COLD');
  await saved(t.api, '入库', '其它', [line('HOT', 10, 2, w.depotA), line('COLD', 100, 1, w.depotA)], { organId: w.supplier });

  it('lets 16 clients race for 10 pieces: exactly 10 succeed, none oversells, every refusal is clear', async () => {
    const deadlocks = async () =>
      (await db.system((tx) => tx.one<{ n: number }>('select deadlocks::int as n from pg_stat_database where datname = current_database()')))!.n;
    const before = await deadlocks();
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        // mixed key orders (HOT+COLD, COLD+HOT) would deadlock without ordered locking
        save(
          t.api,
          '出库',
          '其它',
          i % 2 ? [line('HOT', 1, 0, w.depotA), line('COLD', 1, 0, w.depotA)] : [line('COLD', 1, 0, w.depotA), line('HOT', 1, 0, w.depotA)],
          {
            organId: w.customer,
          },
        ),
      ),
    );
    const ok = results.filter((r) => r.body.code === 200);
    const refused = results.filter((r) => r.body.code !== 200);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(ok).toHaveLength(10);
    for (const r of refused) expect(r.body.data.message).toBe('商品“热销品”在仓库“甲仓”库存不足：当前库存 0，需要 1');
    expect(await stock(db, t.tenantId, item, w.depotA)).toEqual({ qty: 0, value: 0 });
    expect((await stock(db, t.tenantId, other, w.depotA)).qty).toBe(90);
    // numbers: unique and without gaps, refused saves returned theirs
    const numbers = ok.map((r) => Number(r.body.data.number.slice(-4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => numbers[0] + i));
    await assertLedgerInvariants(db, t.tenantId);
    // ordered locking, not the retry, is what keeps this safe
    expect(await deadlocks()).toBe(before);
  });

  it('creates the stock rows of an item new to a warehouse once when 8 clients receive it at once, each posting on the last', async () => {
    // the statement that creates missing stock rows also locks those there before it; a row another save created
    // meanwhile is locked by a second statement, so every receipt adds to what the one before left
    await w.material('新到品', 'FRESH');
    const fresh = await w.material('新到品二', 'FRESH2');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        save(t.api, '入库', '其它', [line('FRESH', 1, 2, w.depotB), line('FRESH2', 1 + i, 3, w.depotB)], { organId: w.supplier }),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array(8).fill(200));
    expect(await stock(db, t.tenantId, fresh, w.depotB)).toEqual({ qty: 36, value: 108 });
    const rows = await db.system((tx) =>
      tx.one<{ n: number }>('select count(*)::int as n from stock_cost where tenant_id = $1 and material_id = $2 and depot_id = $3', [
        t.tenantId,
        fresh,
        w.depotB,
      ]),
    );
    expect(rows!.n).toBe(1);
    await assertLedgerInvariants(db, t.tenantId);
  });
});

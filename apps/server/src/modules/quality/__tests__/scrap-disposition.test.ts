import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { assertLedgerInvariants, line, saved, stock, world } from '../../inventory/__tests__/fixtures.ts';
import { assertJournalInvariants, roleBalance } from '../../finance/__tests__/journal-fixtures.ts';
import { incomingTemplate, inspectionsOf, ok, values } from './fixtures.ts';

describe('quality: a failed incoming lot scrapped leaves stock through the ledger and the journal', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'qsc');
  const w = await world(t.api);
  const washer = await w.material('垫圈', 'WASHER01');
  const items = await incomingTemplate(t.api, washer, 'W');
  const quarantine = async () =>
    Number((await db.system((tx) => tx.one<{ id: number }>('select quarantine_depot_id as id from quality_setting where tenant_id = $1', [t.tenantId])))!.id);

  it('fail with scrap: out of quarantine and out of stock on an audited 其它出库, 库存调整 debited, 库存商品 credited, as computed by hand', async () => {
    const inbound = await saved(t.api, '入库', '采购', [line('WASHER01', 40, 2.5, w.depotA)], { organId: w.supplier, status: '1' });
    const [insp] = await inspectionsOf(t.api, inbound.number);
    const q = await quarantine();
    await ok(t.api.post('/quality/inspection/results', { id: insp!.id, results: values(items, 5, [2]) }));
    const inventoryBefore = await roleBalance(db, t.tenantId, 'inventory');
    const adjustBefore = await roleBalance(db, t.tenantId, 'stockAdjust');
    const failed = await ok<{ ncrNumber: string; scrapNumber: string }>(
      t.api.post('/quality/inspection/verdict', { id: insp!.id, verdict: 'fail', disposition: 'scrap' }),
    );
    expect(failed.scrapNumber).toMatch(/^QTCK/);
    // by hand: 40 × 2.5 = 100 in; 40 to quarantine and back; 40 out at 2.5 → nothing anywhere
    expect(await stock(db, t.tenantId, washer, w.depotA)).toEqual({ qty: 0, value: 0 });
    expect(await stock(db, t.tenantId, washer, q)).toEqual({ qty: 0, value: 0 });
    const rows = await db.system((tx) =>
      tx.query<{ reason: string; depot_id: number; qty: number; value: number }>(
        `select reason, depot_id, qty_change::float8 as qty, value_change::float8 as value from stock_ledger where tenant_id = $1 and material_id = $2 order by id`,
        [t.tenantId, washer],
      ),
    );
    expect(rows.map((r) => [r.reason, Number(r.depot_id), r.qty, r.value])).toEqual([
      ['purchaseIn', w.depotA, 40, 100],
      ['quality-hold', w.depotA, -40, -100],
      ['quality-hold', q, 40, 100],
      ['quality-release', q, -40, -100],
      ['quality-release', w.depotA, 40, 100],
      ['otherOut', w.depotA, -40, -100],
    ]);
    // the journal: the scrap's entry, and the balances moved by exactly the lot's value
    const lines = await db.system((tx) =>
      tx.query<{ role: string; debit: number; credit: number }>(
        `select a.role, l.debit::float8 as debit, l.credit::float8 as credit
           from fin_entry e join fin_journal_line l on l.tenant_id = e.tenant_id and l.entry_id = e.id
           join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id
           join depot_head h on h.tenant_id = e.tenant_id and h.id = e.source_id
          where e.tenant_id = $1 and e.source_kind = 'depot' and h.number = $2 order by l.debit desc`,
        [t.tenantId, failed.scrapNumber],
      ),
    );
    expect(lines).toEqual([
      { role: 'stockAdjust', debit: 100, credit: 0 },
      { role: 'inventory', debit: 0, credit: 100 },
    ]);
    expect(await roleBalance(db, t.tenantId, 'inventory')).toBe(inventoryBefore - 100);
    expect(await roleBalance(db, t.tenantId, 'stockAdjust')).toBe(adjustBefore + 100);
    const detail = await ok<{ status: string; ncrs: Array<{ status: string; disposition: string; scrapNumber: string }> }>(
      t.api.get(`/quality/inspection/detail?id=${insp!.id}`),
    );
    expect(detail).toMatchObject({ status: 'fail', ncrs: [{ status: 'closed', disposition: 'scrap', scrapNumber: failed.scrapNumber }] });
    await assertLedgerInvariants(db, t.tenantId);
    await assertJournalInvariants(db, t.tenantId);
  });
});

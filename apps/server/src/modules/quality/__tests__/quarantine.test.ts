import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { assertLedgerInvariants, line, save, saved, stock, world } from '../../inventory/__tests__/fixtures.ts';
import { incomingTemplate, inspectionsOf, ok, values } from './fixtures.ts';

describe('quality: incoming inspection and quarantine on the ledger', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'qc');
  const w = await world(t.api);
  const bolt = await w.material('螺栓', 'BOLT01');
  const nut = await w.material('螺母', 'NUT01');
  const boltItems = await incomingTemplate(t.api, bolt, 'B');
  const nutItems = await incomingTemplate(t.api, nut, 'N');
  const quarantine = async () =>
    Number((await db.system((tx) => tx.one<{ id: number }>('select quarantine_depot_id as id from quality_setting where tenant_id = $1', [t.tenantId])))!.id);

  it('an audited inbound goes into quarantine, cannot be sold, transferred or un-audited; pass releases it', async () => {
    const inbound = await saved(t.api, '入库', '采购', [line('BOLT01', 100, 2, w.depotA)], { organId: w.supplier, status: '1' });
    const [insp] = await inspectionsOf(t.api, inbound.number);
    expect(insp).toMatchObject({ status: 'pending', heldQty: 100, sampleSize: 5 });
    const q = await quarantine();
    expect(await stock(db, t.tenantId, bolt, w.depotA)).toEqual({ qty: 0, value: 0 });
    expect(await stock(db, t.tenantId, bolt, q)).toEqual({ qty: 100, value: 200 });

    const sale = await save(t.api, '出库', '销售', [line('BOLT01', 10, 5, w.depotA)], { organId: w.customer });
    expect(sale.body.data.message).toContain('另有 100 在待检隔离中');
    const fromQ = await save(t.api, '出库', '销售', [line('BOLT01', 10, 5, q)], { organId: w.customer });
    expect(fromQ.body.data.message).toContain('在待检隔离仓中');
    const transfer = await save(t.api, '出库', '调拨', [line('BOLT01', 10, 0, q, { anotherDepotId: w.depotB })]);
    expect(transfer.body.data.message).toContain('在待检隔离仓中');
    const intoQ = await save(t.api, '入库', '其它', [line('BOLT01', 1, 1, q)], { organId: w.supplier });
    expect(intoQ.body.data.message).toContain('不能直接入库到待检隔离仓');
    const unaudit = await t.api.post('/depotHead/batchSetStatus', { status: '0', ids: String(inbound.id) });
    expect(unaudit.body.data.message).toContain('正在待检隔离中');

    // a verdict needs every value; a value of the wrong kind refuses the whole entry
    expect((await t.api.post('/quality/inspection/verdict', { id: insp.id, verdict: 'pass' })).body.data.message).toBe('还有 10 个检测值未录入');
    const wrong = await t.api.post('/quality/inspection/results', { id: insp.id, results: [{ sampleNo: 1, itemId: boltItems.length, value: 'abc' }] });
    expect(wrong.body.code).toBe(400);
    expect(wrong.body.data.message).toContain('不是数值');
    const entered = await ok<{ missing: number; defective: number; suggested: string }>(
      t.api.post('/quality/inspection/results', { id: insp.id, results: values(boltItems, 5) }),
    );
    expect(entered).toMatchObject({ missing: 0, defective: 0, suggested: 'pass' });
    await ok(t.api.post('/quality/inspection/verdict', { id: insp.id, verdict: 'pass' }));
    expect(await stock(db, t.tenantId, bolt, w.depotA)).toEqual({ qty: 100, value: 200 });
    expect(await stock(db, t.tenantId, bolt, q)).toEqual({ qty: 0, value: 0 });
    await saved(t.api, '出库', '销售', [line('BOLT01', 10, 5, w.depotA)], { organId: w.customer });
    expect(await stock(db, t.tenantId, bolt, w.depotA)).toEqual({ qty: 90, value: 180 });
    await assertLedgerInvariants(db, t.tenantId);
  });

  it('fail with one sample out of limits, then return to the supplier in one step: stock and ledger as computed by hand', async () => {
    const inbound = await saved(t.api, '入库', '采购', [line('NUT01', 50, 3, w.depotA)], { organId: w.supplier, status: '1' });
    const [insp] = await inspectionsOf(t.api, inbound.number);
    const q = await quarantine();
    const entered = await ok<{ defective: number; suggested: string }>(
      t.api.post('/quality/inspection/results', { id: insp.id, results: values(nutItems, 5, [3]) }),
    );
    expect(entered).toMatchObject({ defective: 1, suggested: 'fail' });
    const pass = await t.api.post('/quality/inspection/verdict', { id: insp.id, verdict: 'pass' });
    expect(pass.body.data.message).toContain('超过允收数 0');
    expect((await t.api.post('/quality/inspection/verdict', { id: insp.id, verdict: 'fail' })).body.data.message).toBe('判定不合格须选择处置方式');
    const failed = await ok<{ ncrNumber: string }>(t.api.post('/quality/inspection/verdict', { id: insp.id, verdict: 'fail', disposition: 'return' }));
    expect(failed.ncrNumber).toMatch(/^NCR/);
    // still quarantined after the verdict
    expect(await stock(db, t.tenantId, nut, q)).toEqual({ qty: 50, value: 150 });
    const back = await ok<{ returnNumber: string }>(t.api.post('/quality/inspection/returnToSupplier', { id: insp.id }));
    expect(back.returnNumber).toMatch(/^CGTH/);
    // by hand: +50 (150) in, 50 to quarantine and back, 50 out to the supplier at 3 → nothing anywhere
    expect(await stock(db, t.tenantId, nut, w.depotA)).toEqual({ qty: 0, value: 0 });
    expect(await stock(db, t.tenantId, nut, q)).toEqual({ qty: 0, value: 0 });
    const rows = await db.system((tx) =>
      tx.query<{ reason: string; depot_id: number; qty: string; value: string }>(
        `select reason, depot_id, qty_change::float8 as qty, value_change::float8 as value from stock_ledger where tenant_id = $1 and material_id = $2 order by id`,
        [t.tenantId, nut],
      ),
    );
    expect(rows).toEqual([
      { reason: 'purchaseIn', depot_id: w.depotA, qty: 50, value: 150 },
      { reason: 'quality-hold', depot_id: w.depotA, qty: -50, value: -150 },
      { reason: 'quality-hold', depot_id: q, qty: 50, value: 150 },
      { reason: 'quality-return', depot_id: q, qty: -50, value: -150 },
      { reason: 'quality-return', depot_id: w.depotA, qty: 50, value: 150 },
      { reason: 'purchaseBack', depot_id: w.depotA, qty: -50, value: -150 },
    ]);
    const doc = await ok<{ totalPrice: number; organId: number }>(t.api.get(`/depotHead/getDetailByNumber?number=${back.returnNumber}`));
    expect(doc).toMatchObject({ totalPrice: 150, organId: w.supplier });
    const detail = await ok<{ ncrs: Array<{ status: string; returnNumber: string }> }>(t.api.get(`/quality/inspection/detail?id=${insp.id}`));
    expect(detail.ncrs).toMatchObject([{ status: 'closed', returnNumber: back.returnNumber }]);
    await assertLedgerInvariants(db, t.tenantId);
  });

  it('refuses deleting or disabling the quarantine warehouse with a message; other warehouses are as before', async () => {
    await saved(t.api, '入库', '采购', [line('BOLT01', 1, 2, w.depotA)], { organId: w.supplier, status: '1' });
    const q = await quarantine();
    const name = (await db.system((tx) => tx.one<{ name: string }>('select name from depot where tenant_id = $1 and id = $2', [t.tenantId, q])))!.name;
    const why = `仓库“${name}”是质检的待检隔离仓，不能删除：来料检验的货物在此等待检验放行`;
    expect((await t.api.delete(`/depot/delete?id=${q}`)).body.data.message).toBe(why);
    expect((await t.api.delete(`/depot/deleteBatch?ids=${w.depotB},${q}`)).body.data.message).toBe(why);
    expect((await t.api.post('/depot/batchSetStatus', { status: '0', ids: String(q) })).body.data.message).toBe(
      `仓库“${name}”是质检的待检隔离仓，不能禁用：来料检验的货物在此等待检验放行`,
    );
    const still = await db.system((tx) =>
      tx.query<{ id: number; deleted: boolean; enabled: boolean }>(
        'select id, delete_flag as deleted, enabled from depot where tenant_id = $1 and id = any($2::bigint[]) order by id',
        [t.tenantId, [w.depotB, q]],
      ),
    );
    expect(still.map((d) => [Number(d.id), d.deleted, d.enabled])).toEqual(
      [
        [w.depotB, false, true],
        [q, false, true],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // another warehouse's status is the generic engine's as before
    await ok(t.api.post('/depot/batchSetStatus', { status: '0', ids: String(w.depotB) }));
    await ok(t.api.post('/depot/batchSetStatus', { status: '1', ids: String(w.depotB) }));
  });
});

import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { assertLedgerInvariants, line, saved, stock, world } from '../../inventory/__tests__/fixtures.ts';
import { assertJournalInvariants, roleBalance } from '../../finance/__tests__/journal-fixtures.ts';
import { add } from '../../manufacturing/__tests__/mfg-fixtures.ts';
import { incomingTemplate, inspectionsOf, ok, values } from './fixtures.ts';

describe('quality: a failed bought lot reworked on a rework order, held until re-inspected', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'qrw');
  const other = await newTenant(app, 'qrx');
  const w = await world(t.api);
  const washer = await w.material('垫圈', 'WASHER01');
  const items = await incomingTemplate(t.api, washer, 'RW');
  const centre = await add(t.api, 'workCentre', { name: '返工线', code: 'RW1', kind: 'centre', capacity: 1, costPerHour: '40' });
  const otherCentre = await add(other.api, 'workCentre', { name: '别家返工线', code: 'RWX', kind: 'centre', capacity: 1, costPerHour: '40' });
  const defect = await add(t.api, 'defectType', { name: '毛刺', severity: 'minor' });
  const sys = <T>(sql: string, params: unknown[]) => db.system((tx) => tx.query<T>(sql, params));
  const counts = async () =>
    (
      await sys<{ ncr: number; mo: number }>(
        `select (select count(*)::int from quality_nonconformance where tenant_id = $1) as ncr,
                (select count(*)::int from mfg_make_order where tenant_id = $1) as mo`,
        [t.tenantId],
      )
    )[0];
  const quarantine = async () =>
    Number((await sys<{ id: number }>('select quarantine_depot_id as id from quality_setting where tenant_id = $1', [t.tenantId]))[0]!.id);

  it('40 × 2.5 failed and reworked: 3 lost in rework leave stock (7.5 to 库存调整), 37 re-inspected and released, as computed by hand', async () => {
    const inbound = await saved(t.api, '入库', '采购', [line('WASHER01', 40, 2.5, w.depotA)], { organId: w.supplier, status: '1' });
    const [insp] = await inspectionsOf(t.api, inbound.number);
    const q = await quarantine();
    await ok(t.api.post('/quality/inspection/results', { id: insp!.id, results: values(items, 5, [2]) }));
    const verdict = (body: object) => t.api.post('/quality/inspection/verdict', { id: insp!.id, verdict: 'fail', disposition: 'rework', ...body });

    // refused, nothing written: more than the lot holds, another company's work centre, another company's lot
    const before = await counts();
    expect((await verdict({ reworkQty: '41' })).body.data.message).toBe(`质检单 ${insp!.number} 返工数量 41 超过待检隔离数量 40`);
    expect((await verdict({ workCentreId: otherCentre })).body.data.message).toBe('工作中心不存在');
    const foreign = await other.api.post('/quality/inspection/verdict', { id: insp!.id, verdict: 'fail', disposition: 'rework' });
    expect(foreign.body.code).not.toBe(200);
    expect(foreign.body.data.message).toBe('质检单不存在');
    expect(await counts()).toEqual(before);
    expect((await inspectionsOf(t.api, inbound.number))[0]).toMatchObject({ status: 'pending', heldQty: 40 });

    const failed = await ok<{ ncrNumber: string; reworkOrder: string; reworkWorkOrder: string }>(verdict({ workCentreId: centre }));
    expect(failed.reworkOrder).toMatch(/^RW\d{11}$/);
    expect(failed.reworkWorkOrder).toBe(`${failed.reworkOrder}-1`);
    // the lot stays in quarantine while it is reworked; it cannot be returned meanwhile
    expect(await stock(db, t.tenantId, washer, q)).toEqual({ qty: 40, value: 100 });
    expect((await t.api.post('/quality/inspection/returnToSupplier', { id: insp!.id })).body.data.message).toBe(
      `质检单 ${insp!.number} 的货物正在返工（返工单 ${failed.reworkOrder}），返工完成并复检后再处理`,
    );
    const [wo] = await sys<{ id: number; quantity: string; work_centre_id: number }>(
      `select id::int as id, quantity::text, work_centre_id::int as work_centre_id from mfg_work_order where tenant_id = $1 and wo_no = $2`,
      [t.tenantId, failed.reworkWorkOrder],
    );
    expect(wo).toMatchObject({ quantity: '40.000000', work_centre_id: centre });

    // the shop floor reworks it: 37 good, 3 scrapped; the order is done
    const inventoryBefore = await roleBalance(db, t.tenantId, 'inventory');
    const adjustBefore = await roleBalance(db, t.tenantId, 'stockAdjust');
    await ok(t.api.post('/shopfloor/execute', { workOrderId: wo!.id, action: 'start' }));
    const rep = await ok<{ status: string }>(
      t.api.post('/shopfloor/report', { workOrderId: wo!.id, goodQty: '37', scrapQty: '3', defectTypeId: defect, hours: '2' }),
    );
    expect(rep.status).toBe('done');
    // the reworked units are the lot's, already in stock: a finished-goods receipt would count them twice
    const receipt = await t.api.post('/shopfloor/finishedReceipt', { workOrderId: wo!.id, depotId: w.depotA });
    expect(receipt.body.data.message).toMatch(/^返工单 RW\S+ 的良品仍在隔离仓待复检，不能完工入库$/);

    // by hand: 3 × 2.5 = 7.5 out of stock on a 其它出库; 37 × 2.5 = 92.5 still in quarantine under a re-inspection
    expect(await stock(db, t.tenantId, washer, q)).toEqual({ qty: 37, value: 92.5 });
    expect(await stock(db, t.tenantId, washer, w.depotA)).toEqual({ qty: 0, value: 0 });
    expect(await roleBalance(db, t.tenantId, 'inventory')).toBe(inventoryBefore - 7.5);
    expect(await roleBalance(db, t.tenantId, 'stockAdjust')).toBe(adjustBefore + 7.5);
    const detail = await ok<{ ncrs: Array<{ status: string; disposition: string; scrapNumber: string | null }> }>(
      t.api.get(`/quality/inspection/detail?id=${insp!.id}`),
    );
    expect(detail.ncrs).toMatchObject([{ status: 'closed', disposition: 'rework' }]);
    expect(detail.ncrs[0]!.scrapNumber).toMatch(/^QTCK/);
    const lots = await inspectionsOf(t.api, inbound.number);
    const again = lots.find((l) => l.status === 'pending')!;
    expect(again).toMatchObject({ heldQty: 37, sampleSize: 5 });
    expect(lots.find((l) => l.id === insp!.id)).toMatchObject({ status: 'fail', heldQty: 0 });
    const [link] = await sys<{ rework_of: number }>('select rework_of::int as rework_of from quality_inspection where tenant_id = $1 and id = $2', [
      t.tenantId,
      again.id,
    ]);
    expect(link!.rework_of).toBe(insp!.id);

    // the re-inspection passes: the 37 go back to their warehouse at 92.5
    await ok(t.api.post('/quality/inspection/results', { id: again.id, results: values(items, 5) }));
    await ok(t.api.post('/quality/inspection/verdict', { id: again.id, verdict: 'pass' }));
    expect(await stock(db, t.tenantId, washer, w.depotA)).toEqual({ qty: 37, value: 92.5 });
    expect(await stock(db, t.tenantId, washer, q)).toEqual({ qty: 0, value: 0 });
    await assertLedgerInvariants(db, t.tenantId);
    await assertJournalInvariants(db, t.tenantId);
  });

  it('rework fields are refused on other dispositions, a rework of nothing is refused; nothing written', async () => {
    const inbound = await saved(t.api, '入库', '采购', [line('WASHER01', 10, 2.5, w.depotA)], { organId: w.supplier, status: '1' });
    const [insp] = await inspectionsOf(t.api, inbound.number);
    await ok(t.api.post('/quality/inspection/results', { id: insp!.id, results: values(items, 5, [1]) }));
    const before = await counts();
    const r = await t.api.post('/quality/inspection/verdict', { id: insp!.id, verdict: 'fail', disposition: 'scrap', reworkQty: '2' });
    expect(r.body.data.message).toBe('返工数量和工作中心只用于来料返工');
    expect((await t.api.post('/quality/inspection/verdict', { id: insp!.id, verdict: 'fail', disposition: 'rework', reworkQty: '0' })).body.data.message).toBe(
      '返工数量必须大于0',
    );
    expect(await counts()).toEqual(before);
  });
});

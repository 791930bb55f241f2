import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, barCodeOf } from '../../manufacturing/__tests__/mfg-fixtures.ts';
import { twoOperationJob } from './sf-fixtures.ts';

/**
 * Issue → report (with backflush) → return → finished goods receipt of a two-operation work order
 * of 10 chairs, against a hand computation:
 *   seats: 10 picked at 50, 1 returned at 50            → 9 × 50 = 450
 *   legs (backflush, 4 per chair): opening 400 at 10 + 100 at 12.5 → average 10.5;
 *        cutting reports 9 good + 1 scrap → 40 legs × 10.5 = 420
 *   labour: cutting 2 h × 60 = 120, assembly 3 h × 30 = 90   → 210
 *   actual cost 450 + 420 + 210 = 1080 for 9 chairs → 120 each
 *   standard (roll-up of 9): (50 + 4 × 10) × 9 = 810 + cutting (30 + 3 × 9) min at 60/h = 57 + assembly 54 min at 30/h = 27 → 894
 */
describe('production cost on the stock ledger', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'sfc');
  const api = t.api;
  const job = await twoOperationJob(api, '10');
  const defect = await add(api, 'defectType', { name: '开裂', code: `K${Date.now()}` });
  const fg = await add(api, 'depot', { name: `成品仓${Date.now()}` });
  await api.post('/shopfloor/settings', { overReportPct: '0', backflushDepotId: job.depotId });
  const more = await api.post('/depotHead/addDepotHeadAndDetail', {
    info: { type: '入库', subType: '其它', operTime: '2026-11-26 09:00:00', status: '1' },
    rows: [{ barCode: await barCodeOf(api, job.leg), operNumber: 100, unitPrice: '12.5', depotId: job.depotId }],
  });
  expect(more.body.code, more.text).toBe(200);
  const balance = async (materialId: number, depotId: number) =>
    db.system(async (tx) => {
      const r = await tx.one<{ qty: string; value: string }>('select qty, value from stock_cost where tenant_id = $1 and material_id = $2 and depot_id = $3', [
        t.tenantId,
        materialId,
        depotId,
      ]);
      return r ? [Number(r.qty), Number(r.value)] : [0, 0];
    });
  const ledgerOf = async (headerId: number) =>
    db.system((tx) =>
      tx.query<{ material_id: number; qty_change: string; value_change: string }>(
        'select material_id, qty_change, value_change from stock_ledger where tenant_id = $1 and header_id = $2 order by id',
        [t.tenantId, headerId],
      ),
    );
  let receiptId = 0;
  const run = (id: number) => api.post('/shopfloor/execute', { workOrderId: id, action: 'start' });

  it('picks, backflushes, reports, returns and receives finished goods at the hand-computed cost', async () => {
    const pick = await api.post('/shopfloor/pick', { workOrderId: job.op1.id, depotId: job.depotId });
    expect(pick.body.code, pick.text).toBe(200);
    expect(pick.body.data.number).toMatch(/^SCLL/);
    // legs are backflushed, so only the seats were picked
    expect((await ledgerOf(pick.body.data.id)).map((l) => [Number(l.material_id), Number(l.qty_change), Number(l.value_change)])).toEqual([
      [job.seat, -10, -500],
    ]);
    expect(
      (await api.post('/shopfloor/pick', { workOrderId: job.op1.id, depotId: job.depotId, lines: [{ materialId: job.seat, qty: '1' }] })).body.data.message,
    ).toBe('椅面 领料数量 1 超过未领数量 0');

    await run(job.op1.id);
    const r1 = await api.post('/shopfloor/report', { workOrderId: job.op1.id, goodQty: '9', scrapQty: '1', defectTypeId: defect, person: '李四', hours: '2' });
    expect(r1.body.code, r1.text).toBe(200);
    expect(r1.body.data.status).toBe('done');
    expect((await ledgerOf(r1.body.data.backflushHeaderId)).map((l) => [Number(l.material_id), Number(l.qty_change), Number(l.value_change)])).toEqual([
      [job.leg, -40, -420],
    ]);
    await run(job.op2.id);
    // over-reporting is refused and writes nothing (no backflush, no report)
    expect((await api.post('/shopfloor/report', { workOrderId: job.op2.id, goodQty: '10', hours: '3' })).body.data.message).toMatch(/报工数量超过可报数量/);
    const r2 = await api.post('/shopfloor/report', { workOrderId: job.op2.id, goodQty: '9', hours: '3' });
    expect(r2.body.data).toMatchObject({ status: 'done', backflushHeaderId: null });
    expect((await api.get(`/makeOrder/info?id=${job.mo}`)).body.data.status).toBe('done');

    const back = await api.post('/shopfloor/return', { workOrderId: job.op1.id, depotId: job.depotId, lines: [{ materialId: job.seat, qty: '1' }] });
    expect(back.body.code, back.text).toBe(200);
    expect(
      (await api.post('/shopfloor/return', { workOrderId: job.op1.id, depotId: job.depotId, lines: [{ materialId: job.seat, qty: '10' }] })).body.data.message,
    ).toBe('椅面 退料数量 10 超过已领数量 9');

    const fin = await api.post('/shopfloor/finishedReceipt', { workOrderId: job.op2.id, depotId: fg });
    expect(fin.body.code, fin.text).toBe(200);
    expect(fin.body.data).toMatchObject({ qty: '9', value: '1080' });
    receiptId = fin.body.data.id;
    expect(fin.body.data.number).toMatch(/^WGRK/);
    expect(await balance(job.chair, fg)).toEqual([9, 1080]);
    expect(await balance(job.seat, job.depotId)).toEqual([91, 4550]);
    expect(await balance(job.leg, job.depotId)).toEqual([460, 4830]);
    const cost = (await api.get(`/shopfloor/cost?workOrderId=${job.op1.id}`)).body.data;
    expect(cost).toMatchObject({
      madeQty: '9',
      materialCost: '870',
      labourCost: '210',
      actualCost: '1080',
      unitCost: '120',
      standardCost: '894',
      variance: '186',
    });
    const wo = (await api.get(`/workOrder/info?id=${job.op1.id}`)).body.data;
    expect(wo.materials.map((m: { materialId: number; issuedQty: number }) => [m.materialId, Number(m.issuedQty)])).toEqual([
      [job.seat, 9],
      [job.leg, 40],
    ]);
    expect((await api.post('/shopfloor/finishedReceipt', { workOrderId: job.op2.id, depotId: fg })).body.data.message).toMatch(/可入库数量为 0/);
  });

  it('reverses a finished goods receipt through the ordinary un-audit and delete, and receives again at the same cost', async () => {
    expect((await api.post('/depotHead/batchSetStatus', { status: '0', ids: String(receiptId) })).body.code).toBe(200);
    expect((await api.delete(`/depotHead/delete?id=${receiptId}`)).body.code).toBe(200);
    expect(await balance(job.chair, fg)).toEqual([0, 0]);
    const again = await api.post('/shopfloor/finishedReceipt', { workOrderId: job.op2.id, depotId: fg });
    expect(again.body.data).toMatchObject({ qty: '9', value: '1080' });
    expect(await balance(job.chair, fg)).toEqual([9, 1080]);
  });
});

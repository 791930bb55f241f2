import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add } from '../../manufacturing/__tests__/mfg-fixtures.ts';
import { twoOperationJob } from './sf-fixtures.ts';

/** Outsourcing documents made for a work order are listed on it; an unknown work order is refused and nothing is written. */
describe('outsourcing linked to a work order', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'sfow');
  const api = t.api;
  const job = await twoOperationJob(api, '10');
  const held = await add(api, 'depot', { name: '委外仓-座椅厂' });
  const supplier = await add(api, 'supplier', { name: '座椅厂', type: '供应商' });
  await add(api, 'outsourcePrice', { supplierId: supplier, materialId: job.chair, price: '12' });
  const docs = async () => (await api.get(`/shopfloor/outsource/ofWorkOrder?workOrderId=${job.op1.id}`)).body.data as Array<Record<string, unknown>>;
  const send = (workOrderId: number) =>
    api.post('/shopfloor/outsource/send', {
      supplierId: supplier,
      fromDepotId: job.depotId,
      supplierDepotId: held,
      lines: [{ materialId: job.seat, qty: '4' }],
      workOrderId,
    });

  it('lists the send and the receipt made for the work order', async () => {
    const out = await send(job.op1.id);
    expect(out.body.code, out.text).toBe(200);
    const back = await api.post('/shopfloor/outsource/receive', {
      supplierId: supplier,
      supplierDepotId: held,
      toDepotId: job.depotId,
      productId: job.chair,
      qty: '4',
      components: [{ materialId: job.seat, qty: '4' }],
      workOrderId: job.op1.id,
    });
    expect(back.body.code, back.text).toBe(200);
    expect((await docs()).map((d) => [d.number, d.docKey, d.supplier, d.qty])).toEqual([
      [out.body.data.number, 'outsourceOut', '座椅厂', '4'],
      [back.body.data.number, 'outsourceIn', '座椅厂', '4'],
    ]);
  });

  it('refuses an unknown work order and writes nothing', async () => {
    const r = await send(99_999_999);
    expect(r.body.data.message).toBe('工单不存在');
    expect(await docs()).toHaveLength(2);
    const stock = (await api.get(`/depot/list?search=${encodeURIComponent(JSON.stringify({ name: '委外仓-座椅厂' }))}`)).body.data.rows;
    expect(stock).toHaveLength(1);
    expect((await api.get('/shopfloor/outsource/ofWorkOrder?workOrderId=99999999')).body.data.message).toBe('工单不存在');
  });

  // issue 17: goods back for a work order move its operation as a report would (no backflush, no hours)
  const receive = (workOrderId: number, qty: string, productId = job.chair) =>
    api.post('/shopfloor/outsource/receive', {
      supplierId: supplier,
      supplierDepotId: held,
      toDepotId: job.depotId,
      productId,
      qty,
      components: [{ materialId: job.seat, qty }],
      workOrderId,
    });
  const op = (id: number) =>
    db.system((tx) =>
      tx.one<{ good: string; status: string; reports: number; hours: string }>(
        `select w.good_qty::text as good, w.status, (select count(*)::int from sf_report r where r.tenant_id = w.tenant_id and r.work_order_id = w.id) as reports,
                (select coalesce(sum(r.hours), 0)::text from sf_report r where r.tenant_id = w.tenant_id and r.work_order_id = w.id) as hours
           from mfg_work_order w where w.tenant_id = $1 and w.id = $2`,
        [t.tenantId, id],
      ),
    );

  it('counts goods back as the operation’s good units, within what it received, and the last operation’s as received', async () => {
    expect((await send(job.op1.id)).body.code).toBe(200); // 8 more seats at the supplier for the receipts below
    expect((await send(job.op2.id)).body.code).toBe(200);
    expect(await op(job.op1.id)).toEqual({ good: '4.000000', status: 'started', reports: 1, hours: '0.000000' });
    const over = await receive(job.op1.id, '7');
    expect(over.body.data.message).toBe(`工单 ${job.op1.woNo} 报工数量超过可报数量：本次 7，最多还可报 6`);
    expect(await docs()).toHaveLength(3); // op1's two sends and first receipt; the refused receipt wrote nothing
    expect((await receive(job.op2.id, '1', job.seat)).body.data.message).toBe(`委外入库的产品须是工单 ${job.op2.woNo} 的产品`);
    expect((await receive(job.op1.id, '6')).body.code).toBe(200);
    expect(await op(job.op1.id)).toMatchObject({ good: '10.000000', status: 'done', reports: 2 });
    expect((await receive(job.op1.id, '1')).body.data.message).toBe(`工单 ${job.op1.woNo} 已完工，不能再委外入库`);
    // the last operation done outside: its goods are in stock already, so a finished goods receipt finds none open
    expect((await receive(job.op2.id, '2')).body.code).toBe(200);
    expect(await op(job.op2.id)).toMatchObject({ good: '2.000000', status: 'started' });
    const fin = await api.post('/shopfloor/finishedReceipt', { workOrderId: job.op2.id, depotId: job.depotId });
    expect(fin.body.data.message).toBe(`工单 ${job.op2.woNo} 可入库数量为 0`);
  });
});

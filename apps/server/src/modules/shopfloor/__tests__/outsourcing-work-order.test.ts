import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add } from '../../manufacturing/__tests__/mfg-fixtures.ts';
import { twoOperationJob } from './sf-fixtures.ts';

/** Outsourcing documents made for a work order are listed on it; an unknown work order is refused and nothing is written. */
describe('outsourcing linked to a work order', async () => {
  const { app } = await testApp();
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
});

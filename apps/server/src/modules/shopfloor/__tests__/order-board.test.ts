import { describe, expect, it } from 'vitest';
import type { OrderBoard } from '@erp/entities';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add } from '../../manufacturing/__tests__/mfg-fixtures.ts';
import { twoOperationJob } from './sf-fixtures.ts';

type Board = OrderBoard;

describe('生产订单看板: make orders with what their last operations made', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'sfob');
  const api = t.api;
  const job = await twoOperationJob(api, '10');
  await api.post('/shopfloor/settings', { overReportPct: '0', backflushDepotId: job.depotId });
  const board = async (c = api) => (await c.get('/shopfloor/orderBoard')).body.data as Board;
  const report = (workOrderId: number, goodQty: string) => api.post('/shopfloor/report', { workOrderId, goodQty });

  it('shows a released order at 0, then the good units of its last operation, operations done and the counts', async () => {
    let b = await board();
    expect(b).toMatchObject({ open: 1, late: 0, doneLast30: 0 });
    expect(b.orders).toEqual([
      expect.objectContaining({
        id: job.mo,
        status: 'released',
        products: '椅子',
        quantity: '10',
        goodQty: '0',
        progress: 0,
        operations: 2,
        operationsDone: 0,
        late: false,
      }),
    ]);
    await api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'start' });
    expect((await report(job.op1.id, '10')).body.data.status).toBe('done');
    await api.post('/shopfloor/execute', { workOrderId: job.op2.id, action: 'start' });
    expect((await report(job.op2.id, '2.5')).body.code).toBe(200);
    b = await board();
    // the first operation's 10 are not made chairs yet: only the last operation's good units count
    expect(b.orders[0]).toMatchObject({ goodQty: '2.5', progress: 25, operationsDone: 1 });
    expect((await report(job.op2.id, '7.5')).body.data.status).toBe('done');
    b = await board();
    expect(b).toMatchObject({ open: 0, late: 0, doneLast30: 1 });
    expect(b.orders[0]).toMatchObject({ status: 'done', goodQty: '10', progress: 100, operationsDone: 2 });
  });

  it('counts an open order past its promised date as late, and lists it before the finished one', async () => {
    const mo = await add(api, 'makeOrder', {
      orderType: 'stock',
      orderDate: '2020-01-01',
      promisedDate: '2020-01-10',
      lines: [{ lineType: 'product', materialId: job.chair, quantity: '4' }],
    });
    expect((await api.post('/makeOrder/release', { id: mo, from: '2026-12-01 08:00:00' })).body.code).toBe(200);
    const b = await board();
    expect(b).toMatchObject({ open: 1, late: 1, doneLast30: 1 });
    expect(b.orders.map((o) => [o.id, o.promisedDate, o.late, o.quantity])).toEqual([
      [mo, '2020-01-10', true, '4'],
      [job.mo, null, false, '10'],
    ]);
  });

  it('shows another company nothing of it', async () => {
    const other = await newTenant(app, 'sfob2');
    expect(await board(other.api)).toEqual({ open: 0, late: 0, doneLast30: 0, orders: [] });
  });
});

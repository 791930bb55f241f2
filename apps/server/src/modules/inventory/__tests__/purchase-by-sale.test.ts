import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { detail, line, save, saved, world } from './fixtures.ts';

describe('purchase by sales order (以销定购)', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'ydg');
  const w = await world(t.api);
  await w.material('水壶', 'KET01');
  await saved(t.api, '入库', '其它', [line('KET01', 10, 20, w.depotA)], { organId: w.supplier });
  const so = await saved(t.api, '其它', '销售订单', [line('KET01', 4, 35, w.depotA)], { organId: w.customer, status: '1' });
  const po = (extra: object = {}, rows = [line('KET01', 4, 20, w.depotA)]) =>
    save(t.api, '其它', '采购订单', rows, { organId: w.supplier, linkNumber: so.number, ...extra });

  it('is refused while the company switch is off', async () => {
    const r = await po();
    expect(r.body).toMatchObject({ code: 500, data: { message: '未启用以销定购，采购订单不能关联销售订单' } });
  });

  it('records the sales order on the purchase order without touching its fulfilment', async () => {
    expect((await t.api.put('/systemConfig/update', { purchaseBySaleFlag: true })).body.code).toBe(200);
    const soLine = (await detail(t.api, so.number)).rows[0].id;
    // lines may not claim the sales order's lines
    expect((await po({}, [line('KET01', 4, 20, w.depotA, { linkId: soLine })])).body.code).toBe(400);
    const r = await po({ status: '1' });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(await detail(t.api, r.body.data.number)).toMatchObject({ linkNumber: so.number, status: '1' });
    const order = await detail(t.api, so.number);
    expect(order).toMatchObject({ status: '1' });
    expect(order.rows[0]).toMatchObject({ finishedNumber: 0, openNumber: 4 });
    // the outbound still fulfils the sales order in full
    await saved(t.api, '出库', '销售', [line('KET01', 4, 35, w.depotA, { linkId: soLine })], { organId: w.customer, linkNumber: so.number });
    expect((await detail(t.api, so.number)).status).toBe('2');
    // a completed sales order is no longer offered
    expect((await po()).body).toMatchObject({ code: 500, data: { message: expect.stringContaining('未审核或已完成') } });
  });

  it('refuses an unaudited sales order and other document types', async () => {
    const draft = await saved(t.api, '其它', '销售订单', [line('KET01', 1, 35, w.depotA)], { organId: w.customer });
    expect((await po({ linkNumber: draft.number })).body.code).toBe(500);
    const inbound = await save(t.api, '入库', '采购', [line('KET01', 1, 20, w.depotA)], { organId: w.supplier, linkNumber: draft.number });
    expect(inbound.body).toMatchObject({ code: 500, data: { message: expect.stringContaining('不存在或类型不符') } });
  });
});

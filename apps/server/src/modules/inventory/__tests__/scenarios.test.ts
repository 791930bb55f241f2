import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { assertLedgerInvariants, detail, line, save, saved, stock, world } from './fixtures.ts';

describe('purchasing: buy → receive in two parts → return', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'buy');
  const w = await world(t.api);
  const pen = await w.material('钢笔', 'PEN01');

  it('receives an order in two parts, completes it, returns part and reverses a deleted receipt', async () => {
    const order = await saved(t.api, '其它', '采购订单', [line('PEN01', 10, 5, w.depotA)], { organId: w.supplier, status: '1' });
    expect(order.number).toMatch(/^CGDD\d{8}\d{4}$/);
    const ord = await detail(t.api, order.number);
    expect(ord).toMatchObject({ status: '1', totalPrice: 50, posted: false });
    const orderLine = ord.rows[0].id;

    const in1 = await saved(t.api, '入库', '采购', [line('PEN01', 4, 5, w.depotA, { linkId: orderLine })], { organId: w.supplier, linkNumber: order.number });
    expect((await detail(t.api, order.number)).status).toBe('3');
    expect(await stock(db, t.tenantId, pen, w.depotA)).toEqual({ qty: 4, value: 20 });

    const in2 = await saved(t.api, '入库', '采购', [line('PEN01', 6, 6, w.depotA, { linkId: orderLine })], {
      organId: w.supplier,
      linkNumber: order.number,
      changeAmount: 20,
      accountId: w.account,
    });
    expect((await detail(t.api, order.number)).status).toBe('2');
    expect(await stock(db, t.tenantId, pen, w.depotA)).toEqual({ qty: 10, value: 56 });
    expect(await detail(t.api, in2.number)).toMatchObject({ totalPrice: 36, changeAmount: 20, debt: 16, accountName: '现金' });

    // the order is complete: one more piece is refused, and nothing is written
    const over = await save(t.api, '入库', '采购', [line('PEN01', 1, 5, w.depotA, { linkId: orderLine })], { organId: w.supplier, linkNumber: order.number });
    expect(over.body.code).toBe(500);
    expect((await detail(t.api, order.number)).status).toBe('2');

    const back = await saved(t.api, '出库', '采购退货', [line('PEN01', 3, 5, w.depotA)], { organId: w.supplier });
    expect(await stock(db, t.tenantId, pen, w.depotA)).toEqual({ qty: 7, value: 39.2 });
    expect((await detail(t.api, back.number)).rows[0].costPrice).toBe(5.6);

    // deleting the second receipt reverses its stock at the value it brought and reopens the order
    expect((await t.api.delete(`/depotHead/delete?id=${in2.id}`)).body.code).toBe(200);
    expect(await stock(db, t.tenantId, pen, w.depotA)).toEqual({ qty: 1, value: 3.2 });
    expect((await detail(t.api, order.number)).status).toBe('3');
    expect((await t.api.get(`/depotHead/getBillListByLinkNumber?number=${order.number}`)).body.data.map((d: { number: string }) => d.number)).toEqual([
      in1.number,
    ]);
    await assertLedgerInvariants(db, t.tenantId);
  });
});

describe('sales: sell from order → ship → return', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'sell');
  const w = await world(t.api);
  const cup = await w.material('茶杯', 'CUP01', {}, { lowDecimal: 8 });
  await saved(t.api, '入库', '其它', [line('CUP01', 20, 4, w.depotA)], { organId: w.supplier });

  it('ships an order at its cost, refuses prices below the floor, and takes a return', async () => {
    const low = await save(t.api, '其它', '销售订单', [line('CUP01', 5, 7.5, w.depotA)], { organId: w.customer });
    expect(low.body).toMatchObject({ code: 500, data: { message: expect.stringContaining('低于最低售价') } });
    const order = await saved(t.api, '其它', '销售订单', [line('CUP01', 5, 10, w.depotA)], { organId: w.customer, status: '1' });
    const orderLine = (await detail(t.api, order.number)).rows[0].id;
    const out = await saved(t.api, '出库', '销售', [line('CUP01', 5, 10, w.depotA, { linkId: orderLine })], {
      organId: w.customer,
      linkNumber: order.number,
      changeAmount: 50,
      accountId: w.account,
    });
    const shipped = await detail(t.api, out.number);
    expect(shipped.rows[0]).toMatchObject({ costPrice: 4, taxLastMoney: 50 });
    expect(shipped.debt).toBe(0);
    expect((await detail(t.api, order.number)).status).toBe('2');
    expect(await stock(db, t.tenantId, cup, w.depotA)).toEqual({ qty: 15, value: 60 });
    await saved(t.api, '入库', '销售退货', [line('CUP01', 2, 10, w.depotA)], { organId: w.customer });
    expect((await stock(db, t.tenantId, cup, w.depotA)).qty).toBe(17);
    // an order cannot be un-audited while documents are linked to it
    expect((await t.api.post('/depotHead/batchSetStatus', { status: '0', ids: String(order.id) })).body.code).toBe(500);
    await assertLedgerInvariants(db, t.tenantId);
  });
});

describe('transfer, assembly and disassembly', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'move');
  const w = await world(t.api);
  const bolt = await w.material('螺栓', 'BOLT');
  const nut = await w.material('螺母', 'NUT');
  const kit = await w.material('螺栓套装', 'KIT');
  await saved(t.api, '入库', '其它', [line('BOLT', 10, 3, w.depotA), line('NUT', 10, 1, w.depotA)], { organId: w.supplier });

  it('moves stock between warehouses at its cost', async () => {
    await saved(t.api, '出库', '调拨', [line('BOLT', 4, 0, w.depotA, { anotherDepotId: w.depotB })]);
    expect(await stock(db, t.tenantId, bolt, w.depotA)).toEqual({ qty: 6, value: 18 });
    expect(await stock(db, t.tenantId, bolt, w.depotB)).toEqual({ qty: 4, value: 12 });
    const same = await save(t.api, '出库', '调拨', [line('BOLT', 1, 0, w.depotA, { anotherDepotId: w.depotA })]);
    expect(same.status).toBe(400);
  });

  it('assembles parts into a kit valued at the parts, and takes it apart again', async () => {
    await saved(t.api, '其它', '组装单', [
      line('KIT', 2, 0, w.depotA, { materialType: '组合件' }),
      line('BOLT', 2, 0, w.depotA, { materialType: '普通子件' }),
      line('NUT', 4, 0, w.depotA, { materialType: '普通子件' }),
    ]);
    expect(await stock(db, t.tenantId, kit, w.depotA)).toEqual({ qty: 2, value: 10 });
    expect(await stock(db, t.tenantId, nut, w.depotA)).toEqual({ qty: 6, value: 6 });
    await saved(t.api, '其它', '拆卸单', [
      line('KIT', 1, 0, w.depotA, { materialType: '组合件' }),
      line('BOLT', 1, 0, w.depotA, { materialType: '普通子件' }),
      line('NUT', 2, 0, w.depotA, { materialType: '普通子件' }),
    ]);
    expect(await stock(db, t.tenantId, kit, w.depotA)).toEqual({ qty: 1, value: 5 });
    const parts = (await stock(db, t.tenantId, bolt, w.depotA)).value + (await stock(db, t.tenantId, nut, w.depotA)).value;
    // the kit's value (5) goes to the parts by quantity: bolt 1/3, nut 2/3
    expect(parts).toBeCloseTo(12 + 6 + 5, 5);
    await assertLedgerInvariants(db, t.tenantId);
  });
});

describe('inventory count with differences', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'count');
  const w = await world(t.api);
  const box = await w.material('纸箱', 'BOX');
  const tape = await w.material('胶带', 'TAPE');
  await saved(t.api, '入库', '其它', [line('BOX', 10, 2, w.depotA), line('TAPE', 5, 1, w.depotA)], { organId: w.supplier });

  it('records the count without moving stock, then posts the differences on re-count', async () => {
    const check = await saved(t.api, '其它', '盘点录入', [line('BOX', 8, 0, w.depotA), line('TAPE', 7, 0, w.depotA)], { status: '1' });
    expect((await stock(db, t.tenantId, box, w.depotA)).qty).toBe(10);
    await saved(t.api, '其它', '盘点复盘', [line('BOX', 8, 0, w.depotA), line('TAPE', 7, 0, w.depotA)], { linkNumber: check.number });
    expect(await stock(db, t.tenantId, box, w.depotA)).toEqual({ qty: 8, value: 16 });
    expect(await stock(db, t.tenantId, tape, w.depotA)).toEqual({ qty: 7, value: 7 });
    await assertLedgerInvariants(db, t.tenantId);
  });
});

describe('stock audit switch: un-audit and re-audit', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'audit');
  const w = await world(t.api);
  const ink = await w.material('墨水', 'INK');
  await t.api.put('/systemConfig/update', { stockApprovalFlag: true });

  it('moves stock on audit only, back on un-audit, and again on re-audit', async () => {
    const doc = await saved(t.api, '入库', '采购', [line('INK', 10, 2, w.depotA)], { organId: w.supplier });
    expect((await stock(db, t.tenantId, ink, w.depotA)).qty).toBe(0);
    const audit = (status: string) => t.api.post('/depotHead/batchSetStatus', { status, ids: String(doc.id) });
    expect((await audit('1')).body.code).toBe(200);
    expect(await stock(db, t.tenantId, ink, w.depotA)).toEqual({ qty: 10, value: 20 });
    expect((await t.api.delete(`/depotHead/delete?id=${doc.id}`)).body.code).toBe(500);
    expect(
      (
        await t.api.put('/depotHead/updateDepotHeadAndDetail', {
          info: { id: doc.id, type: '入库', subType: '采购', operTime: '2026-11-21 10:00:00' },
          rows: [line('INK', 1, 1, w.depotA)],
        })
      ).body.code,
    ).toBe(500);
    expect((await audit('0')).body.code).toBe(200);
    expect(await stock(db, t.tenantId, ink, w.depotA)).toEqual({ qty: 0, value: 0 });
    expect((await audit('1')).body.code).toBe(200);
    expect(await stock(db, t.tenantId, ink, w.depotA)).toEqual({ qty: 10, value: 20 });
    const rows = await db.system((tx) => tx.query<{ reversal: boolean }>('select reversal from stock_ledger where tenant_id = $1 order by id', [t.tenantId]));
    expect(rows.map((r) => r.reversal)).toEqual([false, true, false]);
    await assertLedgerInvariants(db, t.tenantId);
  });
});

describe('negative stock switch', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'neg');
  const w = await world(t.api);
  const gum = await w.material('口香糖', 'GUM');
  await saved(t.api, '入库', '其它', [line('GUM', 3, 1, w.depotA)], { organId: w.supplier });

  it('refuses an oversell with a message naming item and warehouse, and allows it when switched on', async () => {
    const r = await save(t.api, '出库', '其它', [line('GUM', 5, 0, w.depotA)], { organId: w.customer });
    expect(r.body).toEqual({ code: 500, data: { message: '商品“口香糖”在仓库“甲仓”库存不足：当前库存 3，需要 5' } });
    expect((await t.api.get(`/depotHead/list?type=出库&subType=其它`)).body.data.total).toBe(0);
    await t.api.put('/systemConfig/update', { minusStockFlag: true });
    expect((await save(t.api, '出库', '其它', [line('GUM', 5, 0, w.depotA)], { organId: w.customer })).body.code).toBe(200);
    expect((await stock(db, t.tenantId, gum, w.depotA)).qty).toBe(-2);
    await assertLedgerInvariants(db, t.tenantId, { negativeAllowed: true });
  });
});

describe('batches and serial numbers', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'serial');
  const w = await world(t.api);
  await w.material('牛奶', 'MILK', { enableBatchNumber: true });
  const phone = await w.material('手机', 'PHONE', { enableSerialNumber: true });

  it('needs a batch number and keeps stock per batch', async () => {
    expect((await save(t.api, '入库', '其它', [line('MILK', 5, 3, w.depotA)], { organId: w.supplier })).body.data.message).toMatch('请填写批号');
    await saved(
      t.api,
      '入库',
      '其它',
      [line('MILK', 5, 3, w.depotA, { batchNumber: 'B1', expirationDate: '2027-01-01' }), line('MILK', 2, 3, w.depotA, { batchNumber: 'B2' })],
      { organId: w.supplier },
    );
    const milk = (await t.api.get('/material/getMaterialByBarCode?barCode=MILK')).body.data.id;
    expect((await t.api.get(`/depotItem/getBatchNumberList?materialId=${milk}&depotId=${w.depotA}`)).body.data).toEqual([
      { batchNumber: 'B1', totalNum: 5, expirationDate: '2027-01-01' },
      { batchNumber: 'B2', totalNum: 2, expirationDate: null },
    ]);
    expect((await save(t.api, '出库', '其它', [line('MILK', 3, 0, w.depotA, { batchNumber: 'B2' })], { organId: w.customer })).body.code).toBe(500);
  });

  it('never sells a serial number twice', async () => {
    expect((await save(t.api, '入库', '其它', [line('PHONE', 2, 100, w.depotA, { snList: 'SN1' })], { organId: w.supplier })).body.code).toBe(500);
    await saved(t.api, '入库', '其它', [line('PHONE', 2, 100, w.depotA, { snList: 'SN1,SN2' })], { organId: w.supplier });
    expect((await save(t.api, '入库', '其它', [line('PHONE', 1, 100, w.depotA, { snList: 'SN1' })], { organId: w.supplier })).body.data.message).toMatch(
      '序列号已在库存中',
    );
    await saved(t.api, '出库', '销售', [line('PHONE', 1, 150, w.depotA, { snList: 'SN1' })], { organId: w.customer });
    const again = await save(t.api, '出库', '销售', [line('PHONE', 1, 150, w.depotA, { snList: 'SN1' })], { organId: w.customer });
    expect(again.body.data.message).toMatch('已售出');
    const left = (await t.api.get(`/serialNumber/getEnableSerialNumberList?materialId=${phone}`)).body.data;
    expect(left.map((s: { serialNumber: string }) => s.serialNumber)).toEqual(['SN2']);
    await assertLedgerInvariants(db, t.tenantId);
  });
});

describe('document input, numbering and permissions', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'docin');
  const w = await world(t.api);
  await w.material('铅笔', 'PENCIL');

  it('numbers documents per type and day, without gaps', async () => {
    const a = await saved(t.api, '入库', '其它', [line('PENCIL', 1, 1, w.depotA)], { organId: w.supplier });
    await save(t.api, '入库', '其它', [line('NOPE', 1, 1, w.depotA)], { organId: w.supplier });
    const b = await saved(t.api, '入库', '其它', [line('PENCIL', 1, 1, w.depotA)], { organId: w.supplier });
    expect(Number(b.number.slice(-4))).toBe(Number(a.number.slice(-4)) + 1);
  });

  it.each([
    [{ info: { type: '入库', subType: '采购', operTime: 'yesterday' }, rows: [line('PENCIL', 1, 1, 1)] }, 'bad date'],
    [{ info: { type: '入库', subType: '火星', operTime: '2026-11-21' }, rows: [line('PENCIL', 1, 1, 1)] }, 'unknown type'],
    [{ info: { type: '入库', subType: '采购', operTime: '2026-11-21' }, rows: [] }, 'no lines'],
    [{ info: { type: '入库', subType: '采购', operTime: '2026-11-21', tenantId: 1 }, rows: [line('PENCIL', 1, 1, 1)] }, 'forbidden field'],
    [{ info: { type: '入库', subType: '采购', operTime: '2026-11-21' }, rows: [line('PENCIL', '1.2345', 1, 1)] }, 'too many decimals'],
    [{ info: { type: '入库', subType: '采购', operTime: '2026-11-21' }, rows: [line('PENCIL', -1, 1, 1)] }, 'negative quantity'],
  ] as Array<[object, string]>)('answers bad input with 400 (%#: %s)', async (body) => {
    const r = await t.api.post('/depotHead/addDepotHeadAndDetail', body);
    expect(r.status).toBe(400);
  });

  it('refuses another company’s warehouse, partner and document', async () => {
    const other = await newTenant(app, 'docin2');
    const ow = await world(other.api);
    expect((await save(t.api, '入库', '其它', [line('PENCIL', 1, 1, ow.depotA)], { organId: w.supplier })).body.code).toBe(500);
    expect((await save(t.api, '入库', '其它', [line('PENCIL', 1, 1, w.depotA)], { organId: ow.supplier })).body.code).toBe(500);
    const mine = await saved(t.api, '入库', '其它', [line('PENCIL', 1, 1, w.depotA)], { organId: w.supplier });
    expect((await other.api.delete(`/depotHead/delete?id=${mine.id}`)).status).toBe(404);
    expect((await other.api.get(`/depotHead/getDetailByNumber?number=${mine.number}`)).status).toBe(404);
    expect((await other.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(mine.id) })).status).toBe(404);
  });

  it('lists with filters', async () => {
    const list = async (q: string) => (await t.api.get(`/depotHead/list?type=入库&subType=其它&${q}`)).body.data;
    expect((await list('materialParam=铅')).total).toBeGreaterThanOrEqual(3);
    expect((await list('materialParam=橡皮')).total).toBe(0);
    expect((await list(`depotId=${w.depotB}`)).total).toBe(0);
    expect((await list('status=1')).total).toBe(0);
    expect((await list('status=0,1')).rows[0]).toMatchObject({ organName: '供应商一', materialsList: '铅笔' });
    expect((await t.api.get('/depotHead/list?type=入库&subType=其它&status=x')).status).toBe(400);
  });
});

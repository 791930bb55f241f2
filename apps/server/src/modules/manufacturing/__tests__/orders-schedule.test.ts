import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, barCodeOf, bomOf, document, material } from './mfg-fixtures.ts';

type Wo = { id: number; woNo: string; seq: number; workCentreId: number; plannedStart: string; plannedEnd: string; moNo: string };

describe('quotations, make orders, release into work orders, finite-capacity scheduling', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'mo');
  const api = t.api;
  const depotId = await add(api, 'depot', { name: '成品仓' });
  const customer = await add(api, 'supplier', { name: '椅子客户', type: '客户' });
  const chair = await material(api, '椅子');
  const seat = await material(api, '椅面', { price: '50' });
  const leg = await material(api, '椅腿', { price: '10' });
  // Monday to Friday 08-12, 13-17; Wednesday 2026-12-02 a holiday
  await add(api, 'workCalendar', {
    name: '车间日历',
    isDefault: true,
    workdays: '1,2,3,4,5',
    shift1Start: '08:00',
    shift1End: '12:00',
    shift2Start: '13:00',
    shift2End: '17:00',
    days: [{ day: '2026-12-02', kind: 'holiday' }],
  });
  const cut = await add(api, 'workCentre', { name: '下料', code: 'WC1', kind: 'centre', capacity: 1, costPerHour: '60' });
  const asm = await add(api, 'workCentre', { name: '装配', code: 'WC2', kind: 'centre', capacity: 1, costPerHour: '30' });
  const pCut = await add(api, 'process', { name: '下料工序', workCentreId: cut });
  const pAsm = await add(api, 'process', { name: '装配工序', workCentreId: asm });
  const route = await add(api, 'route', {
    name: '椅子路线',
    materialId: chair,
    operations: [
      { seq: 10, processId: pCut, workCentreId: cut, setupMinutes: '30', runMinutes: '3' },
      { seq: 20, processId: pAsm, workCentreId: asm, setupMinutes: '0', runMinutes: '6' },
    ],
  });
  await add(
    api,
    'bom',
    bomOf(
      chair,
      [
        { materialId: seat, qty: '1' },
        { materialId: leg, qty: '4' },
      ],
      { routeId: route },
    ),
  );
  const gantt = async () =>
    (await api.get(`/schedule/gantt?from=${encodeURIComponent('2026-11-30 00:00:00')}&to=${encodeURIComponent('2026-12-31 00:00:00')}`)).body.data;
  const timesOf = (bars: Wo[], moNo: string) => bars.filter((b) => b.moNo === moNo).map((b) => [b.seq, b.plannedStart, b.plannedEnd]);

  it('rolls up the cost from BOM and route and turns a quotation into a sales order in one step', async () => {
    const q = await add(api, 'quotation', {
      name: '椅子报价',
      clientId: customer,
      currency: 'CNY',
      validFrom: '2026-11-01',
      validTo: '2099-12-31',
      deliveryDate: '2026-12-20',
      lines: [{ materialId: chair, quantity: '20', moq: '10', unitPrice: '130' }],
    });
    const saved = (await api.get(`/quotation/info?id=${q}`)).body.data;
    // per chair: seat 50 + legs 4 × 10 = 90; for 20: cut (30 + 3 × 20) min at 60/h = 90, assembly 6 × 20 min at 30/h = 60 → (1800 + 150) / 20
    expect(Number(saved.lines[0].costPrice)).toBe(97.5);
    expect(saved.quotationNo).toMatch(/^BJ\d{8}\d{3}$/);
    const r = await api.post('/quotation/toSaleOrder', { id: q });
    expect(r.body.code, r.text).toBe(200);
    const so = (await api.get(`/depotHead/getDetailByNumber?number=${r.body.data.number}`)).body.data;
    expect(
      so.rows.map((l: { materialName: string; operNumber: number; unitPrice: number }) => [l.materialName, Number(l.operNumber), Number(l.unitPrice)]),
    ).toEqual([['椅子', 20, 130]]);
    expect((await api.post('/quotation/toSaleOrder', { id: q })).body.data.message).toBe(`报价单 ${saved.quotationNo} 已转为销售订单 ${r.body.data.number}`);
  });

  it('makes a make order from a sales order, releases it into one work order per operation with materials, scheduled forward', async () => {
    const so = await document(api, '销售订单', [{ barCode: await barCodeOf(api, chair), operNumber: 20, unitPrice: 130, depotId }], {
      organId: customer,
      deliveryDate: '2026-12-04',
      status: '1',
    });
    const r = await api.post('/makeOrder/fromSaleOrder', { number: so.number });
    expect(r.body.code, r.text).toBe(200);
    const mo = (await api.get(`/makeOrder/info?id=${r.body.data.id}`)).body.data;
    expect(mo).toMatchObject({ orderType: 'sale', refOrder: so.number, clientId: customer, promisedDate: '2026-12-04', status: 'draft' });
    expect(mo.lines.map((l: { materialId: number; quantity: number; source: string }) => [l.materialId, Number(l.quantity), l.source])).toEqual([
      [chair, 20, 'sale'],
    ]);
    expect((await api.post('/makeOrder/fromSaleOrder', { number: so.number })).body.data.message).toBe(`销售订单 ${so.number} 已生成制造订单 ${mo.moNo}`);

    const rel = await api.post('/makeOrder/release', { id: mo.id, from: '2026-12-01 08:00:00' });
    expect(rel.body.code, rel.text).toBe(200);
    expect(rel.body.data).toMatchObject({ workOrders: 2, conflicts: [] });
    const wos = (await api.get(`/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: mo.id }))}`)).body.data.rows;
    expect(wos.map((w: { seq: number; workCentreId: number; quantity: number }) => [w.seq, w.workCentreId, Number(w.quantity)])).toEqual([
      [10, cut, 20],
      [20, asm, 20],
    ]);
    const first = (await api.get(`/workOrder/info?id=${wos[0].id}`)).body.data;
    expect(first.materials.map((m: { materialId: number; qty: number }) => [m.materialId, Number(m.qty)])).toEqual([
      [seat, 20],
      [leg, 80],
    ]);
    // cut 30 + 3 × 20 = 90 min from Tue 08:00; assembly 6 × 20 = 120 min after it
    expect(timesOf((await gantt()).bars, mo.moNo)).toEqual([
      [10, '2026-12-01 08:00:00', '2026-12-01 09:30:00'],
      [20, '2026-12-01 09:30:00', '2026-12-01 11:30:00'],
    ]);
    expect((await api.put('/makeOrder/update', { id: mo.id, remark: 'x' })).body.data.message).toBe(`制造订单 ${mo.moNo} 已下达，不能修改`);
  });

  it('never puts an operation on a holiday or over a work centre capacity', async () => {
    const mk = async (qty: string) => {
      const id = await add(api, 'makeOrder', {
        orderType: 'stock',
        orderDate: '2026-11-30',
        promisedDate: '2026-12-10',
        lines: [{ lineType: 'product', materialId: chair, quantity: qty }],
      });
      const r = await api.post('/makeOrder/release', { id, from: '2026-12-01 08:00:00' });
      expect(r.body.code, r.text).toBe(200);
      return (await api.get(`/makeOrder/info?id=${id}`)).body.data.moNo as string;
    };
    const mo2 = await mk('40');
    const mo3 = await mk('10');
    const bars = (await gantt()).bars as Wo[];
    // 40: cut 150 min after the first order's 09:30, to 12:00; assembly 240 min from 13:00 (its centre is busy till 11:30, lunch after 12:00)
    expect(timesOf(bars, mo2)).toEqual([
      [10, '2026-12-01 09:30:00', '2026-12-01 12:00:00'],
      [20, '2026-12-01 13:00:00', '2026-12-01 17:00:00'],
    ]);
    // 10: cut 60 min at 13:00; assembly waits for its centre till Tuesday 17:00, skips the Wednesday holiday → Thursday 08:00
    expect(timesOf(bars, mo3)).toEqual([
      [10, '2026-12-01 13:00:00', '2026-12-01 14:00:00'],
      [20, '2026-12-03 08:00:00', '2026-12-03 09:00:00'],
    ]);
    expect((await gantt()).conflicts).toEqual([]);
    // dragging the last assembly onto the busy Tuesday afternoon shows the conflict; onto the holiday moves it to the next working time
    const last = bars.find((b) => b.moNo === mo3 && b.seq === 20)!;
    const drag = await api.post('/workOrder/reschedule', { id: last.id, plannedStart: '2026-12-01 14:00:00' });
    expect(drag.body.data.plannedEnd).toBe('2026-12-01 15:00:00');
    expect(drag.body.data.conflicts).toEqual(expect.arrayContaining([{ id: last.id, kind: 'overCapacity' }]));
    const holiday = await api.post('/workOrder/reschedule', { id: last.id, plannedStart: '2026-12-02 10:00:00' });
    expect(holiday.body.data).toMatchObject({ plannedStart: '2026-12-03 08:00:00', plannedEnd: '2026-12-03 09:00:00', conflicts: [] });
  });

  it('schedules backward from the due date', async () => {
    const id = await add(api, 'makeOrder', {
      orderType: 'stock',
      orderDate: '2026-11-30',
      promisedDate: '2026-12-10',
      lines: [{ lineType: 'product', materialId: chair, quantity: '10' }],
    });
    await api.post('/makeOrder/release', { id, from: '2026-12-01 08:00:00' });
    const r = await api.post('/schedule/run', { direction: 'backward', makeOrderIds: [id] });
    expect(r.body.code, r.text).toBe(200);
    const moNo = (await api.get(`/makeOrder/info?id=${id}`)).body.data.moNo;
    // assembly 60 min ends at Thursday 12-10 17:00, cut 60 min right before it
    expect(timesOf((await gantt()).bars, moNo)).toEqual([
      [10, '2026-12-10 15:00:00', '2026-12-10 16:00:00'],
      [20, '2026-12-10 16:00:00', '2026-12-10 17:00:00'],
    ]);
  });

  it('refuses bad input and other companies, writing nothing', async () => {
    const neg = await api.post('/makeOrder/add', {
      orderType: 'stock',
      orderDate: '2026-11-30',
      lines: [{ lineType: 'product', materialId: chair, quantity: '-5' }],
    });
    expect(neg.status).toBe(400);
    const zero = await api.post('/makeOrder/add', {
      orderType: 'stock',
      orderDate: '2026-11-30',
      lines: [{ lineType: 'product', materialId: chair, quantity: '0' }],
    });
    expect(zero.body.data.message).toBe('第1行数量必须大于0');
    expect((await api.post('/workOrder/reschedule', { id: 1, plannedStart: '2026-13-01 08:00:00' })).status).toBe(400);
    expect((await api.post('/schedule/run', { direction: 'forward', from: '1999-12-31 08:00:00' })).status).toBe(400);
    const other = await newTenant(app, 'mox');
    const mine = (await gantt()).bars[0] as Wo;
    expect((await other.api.post('/workOrder/reschedule', { id: mine.id, plannedStart: '2026-12-01 08:00:00' })).body.code).toBe(404);
    expect((await other.api.post('/makeOrder/release', { id: 1 })).body.code).toBe(404);
    expect(
      (
        await other.api.post('/makeOrder/add', {
          orderType: 'stock',
          orderDate: '2026-11-30',
          lines: [{ lineType: 'product', materialId: chair, quantity: '1' }],
        })
      ).body.code,
    ).not.toBe(200);
    expect((await gantt()).bars.find((b: Wo) => b.id === mine.id).plannedStart).toBe(mine.plannedStart);
  });
});

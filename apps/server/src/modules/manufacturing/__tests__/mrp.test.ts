import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, barCodeOf, bomOf, document, material } from './mfg-fixtures.ts';

type Row = { id: number; kind: string; materialName: string; qty: string; netQty: string; dueDate: string; startDate: string; llc: number };

describe('MRP: level-by-level netting, lead times on the calendar, proposals, pegging, confirmation', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'mrp');
  const api = t.api;
  const depotId = await add(api, 'depot', { name: '总仓' });
  const customer = await add(api, 'supplier', { name: '家具客户', type: '客户' });
  const vendor = await add(api, 'supplier', { name: '木材供应商', type: '供应商' });
  // a table: top ×1 and legs ×4; a top: board 1.5 with 20% scrap
  const table = await material(api, '餐桌', { stock: { depotId, qty: 5 } });
  const top = await material(api, '桌面');
  const leg = await material(api, '桌腿', { price: '12', stock: { depotId, qty: 30 } });
  const board = await material(api, '木板', { price: '40', stock: { depotId, qty: 4 } });
  await add(
    api,
    'bom',
    bomOf(table, [
      { materialId: top, qty: '1' },
      { materialId: leg, qty: '4' },
    ]),
  );
  await add(api, 'bom', bomOf(top, [{ materialId: board, qty: '1.5', scrapRate: 20 }]));
  await add(api, 'itemPlan', { materialId: table, source: 'make', leadDays: 2 });
  await add(api, 'itemPlan', { materialId: top, source: 'make', leadDays: 1 });
  await add(api, 'itemPlan', { materialId: leg, source: 'buy', leadDays: 3, safetyStock: '10', minLot: '50' });
  await add(api, 'itemPlan', { materialId: board, source: 'buy', leadDays: 2 });
  // the company calendar: Monday to Friday, Friday 2026-12-04 and Wednesday 2026-12-09 are holidays
  await add(api, 'workCalendar', {
    name: '公司日历',
    isDefault: true,
    workdays: '1,2,3,4,5',
    shift1Start: '08:00',
    shift1End: '17:00',
    days: [
      { day: '2026-12-04', kind: 'holiday' },
      { day: '2026-12-09', kind: 'holiday' },
    ],
  });
  const so = await document(api, '销售订单', [{ barCode: await barCodeOf(api, table), operNumber: 25, unitPrice: 800, depotId }], {
    organId: customer,
    deliveryDate: '2026-12-10',
    status: '1',
  });
  await document(api, '采购订单', [{ barCode: await barCodeOf(api, leg), operNumber: 20, unitPrice: 12, depotId }], { organId: vendor, status: '1' });

  async function run(planDate: string, bucket?: 'day' | 'week') {
    const r = await api.post('/mrp/run', { planDate, wait: true, ...(bucket && { bucket }) });
    expect(r.body.code, r.text).toBe(200);
    const latest = (await api.get('/mrp/latest')).body.data;
    expect(latest).toMatchObject({ status: 'done', jobState: 'done', progress: 100, id: r.body.data.runId, statements: r.body.data.statements });
    return latest;
  }

  it('proposes exactly the hand-computed planned orders, with dates that skip holidays', async () => {
    const latest = await run('2026-11-30');
    const rows = (await api.get('/mrp/proposals')).body.data.rows as Row[];
    const got = rows.map((p) => [p.llc, p.kind, p.materialName, p.qty, p.netQty, p.dueDate, p.startDate]);
    expect(got).toEqual([
      // table: 25 ordered − 5 in stock = 20, due Thu 12-10, 2 working days back skipping Wed 12-09 → Mon 12-07
      [0, 'make', '餐桌', '20', '20', '2026-12-10', '2026-12-07'],
      // legs: 80 for the tables + 10 safety − 30 stock − 20 on order = 40, minimum lot 50; 3 days back skipping Fri 12-04 → Tue 12-01
      [1, 'buy', '桌腿', '50', '40', '2026-12-07', '2026-12-01'],
      // tops: 20 for the tables; 1 day back from Mon 12-07 over the weekend and the Friday holiday → Thu 12-03
      [1, 'make', '桌面', '20', '20', '2026-12-07', '2026-12-03'],
      // boards: 20 × 1.5 × 1.2 = 36 − 4 in stock = 32, due Thu 12-03, 2 days back → Tue 12-01
      [2, 'buy', '木板', '32', '32', '2026-12-03', '2026-12-01'],
    ]);
    expect(latest).toMatchObject({ levels: 3, proposals: 4 });
    // the table's order serves the sales order line; the legs' serves the planned tables
    const byName = Object.fromEntries(rows.map((p) => [p.materialName, p.id]));
    const tablePeg = (await api.get(`/mrp/pegging?id=${byName['餐桌']}`)).body.data;
    expect(tablePeg).toEqual([expect.objectContaining({ kind: 'sale', refNo: so.number, qty: '20', needDate: '2026-12-10' })]);
    const legPeg = (await api.get(`/mrp/pegging?id=${byName['桌腿']}`)).body.data;
    expect(legPeg).toEqual([expect.objectContaining({ kind: 'planned', parentName: '餐桌', qty: '40', needDate: '2026-12-07' })]);
  });

  it('runs a fixed number of statements whatever the number of items', async () => {
    const before = (await api.get('/mrp/latest')).body.data.statements;
    // ten more products with their own two-level BOMs and sales orders: same depth, more items
    for (let i = 0; i < 10; i++) {
      const p = await material(api, `产品${i}`);
      const c = await material(api, `部件${i}`);
      await add(api, 'bom', bomOf(p, [{ materialId: c, qty: '2' }]));
      await document(api, '销售订单', [{ barCode: await barCodeOf(api, p), operNumber: 3, unitPrice: 1, depotId }], { organId: customer, status: '1' });
    }
    const after = await run('2026-11-30');
    expect(after.items).toBeGreaterThan(20);
    expect(after.statements).toBe(before);
  });

  it('confirms proposals in bulk: make orders and one purchase request', async () => {
    const rows = (await api.get('/mrp/proposals?pageSize=1000')).body.data.rows as Row[];
    const pick = rows.filter((p) => ['餐桌', '桌腿', '木板'].includes(p.materialName)).map((p) => p.id);
    const r = await api.post('/mrp/confirm', { ids: pick });
    expect(r.body.code, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ makeOrders: 1, purchaseRequests: 1 });
    const mo = (await api.get(`/makeOrder/list?search=${encodeURIComponent(JSON.stringify({ moNo: 'MRP' }))}`)).body.data.rows;
    expect(mo).toHaveLength(1);
    expect(mo[0]).toMatchObject({ status: 'draft', promisedDate: '2026-12-10' });
    const pr = r.body.data.documents.find((d: string) => !d.startsWith('MRP'));
    const detail = (await api.get(`/depotHead/getDetailByNumber?number=${pr}`)).body.data;
    expect(detail.rows.map((l: { materialName: string; operNumber: number }) => [l.materialName, Number(l.operNumber)]).sort()).toEqual([
      ['木板', 32],
      ['桌腿', 50],
    ]);
    // confirmed ones cannot be confirmed again, and nothing is half-done
    const again = await api.post('/mrp/confirm', { ids: [pick[0], rows.find((p) => p.materialName === '桌面')!.id] });
    expect(again.body.data.message).toBe('部分MRP建议不存在或已确认，未确认任何建议');
    expect((await api.get('/mrp/proposals?status=proposed')).body.data.rows.map((p: Row) => p.materialName)).toContain('桌面');
  });

  it('queues a run as a background job, one per company at a time', async () => {
    const a = await api.post('/mrp/run', {});
    const b = await api.post('/mrp/run', {});
    expect(a.body.data.jobId).toBeGreaterThan(0);
    expect(b.body.data.jobId).toBe(a.body.data.jobId);
    const job = (await api.get(`/job/info?id=${a.body.data.jobId}`)).body.data;
    expect(job).toMatchObject({ name: 'mfg.mrp', state: 'queued' });
  });

  it('refuses bad input and other companies', async () => {
    expect((await api.post('/mrp/run', { planDate: '2026-02-30' })).status).toBe(400);
    expect((await api.post('/mrp/confirm', { ids: [] })).status).toBe(400);
    const other = await newTenant(app, 'mrpx');
    const mine = (await api.get('/mrp/proposals?status=proposed')).body.data.rows[0].id;
    expect((await other.api.post('/mrp/confirm', { ids: [mine] })).body.code).toBe(404);
    expect((await other.api.get(`/mrp/pegging?id=${mine}`)).body.data).toEqual([]);
  });

  it('nets each week as one bucket by default, needed on its first need date; per day on request', async () => {
    // one more sales order for tables, due Friday 12-11: the same ISO week as the first one (Thursday 12-10)
    await document(api, '销售订单', [{ barCode: await barCodeOf(api, table), operNumber: 6, unitPrice: 800, depotId }], {
      organId: customer,
      deliveryDate: '2026-12-11',
      status: '1',
    });
    const tables = async () =>
      ((await api.get('/mrp/proposals?pageSize=1000')).body.data.rows as Row[])
        .filter((p) => p.materialName === '餐桌')
        .map((p) => [p.qty, p.netQty, p.dueDate, p.startDate]);
    expect(await run('2026-11-30')).toMatchObject({ bucket: 'week' });
    // the week's demand 25 + 6 against 5 in stock and the 20 of the make order confirmed above: 6 short,
    // needed on the week's first need date (Thursday) and started two working days earlier, Monday
    expect(await tables()).toEqual([['6', '6', '2026-12-10', '2026-12-07']]);
    const weekly = ((await api.get('/mrp/proposals?pageSize=1000')).body.data.rows as Row[]).find((p) => p.materialName === '餐桌')!;
    // it serves the last units of the week: Friday's order
    const pegs = (await api.get(`/mrp/pegging?id=${weekly.id}`)).body.data;
    expect(pegs.map((p: { kind: string; needDate: string; qty: string }) => [p.kind, p.needDate, p.qty])).toEqual([['sale', '2026-12-11', '6']]);
    // per day: Thursday is covered, Friday's 6 are due Friday, started Tuesday (Wednesday is a holiday)
    expect(await run('2026-11-30', 'day')).toMatchObject({ bucket: 'day' });
    expect(await tables()).toEqual([['6', '6', '2026-12-11', '2026-12-08']]);
    expect((await api.post('/mrp/run', { planDate: '2026-11-30', bucket: 'month', wait: true })).status).toBe(400);
  });
});

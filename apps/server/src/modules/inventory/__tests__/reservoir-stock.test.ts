import { describe, expect, it } from 'vitest';
import { ENGINE, newTenant, testApp, uniqueName, type Client } from '../../../test-support/harness.ts';
import { assertLedgerInvariants, line, save, saved, stock, world } from './fixtures.ts';

type AreaRow = { areaId: number | null; areaName: string; materialName: string; batchNumber: string; qty: number; depotName: string };
type PickRow = { areaId: number | null; areaName: string; number: string; lineNo: number; materialName: string; qty: number; suggested: boolean };

/** Stock by reservoir area (库区, issue 24): receipts into areas, outbounds from them, the pick list and the report. */
describe('stock by reservoir area', async () => {
  const { app, db } = await testApp();

  async function setup(prefix: string) {
    const t = await newTenant(app, prefix);
    const w = await world(t.api);
    const area = async (name: string, depotId: number, sort: string) => {
      const r = await t.api.post('/reservoirArea/add', { name, depotId, type: 'area', code: uniqueName('A'), sort });
      expect(r.body.code, r.text).toBe(200);
      return r.body.data.id as number;
    };
    expect((await t.api.put('/systemConfig/update', { reservoirAreaFlag: true })).body.code).toBe(200);
    return { t, w, area };
  }
  const byArea = async (api: Client, query = '') =>
    (await api.get(`/report/reservoirAreaStock?currentPage=1&pageSize=100${query}`)).body.data as { rows: AreaRow[]; total: number; sums: { qty: number } };
  const held = (rows: AreaRow[]) => rows.map((r) => [r.areaName, r.materialName, r.qty]);

  it('receives into areas, takes from the area an outbound names, and refuses more than the area holds, writing nothing', async () => {
    const { t, w, area } = await setup('rsa');
    const m = await w.material('螺丝', 'AR-1');
    await w.material('螺母', 'AR-2');
    const a1 = await area('A1', w.depotA, '1');
    const b2 = await area('B2', w.depotA, '2');
    await saved(t.api, '入库', '采购', [line('AR-1', 10, 2, w.depotA, { reservoirAreaId: b2 }), line('AR-1', 4, 2, w.depotA, { reservoirAreaId: a1 })], {
      organId: w.supplier,
    });
    await saved(t.api, '入库', '其它', [line('AR-1', 3, 2, w.depotA), line('AR-2', 5, 1, w.depotA, { reservoirAreaId: a1 })], { organId: w.supplier });
    // walking order: A1 (sort 1), B2, then 未指定库区
    expect(held((await byArea(t.api, `&depotId=${w.depotA}`)).rows)).toEqual([
      ['A1', '螺丝', 4],
      ['A1', '螺母', 5],
      ['B2', '螺丝', 10],
      ['未指定库区', '螺丝', 3],
    ]);
    expect((await byArea(t.api, `&areaId=${b2}`)).rows).toHaveLength(1);
    expect((await byArea(t.api, '&materialParam=螺母')).sums.qty).toBe(5);

    // a sale outbound from B2 reduces B2 only
    await saved(t.api, '出库', '销售', [line('AR-1', 6, 3, w.depotA, { reservoirAreaId: b2 })], { organId: w.customer });
    expect(held((await byArea(t.api, '&materialParam=螺丝')).rows)).toEqual([
      ['A1', '螺丝', 4],
      ['B2', '螺丝', 4],
      ['未指定库区', '螺丝', 3],
    ]);
    // more than A1 holds (the warehouse has enough): refused, nothing written
    const before = await stock(db, t.tenantId, m, w.depotA);
    const r = await save(t.api, '出库', '其它', [line('AR-2', 1, 0, w.depotA), line('AR-1', 5, 0, w.depotA, { reservoirAreaId: a1 })], {
      organId: w.customer,
    });
    expect(r.body.data.message).toBe('第2行：库区“A1”库存不足：商品“螺丝”当前库存 4，需要 5');
    expect(await stock(db, t.tenantId, m, w.depotA)).toEqual(before);
    expect((await byArea(t.api, '&materialParam=螺母')).sums.qty).toBe(5);
    // production picking and a transfer's sending side take from their areas too; the receiving side lands in 未指定库区
    await saved(t.api, '出库', '生产领料', [line('AR-1', 1, 0, w.depotA, { reservoirAreaId: a1 })]);
    await saved(t.api, '出库', '调拨', [line('AR-1', 2, 0, w.depotA, { reservoirAreaId: a1, anotherDepotId: w.depotB })]);
    expect(held((await byArea(t.api, '&materialParam=螺丝')).rows)).toEqual([
      ['A1', '螺丝', 1],
      ['B2', '螺丝', 4],
      ['未指定库区', '螺丝', 3],
      ['未指定库区', '螺丝', 2],
    ]);
    // an outbound naming no area takes from the areas, oldest receipt first, then from 未指定库区
    const sale = await saved(t.api, '出库', '销售', [line('AR-1', 6, 3, w.depotA)], { organId: w.customer });
    expect(held((await byArea(t.api, `&materialParam=螺丝&depotId=${w.depotA}`)).rows)).toEqual([['未指定库区', '螺丝', 2]]);
    // deleting it puts the goods back where they came from
    expect((await t.api.delete(`/depotHead/delete?id=${sale.id}`)).body.code).toBe(200);
    expect(held((await byArea(t.api, `&materialParam=螺丝&depotId=${w.depotA}`)).rows)).toEqual([
      ['A1', '螺丝', 1],
      ['B2', '螺丝', 4],
      ['未指定库区', '螺丝', 3],
    ]);
    // the area totals never exceed the warehouse's stock
    const bad = await db.system((tx) =>
      tx.query(
        `select b.material_id from stock_balance b join (select material_id, depot_id, batch_number, sum(qty) q from stock_area_balance where tenant_id = $1
          group by 1, 2, 3) a using (material_id, depot_id, batch_number) where b.tenant_id = $1 and a.q > b.qty`,
        [t.tenantId],
      ),
    );
    expect(bad).toEqual([]);
    await assertLedgerInvariants(db, t.tenantId);
    const xls = await t.api.get(`/report/reservoirAreaStock/exportExcel?depotId=${w.depotA}`);
    expect(xls.status).toBe(200);
    expect(String(xls.headers['content-type'])).toContain('excel');
  });

  it('makes a pick list in walking order, with suggested areas for lines naming none', async () => {
    const { t, w, area } = await setup('rsp');
    await w.material('扳手', 'PK-1');
    await w.material('钳子', 'PK-2');
    const c3 = await area('C3', w.depotA, '3');
    const a1 = await area('A1', w.depotA, '1');
    // C3 received first (older), A1 later
    await saved(t.api, '入库', '采购', [line('PK-1', 3, 2, w.depotA, { reservoirAreaId: c3 })], { organId: w.supplier, operTime: '2026-11-01 09:00:00' });
    await saved(t.api, '入库', '采购', [line('PK-1', 5, 2, w.depotA, { reservoirAreaId: a1 }), line('PK-2', 2, 2, w.depotA, { reservoirAreaId: c3 })], {
      organId: w.supplier,
      operTime: '2026-11-10 09:00:00',
    });
    await saved(t.api, '入库', '其它', [line('PK-2', 4, 2, w.depotA)], { organId: w.supplier });
    // with 审核后出入库 on, an outbound does not post on save: the pick list suggests where to take from
    expect((await t.api.put('/systemConfig/update', { stockApprovalFlag: true })).body.code).toBe(200);
    const d1 = await saved(t.api, '出库', '销售', [line('PK-1', 4, 3, w.depotA), line('PK-2', 2, 3, w.depotA, { reservoirAreaId: c3 })], {
      organId: w.customer,
    });
    const d2 = await saved(t.api, '出库', '其它', [line('PK-2', 3, 0, w.depotA)], { organId: w.customer });
    const r = await t.api.post('/depotHead/pickList', { ids: [d2.id, d1.id] });
    expect(r.body.code, r.text).toBe(200);
    const rows = (r.body.data.rows as PickRow[]).map((p) => [p.areaName, p.materialName, p.number, p.qty, p.suggested]);
    expect(rows).toEqual([
      // A1 (sort 1) first: 扳手 after C3's 3 pieces (the older receipt)
      ['A1', '扳手', d1.number, 1, true],
      ['C3', '扳手', d1.number, 3, true],
      ['C3', '钳子', d1.number, 2, false],
      // C3's 钳子 are d1's (it names them): d2 is sent to 未指定库区
      ['未指定库区', '钳子', d2.number, 3, false],
    ]);
    // once posted, the pick list shows where the post took the goods from
    expect((await t.api.post('/depotHead/batchSetStatus', { status: '1', ids: `${d1.id}` })).body.code).toBe(200);
    const after = (await t.api.post('/depotHead/pickList', { ids: [d1.id] })).body.data.rows as PickRow[];
    expect(after.map((p) => [p.areaName, p.materialName, p.qty, p.suggested])).toEqual([
      ['A1', '扳手', 1, false],
      ['C3', '扳手', 3, false],
      ['C3', '钳子', 2, false],
    ]);
    // an inbound document has no pick list
    const inbound = await saved(t.api, '入库', '其它', [line('PK-2', 1, 2, w.depotA)], { organId: w.supplier });
    expect((await t.api.post('/depotHead/pickList', { ids: [inbound.id] })).body.data.message).toBe('只有出库单据可以生成拣货单');
    expect((await t.api.post('/depotHead/pickList', { ids: [] })).body.code).toBe(400);
  });

  it("refuses another company's area and documents", async () => {
    const { t, w, area } = await setup('rsx');
    const other = await setup('rsx');
    await w.material('锤子', 'XT-1');
    await other.w.material('锤子', 'XT-1');
    const mine = await area('A1', w.depotA, '1');
    const doc = await saved(t.api, '入库', '其它', [line('XT-1', 2, 1, w.depotA, { reservoirAreaId: mine })], { organId: w.supplier });
    const r = await save(other.t.api, '入库', '其它', [line('XT-1', 2, 1, other.w.depotA, { reservoirAreaId: mine })], { organId: other.w.supplier });
    expect(r.body.data.message).toBe('第1行：库区不存在或已禁用');
    expect((await other.t.api.post('/depotHead/pickList', { ids: [doc.id] })).body.data.message).toBe('单据不存在或已删除');
    expect((await byArea(other.t.api, `&areaId=${mine}`)).total).toBe(0);
  });

  describe.skipIf(ENGINE !== 'postgres')('concurrency (PostgreSQL)', () => {
    it('lets 8 outbounds race for an area of 5: exactly 5 succeed, the area never goes below zero', async () => {
      const { t, w, area } = await setup('rsc');
      const m = await w.material('热销件', 'RC-1');
      const a1 = await area('A1', w.depotA, '1');
      await saved(t.api, '入库', '其它', [line('RC-1', 5, 2, w.depotA, { reservoirAreaId: a1 }), line('RC-1', 100, 2, w.depotA)], { organId: w.supplier });
      const results = await Promise.all(
        Array.from({ length: 8 }, () => save(t.api, '出库', '销售', [line('RC-1', 1, 3, w.depotA, { reservoirAreaId: a1 })], { organId: w.customer })),
      );
      expect(results.filter((r) => r.body.code === 200)).toHaveLength(5);
      for (const r of results.filter((x) => x.body.code !== 200)) expect(r.body.data.message).toBe('第1行：库区“A1”库存不足：商品“热销件”当前库存 0，需要 1');
      expect((await stock(db, t.tenantId, m, w.depotA)).qty).toBe(100);
      expect(held((await byArea(t.api)).rows)).toEqual([['未指定库区', '热销件', 100]]);
      await assertLedgerInvariants(db, t.tenantId);
    });
  });
});

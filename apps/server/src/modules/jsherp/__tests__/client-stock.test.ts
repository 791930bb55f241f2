import { beforeAll, describe, expect, it } from 'vitest';
import { jshClient } from './jsh-client.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { userWithRole } from '../../inventory/reports/__tests__/scenario.ts';

/**
 * Stock as jshERP's screens read it (issue 23): MaterialList.vue's 库存 and 基础重量 columns, MaterialStock.vue's
 * rows with their 流水/分布 links, weights and header totals, and its 库存分布 dialog (MaterialDepotStockList.vue,
 * /material/getMaterialDepotStock). Every figure is worked out by hand from the documents saved here:
 *
 * 书架 SHELF (2.5 kg, 大号 B2): 甲仓 10 × 4 and 2 × 5 in (12, value 50), 2 sold take 2/12 of the value
 * (8.333333) → 甲仓 10, value 41.666667, average 4.166667; 乙仓 3 × 5 in → 3, value 15.
 * 台灯 LAMP (0.125 kg): 甲仓 4 × 6 in → 4, value 24. 纸巾 TISSUE: never stocked.
 * Weights: 书架 甲 25, 乙 7.5; 台灯 0.5 → 33 in all. Stock value in all: 41.666667 + 15 + 24 = 80.666667.
 */
describe("jshERP's stock columns and its stock distribution against our server", () => {
  let jsh: ReturnType<typeof jshClient>;
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let co: Awaited<ReturnType<typeof newTenant>>;
  let w: Awaited<ReturnType<typeof world>>;
  let shelf: number;
  let lamp: number;
  let tissue: number;
  let scoped: Awaited<ReturnType<typeof userWithRole>>;
  let masked: Awaited<ReturnType<typeof userWithRole>>;

  beforeAll(async () => {
    ({ app } = await testApp());
    co = await newTenant(app, 'jshs');
    w = await world(co.api);
    shelf = await w.material('书架', 'SHELF', { weight: 2.5, standard: '大号', model: 'B2' }, { purchaseDecimal: 4 });
    lamp = await w.material('台灯', 'LAMP', { weight: '0.125' }, { purchaseDecimal: 6 });
    tissue = await w.material('纸巾', 'TISSUE');
    const sup = { organId: w.supplier };
    await saved(co.api, '入库', '采购', [line('SHELF', 10, 4, w.depotA), line('SHELF', 2, 5, w.depotA), line('LAMP', 4, 6, w.depotA)], sup);
    await saved(co.api, '入库', '采购', [line('SHELF', 3, 5, w.depotB)], sup);
    await saved(co.api, '出库', '销售', [line('SHELF', 2, 10, w.depotA)], { organId: w.customer });
    jsh = jshClient(app, co.token);
    // two users (a trial company has room for three): one who sees only 甲仓, one whose role masks prices
    expect((await co.api.put('/systemConfig/update', { depotFlag: true })).body.code).toBe(200);
    scoped = await userWithRole(app, co.api, { '/material/material': '', '/report/material_stock': '' }, { depotIds: [w.depotA] });
    masked = await userWithRole(app, co.api, { '/report/material_stock': '', '/report/in_out_summary': '' });
    expect((await co.api.put('/role/update', { id: masked.roleId, priceMasking: true })).body.code).toBe(200);
  });

  const materialList = (client: ReturnType<typeof jshClient>, materialParam = '') =>
    client.getAction('/material/list', {
      search: JSON.stringify({ categoryId: '', materialParam, standard: '', model: '', color: '', weight: '', mpList: '制造商,自定义1' }),
      column: 'createTime',
      order: 'desc',
      field: 'id,,action,mBarCode,name,standard,model,unit,stock,purchaseDecimal',
      currentPage: 1,
      pageSize: 10,
    });

  it('MaterialList.vue: 库存 per material over the warehouses the user may see, and 基础重量', async () => {
    const r = await materialList(jsh);
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    const byName = Object.fromEntries(r.data.data.rows.map((m: { name: string }) => [m.name, m]));
    expect(byName['书架']).toMatchObject({ id: shelf, stock: 13, weight: 2.5 });
    expect(byName['台灯']).toMatchObject({ id: lamp, stock: 4, weight: 0.125 });
    expect(byName['纸巾']).toMatchObject({ id: tissue, stock: 0 });
    // one warehouse's user: only 甲仓's shelves
    const mine = await materialList(jshClient(app, scoped.token), 'SHELF');
    expect(mine.data.data.rows).toEqual([expect.objectContaining({ id: shelf, stock: 10 })]);
    // a user without the material list's menu may not ask
    expect((await masked.api.get(`/material/currentStock?ids=${shelf}`)).body.code).toBe(403);
    // our own route, read directly: ids of another company or unknown count as no stock; bad lists are refused
    expect((await co.api.get(`/material/currentStock?ids=${shelf},${lamp},999999999`)).body.data).toEqual([
      { materialId: shelf, stock: 13 },
      { materialId: lamp, stock: 4 },
      { materialId: 999999999, stock: 0 },
    ]);
    const other = await newTenant(app, 'jsho');
    expect((await other.api.get(`/material/currentStock?ids=${shelf}`)).body.data).toEqual([{ materialId: shelf, stock: 0 }]);
    for (const ids of ['', 'a,b', '1,,2', '-1']) expect((await co.api.get(`/material/currentStock?ids=${encodeURIComponent(ids)}`)).body.code, ids).toBe(400);
  });

  const stockReport = (client: ReturnType<typeof jshClient>, depotIds = '') =>
    client.getAction('/material/getListWithStock', {
      categoryId: '',
      depotIds,
      position: '',
      materialParam: '',
      zeroStock: 0,
      mpList: '制造商,自定义1',
      column: 'createTime',
      order: 'desc',
      field: 'rowIndex,action,mBarCode,name,standard,model,unitName,purchaseDecimal,initialStock,currentStock,currentStockPrice,currentWeight',
      currentPage: 1,
      pageSize: 10,
    });

  it("MaterialStock.vue: the material's id on each row for 流水/分布, weights, costs at 6 decimals and the header's totals", async () => {
    const r = await stockReport(jsh);
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    const rows = r.data.data.rows as Array<Record<string, unknown>>;
    const row = (id: number, depotName: string) => rows.find((x) => x.id === id && x.depotName === depotName);
    expect(row(shelf, '甲仓')).toMatchObject({
      mBarCode: 'SHELF',
      currentStock: 10,
      purchaseDecimal: 4.166667,
      currentStockPrice: 41.666667,
      currentWeight: 25,
    });
    expect(row(shelf, '乙仓')).toMatchObject({ currentStock: 3, purchaseDecimal: 5, currentStockPrice: 15, currentWeight: 7.5 });
    expect(row(lamp, '甲仓')).toMatchObject({ currentStock: 4, purchaseDecimal: 6, currentStockPrice: 24, currentWeight: 0.5 });
    expect(rows).toHaveLength(3);
    // the header: 总库存 17, 总库存金额 80.666667 (it shows 80.67), 总重量 33; 流水 shows, no separate average-price view
    expect(r.data.data).toMatchObject({
      total: 3,
      currentStock: 17,
      currentStockPrice: 80.666667,
      currentWeight: 33,
      showStockPrice: true,
      moveAvgPriceFlag: false,
    });
    // one warehouse chosen
    expect((await stockReport(jsh, String(w.depotB))).data.data).toMatchObject({ total: 1, currentStock: 3, currentWeight: 7.5, currentStockPrice: 15 });
    // a price-masked role: no cost, no value, no 流水 link
    const hidden = await stockReport(jshClient(app, masked.token));
    expect(hidden.data.data).toMatchObject({ currentStock: 17, currentStockPrice: 0, currentWeight: 33, showStockPrice: false });
    expect(hidden.data.data.rows[0]).toMatchObject({ purchaseDecimal: null, currentStockPrice: null });
  });

  const distribution = (materialId: number | string, depotIds = '', client = jsh) =>
    client.getAction('/material/getMaterialDepotStock', {
      depotIds,
      materialId,
      field: 'depotName,currentNumber,unitPrice,allPrice',
      currentPage: 1,
      pageSize: 10,
    });

  it('MaterialDepotStockList.vue: the stock per warehouse with its cost and value, only the warehouses chosen', async () => {
    const all = await distribution(shelf);
    expect(all.data.code, JSON.stringify(all.data)).toBe(200);
    expect(all.data.data).toEqual({
      rows: [
        expect.objectContaining({ materialId: shelf, depotId: w.depotA, depotName: '甲仓', currentNumber: 10, unitPrice: 4.166667, allPrice: 41.666667 }),
        expect.objectContaining({ materialId: shelf, depotId: w.depotB, depotName: '乙仓', currentNumber: 3, unitPrice: 5, allPrice: 15 }),
      ],
      total: 2,
    });
    // the depot multi-select joined with a trailing comma
    expect((await distribution(shelf, `${w.depotB},`)).data.data.rows.map((x: { depotName: string }) => x.depotName)).toEqual(['乙仓']);
    expect((await distribution(shelf, `${w.depotA},${w.depotB}`)).data.data.total).toBe(2);
    // nothing on hand: no rows (a warehouse at zero is left out, as jshERP does)
    expect((await distribution(tissue)).data.data).toEqual({ rows: [], total: 0 });
    // the second page of one row per page still counts both
    const page2 = await jsh.getAction('/material/getMaterialDepotStock', { materialId: shelf, currentPage: 3, pageSize: 1 });
    expect(page2.data.data).toEqual({ rows: [], total: 2 });
    // one warehouse's user: only 甲仓, whatever is asked for
    expect((await distribution(shelf, '', jshClient(app, scoped.token))).data.data).toEqual({
      rows: [expect.objectContaining({ depotId: w.depotA, currentNumber: 10 })],
      total: 1,
    });
    expect((await distribution(shelf, String(w.depotB), jshClient(app, scoped.token))).data.data).toEqual({ rows: [], total: 0 });
    // a price-masked role sees the quantities only
    expect((await distribution(shelf, String(w.depotA), jshClient(app, masked.token))).data.data.rows).toEqual([
      expect.objectContaining({ currentNumber: 10, unitPrice: null, currentUnitPrice: null, allPrice: null }),
    ]);
    // another company's material shows nothing; a material id that is no number is refused
    const other = await newTenant(app, 'jsho');
    expect((await distribution(shelf, '', jshClient(app, other.token))).data.data).toEqual({ rows: [], total: 0 });
    expect((await distribution('abc')).data.code).toBe(400);
    expect((await jsh.getAction('/material/getMaterialDepotStock', { depotIds: 'x' })).data.code).toBe(400);
  });

  it('MaterialDepotStockListWithTime.vue (进销存统计’s 库存分布): the stock per warehouse; a past end date refused with where to look', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const withTime = (materialId: number | string, depotIds = '', endTime = today, client = jsh) =>
      client.getAction('/depotItem/getMaterialDepotStockByParam', {
        depotIds,
        materialId,
        unitPrice: '',
        beginTime: '2026-11-01',
        endTime,
        field: 'depotName,currentNumber,unitPrice,allPrice',
        currentPage: 1,
        pageSize: 10,
      });
    const r = await withTime(shelf);
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    expect(r.data.data).toEqual({
      rows: [
        expect.objectContaining({ depotId: w.depotA, depotName: '甲仓', currentNumber: 10, unitPrice: 4.166667, allPrice: 41.666667 }),
        expect.objectContaining({ depotId: w.depotB, depotName: '乙仓', currentNumber: 3, unitPrice: 5, allPrice: 15 }),
      ],
      total: 2,
    });
    expect((await withTime(shelf, `${w.depotB},`)).data.data.rows.map((x: { depotName: string }) => x.depotName)).toEqual(['乙仓']);
    // a period that ended before today: jshERP's refusal naming our report of closing stock
    const past = await withTime(shelf, '', '2026-01-31');
    expect(past.status).toBe(200);
    expect(past.data).toEqual({ code: 500, data: { message: expect.stringMatching(/出入库汇总/) } });
    // one warehouse's user sees 甲仓 only; another company sees nothing of this material
    expect((await withTime(shelf, '', today, jshClient(app, scoped.token))).data.data.rows.map((x: { depotId: number }) => x.depotId)).toEqual([w.depotA]);
    const other = await newTenant(app, 'jsht');
    expect((await withTime(shelf, '', today, jshClient(app, other.token))).data.data).toEqual({ rows: [], total: 0 });
    // no material, or not a number: our message in the envelope, never a 500
    for (const bad of ['abc', '', '-1']) {
      const b = await withTime(bad);
      expect(b.status, JSON.stringify(b.data)).toBe(400);
      expect(b.data.data.message).toEqual(expect.any(String));
    }
    expect((await withTime(shelf, 'x,y')).data.code).toBe(400);
  });

  it('getSerialMaterialBySelect (getMaterialEnableSerialNumberList): the materials with serial numbers, searched and paged, bare', async () => {
    const phone = await w.material('手机', 'PHONE1', { enableSerialNumber: true });
    await w.material('平板', 'PAD1', { enableSerialNumber: true });
    const pick = (params: Record<string, unknown>, client = jsh) => client.getAction('/material/getMaterialEnableSerialNumberList', params);
    const all = await pick({ q: '', page: 1, rows: 10 });
    expect(all.status, JSON.stringify(all.data)).toBe(200);
    expect(all.data.total).toBe(2);
    expect(all.data.rows.map((r: { name: string }) => r.name).sort()).toEqual(['平板', '手机']);
    const found = await pick({ q: 'PHONE', page: 1, rows: 10 });
    expect(found.data).toEqual({ rows: [expect.objectContaining({ id: phone, name: '手机', mBarCode: 'PHONE1' })], total: 1 });
    // one per page, the second page: the other one, the count unchanged
    const second = await pick({ page: 2, rows: 1 });
    expect(second.data.rows).toHaveLength(1);
    expect(second.data.total).toBe(2);
    // another company sees none of them; rows that are no number: our message in the envelope
    const other = await newTenant(app, 'jshn');
    expect((await pick({ q: '', page: 1, rows: 10 }, jshClient(app, other.token))).data).toEqual({ rows: [], total: 0 });
    const bad = await pick({ page: 1, rows: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.data.data.message).toEqual(expect.any(String));
  });

  // InOutStockReport.vue (进销存统计, our 出入库汇总): the documents above are dated 2026-11-21
  const period = { beginTime: '2026-11-01', endTime: '2026-11-30', materialParam: '', categoryId: '', mpList: '制造商,自定义1' };

  it('InOutStockReport.vue: opens from our 出入库汇总, rows with 成本价 at 6 decimals, the closing totals in its header', async () => {
    const menu = (await jsh.postAction('/function/findMenuByPNumber', { pNumber: 0, userId: '' })).data as Array<{ children?: unknown[] }>;
    const leaves = (nodes: Array<{ url?: string; component?: string; children?: unknown[] }>): Array<{ url?: string; component?: string }> =>
      nodes.flatMap((n) => (n.children?.length ? leaves(n.children as typeof nodes) : [n]));
    expect(leaves(menu).find((m) => m.url === '/report/in_out_summary')).toMatchObject({ component: '/report/InOutStockReport' });
    const rows = (await jsh.getAction('/depotItem/getInOutStock', { ...period, depotIds: '', currentPage: 1, pageSize: 11 })).data.data.rows as Array<
      Record<string, unknown>
    >;
    const shelfA = rows.find((r) => r.id === shelf && r.depotName === '甲仓');
    expect(shelfA).toMatchObject({ prevSum: 0, inSum: 12, outSum: 2, thisSum: 10, thisAllPrice: 41.666667, unitPrice: 4.166667 });
    expect(rows.find((r) => r.id === lamp)).toMatchObject({ thisSum: 4, thisAllPrice: 24, unitPrice: 6 });
    const totals = (depotIds = '', client = jsh) => client.getAction('/depotItem/getInOutStockCountMoney', { ...period, depotIds, monthTime: '' });
    expect((await totals()).data).toEqual({ code: 200, data: { totalStock: 17, totalCount: 80.666667, showStockPrice: true } });
    expect((await totals(String(w.depotB))).data.data).toEqual({ totalStock: 3, totalCount: 15, showStockPrice: true });
    // price masking: the quantity only (its header hides the amount)
    expect((await totals('', jshClient(app, masked.token))).data.data).toEqual({ totalStock: 17, totalCount: 0, showStockPrice: false });
    const hidden = (await jshClient(app, masked.token).getAction('/depotItem/getInOutStock', { ...period, currentPage: 1, pageSize: 11 })).data.data.rows;
    expect(hidden[0]).toMatchObject({ thisAllPrice: null, unitPrice: null });
  });

  it("AllocationDetail.vue and InDetail.vue / OutDetail.vue: rows and the header's totals it formats", async () => {
    // one shelf moved 甲仓 → 乙仓 at 甲仓's average cost 4.166667
    await saved(co.api, '出库', '调拨', [line('SHELF', 1, 0, w.depotA, { anotherDepotId: w.depotB })]);
    const moved = (depotIdF: number | string, depotId: number | string = '', client = jsh) =>
      client.getAction('/depotHead/findAllocationDetail', {
        ...period,
        number: '',
        depotIdF,
        depotId,
        organizationId: '',
        subType: '调拨',
        remark: '',
        currentPage: 1,
        pageSize: 11,
      });
    const a = await moved(w.depotA);
    expect(a.data.code, JSON.stringify(a.data)).toBe(200);
    expect(a.data.data).toMatchObject({ total: 1, operNumberTotal: 1, allPriceTotal: 4.166667 });
    expect(a.data.data.rows).toEqual([
      expect.objectContaining({ mname: '书架', mUnit: '个', operNumber: 1, unitPrice: 4.166667, allPrice: 4.166667, dname: '甲仓', sname: '乙仓' }),
    ]);
    // 调出 乙仓 or 调入 甲仓: nothing
    expect((await moved(w.depotB)).data.data).toMatchObject({ rows: [], total: 0, operNumberTotal: 0, allPriceTotal: 0 });
    expect((await moved('', w.depotA)).data.data).toMatchObject({ rows: [], total: 0 });
    expect((await moved('', w.depotB)).data.data.total).toBe(1);
    // 商品类别 (a category and those below it) and 部门 (the department of the user who made the transfer)
    const filtered = (extra: Record<string, unknown>) =>
      jsh.getAction('/depotHead/findAllocationDetail', {
        ...period,
        depotIdF: '',
        depotId: '',
        organizationId: '',
        categoryId: '',
        currentPage: 1,
        pageSize: 11,
        ...extra,
      });
    const parent = (await co.api.post('/materialCategory/add', { name: '家具' })).body.data.id as number;
    const child = (await co.api.post('/materialCategory/add', { name: '书柜', parentId: parent })).body.data.id as number;
    const other = (await co.api.post('/materialCategory/add', { name: '灯具' })).body.data.id as number;
    expect((await co.api.put('/material/update', { id: shelf, categoryId: child })).body.code).toBe(200);
    expect((await filtered({ categoryId: parent })).data.data.total).toBe(1);
    expect((await filtered({ categoryId: other })).data.data).toMatchObject({ rows: [], total: 0, operNumberTotal: 0 });
    // a department the administrator (who made the transfer) is not in: nothing
    const dept = (await co.api.post('/organization/add', { orgNo: 'CC01', name: '仓储部' })).body;
    expect(dept.code, JSON.stringify(dept)).toBe(200);
    expect((await filtered({ organizationId: dept.data.id })).data.data).toMatchObject({ rows: [], total: 0 });
    // 入库明细: 10 + 2 + 4 + 3 bought for 40 + 10 + 24 + 15; 出库明细: the 2 shelves sold, at their cost 8.333333
    const detail = (type: string) =>
      jsh.getAction('/depotHead/findInOutDetail', {
        ...period,
        organId: '',
        number: '',
        depotId: '',
        type,
        creator: '',
        organizationId: '',
        remark: '',
        currentPage: 1,
        pageSize: 11,
      });
    expect((await detail('入库')).data.data).toMatchObject({ total: 4, operNumberTotal: 19, allPriceTotal: 89 });
    expect((await detail('出库')).data.data).toMatchObject({ total: 1, operNumberTotal: 2, allPriceTotal: 8.333333 });
  });
});

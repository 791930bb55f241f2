import { beforeAll, describe, expect, it } from 'vitest';
import { jshClient } from './jsh-client.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, NOW, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { userWithRole } from '../../inventory/reports/__tests__/scenario.ts';

/**
 * Opening stock (初始库存) and stock in the big unit as jshERP's client sends and shows them (issue 23):
 * MaterialModal.vue's 仓库 tab (/depot/getAllListWithStock) and its save, MaterialList.vue's 初始库存/库存 tooltips
 * (bigUnitInitialStock, bigUnitStock), MaterialStock.vue's 初始库存 and InOutStockReport.vue's 结存 tooltip.
 *
 * 矿泉水 (瓶, 箱 = 12 瓶): opening 30 瓶 in 甲仓 (2.50箱), safety 5–60 in 乙仓; a purchase of 12 瓶 into 甲仓 →
 * 42 瓶 = 3.50箱. Opening changed to 18 in the client → 42 − 12 = 30 = 2.50箱. 杯子 has one unit: no big-unit text.
 */
describe("jshERP's opening stock and big-unit stock against our server", () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let co: Awaited<ReturnType<typeof newTenant>>;
  let w: Awaited<ReturnType<typeof world>>;
  let jsh: ReturnType<typeof jshClient>;
  let water: number;
  let cup: number;
  const today = new Date().toISOString().slice(0, 10);

  const depotsOf = async (mId: number) => {
    const r = await jsh.getAction('/depot/getAllListWithStock', { mId });
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    return Object.fromEntries((r.data.data as Array<{ id: number }>).map((d) => [d.id, d])) as Record<number, Record<string, unknown>>;
  };

  beforeAll(async () => {
    ({ app } = await testApp());
    co = await newTenant(app, 'jshu');
    w = await world(co.api);
    jsh = jshClient(app, co.token);
    const unit = await jsh.postAction('/unit/add', {
      basicUnit: '瓶',
      otherUnit: '箱',
      ratio: '12',
      otherUnitTwo: '',
      ratioTwo: '',
      otherUnitThree: '',
      ratioThree: '',
    });
    expect(unit.data.code, JSON.stringify(unit.data)).toBe(200);
    const unitId = ((await co.api.get('/unit/list?pageSize=100')).body.data.rows as Array<{ id: number; name: string }>).find(
      (u) => u.name === '瓶/(箱=12瓶)',
    )!.id;
    // MaterialModal.vue's 新增: the 仓库 tab comes from getAllListWithStock with mId 0, filled in and sent as `stock`
    const blank = await depotsOf(0);
    expect(blank[w.depotA]).toMatchObject({ name: expect.any(String), initStock: 0, currentStock: 0, lowSafeStock: null, highSafeStock: null });
    const add = await jsh.postAction('/material/add', {
      name: '矿泉水',
      unit: '',
      unitId: String(unitId),
      enabled: true,
      enableSerialNumber: '0',
      enableBatchNumber: '0',
      meList: [
        { id: 'a1', barCode: 'WATER', commodityUnit: '瓶', sku: '', purchaseDecimal: '1', commodityDecimal: '2', wholesaleDecimal: '', lowDecimal: '' },
        { id: 'a2', barCode: 'WATERBOX', commodityUnit: '箱', sku: '', purchaseDecimal: '12', commodityDecimal: '24', wholesaleDecimal: '', lowDecimal: '' },
      ],
      stock: Object.values(blank).map((d) => ({
        ...d,
        initStock: d.id === w.depotA ? '30' : d.initStock,
        lowSafeStock: d.id === w.depotB ? '5' : '',
        highSafeStock: d.id === w.depotB ? '60' : '',
      })),
      sortList: [],
    });
    expect(add.data.code, JSON.stringify(add.data)).toBe(200);
    water = add.data.data.id;
    cup = await w.material('杯子', 'CUP', {}, { purchaseDecimal: 3 });
    await saved(co.api, '入库', '采购', [line('WATER', 12, 1, w.depotA), line('CUP', 5, 3, w.depotA)], { organId: w.supplier });
  });

  it('MaterialModal.vue: the 仓库 tab shows the opening and safety stocks set, and the current stock', async () => {
    const depots = await depotsOf(water);
    expect(depots[w.depotA]).toMatchObject({ initStock: 30, currentStock: 42, lowSafeStock: null });
    expect(depots[w.depotB]).toMatchObject({ initStock: 0, currentStock: 0, lowSafeStock: 5, highSafeStock: 60 });
    // only the warehouses set were stored: no opening rows of 0 for the others
    const stored = (await co.api.get(`/material/info?id=${water}`)).body.data.stocks as Array<{ depotId: number }>;
    expect(stored.map((s) => s.depotId).sort()).toEqual([w.depotA, w.depotB].sort());
    // a disabled warehouse still holding the material's opening row stays on the tab, so saving keeps it
    expect((await co.api.post('/depot/batchSetStatus', { status: false, ids: String(w.depotB) })).body.code).toBe(200);
    expect(Object.keys(await depotsOf(water)).map(Number)).toContain(w.depotB);
    expect(Object.keys(await depotsOf(cup)).map(Number)).not.toContain(w.depotB);
    expect((await co.api.post('/depot/batchSetStatus', { status: true, ids: String(w.depotB) })).body.code).toBe(200);
  });

  it('MaterialList.vue: 初始库存 and 库存 with their big-unit tooltips', async () => {
    const r = await jsh.getAction('/material/list', {
      search: JSON.stringify({ categoryId: '', materialParam: '', standard: '', model: '', mpList: '' }),
      currentPage: 1,
      pageSize: 10,
    });
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    const byName = Object.fromEntries(r.data.data.rows.map((m: { name: string }) => [m.name, m]));
    expect(byName['矿泉水']).toMatchObject({ initialStock: 30, stock: 42, bigUnitInitialStock: '2.50箱', bigUnitStock: '3.50箱' });
    expect(byName['杯子']).toMatchObject({ initialStock: 0, stock: 5, bigUnitInitialStock: '', bigUnitStock: '' });
  });

  it('MaterialStock.vue and InOutStockReport.vue: 初始库存 per warehouse and stock in the big unit', async () => {
    const list = await jsh.getAction('/material/getListWithStock', {
      currentPage: 1,
      pageSize: 10,
      depotIds: '',
      categoryId: '',
      position: '',
      materialParam: '矿泉水',
      zeroStock: 0,
      mpList: '',
      column: 'createTime',
      order: 'desc',
    });
    expect(list.data.code, JSON.stringify(list.data)).toBe(200);
    expect(list.data.data.rows).toEqual([
      expect.objectContaining({ id: water, depotId: w.depotA, initialStock: 30, currentStock: 42, bigUnitStock: '3.50箱' }),
    ]);
    const stock = await jsh.getAction('/depotItem/getInOutStock', {
      currentPage: 1,
      pageSize: 10,
      depotIds: String(w.depotA),
      categoryId: '',
      beginTime: today,
      endTime: today,
      materialParam: '',
      mpList: '',
    });
    expect(stock.data.code, JSON.stringify(stock.data)).toBe(200);
    const rows = Object.fromEntries(stock.data.data.rows.map((r: { id: number }) => [r.id, r]));
    expect(rows[water]).toMatchObject({ thisSum: 42, bigUnitStock: '3.50箱' });
    expect(rows[cup]).toMatchObject({ thisSum: 5, bigUnitStock: '' });
  });

  it('MaterialModal.vue 编辑: a changed opening stock posts the difference to the ledger', async () => {
    const info = (await co.api.get(`/material/info?id=${water}`)).body.data as { unitId: number };
    const depots = await depotsOf(water);
    const r = await jsh.putAction('/material/update', {
      id: water,
      name: '矿泉水',
      unit: '',
      unitId: String(info.unitId),
      meList: (await jsh.getAction('/materialsExtend/getDetailList', { materialId: water })).data.data.rows,
      stock: Object.values(depots).map((d) => ({ ...d, initStock: d.id === w.depotA ? 18 : d.initStock })),
      sortList: [],
    });
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    expect(await depotsOf(water)).toMatchObject({ [w.depotA]: { initStock: 18, currentStock: 30 }, [w.depotB]: { initStock: 0, lowSafeStock: 5 } });
    const again = await jsh.getAction('/material/list', { search: JSON.stringify({ materialParam: 'WATER' }), currentPage: 1, pageSize: 10 });
    expect(again.data.data.rows).toEqual([
      expect.objectContaining({ id: water, initialStock: 18, stock: 30, bigUnitInitialStock: '1.50箱', bigUnitStock: '2.50箱' }),
    ]);
  });

  it('MaterialModal.vue: its 多单位 choices and, when editing, its 条码 tab', async () => {
    const units = await jsh.getAction('/unit/getAllList', { currentPage: 1, pageSize: 100 });
    expect(units.data.data).toEqual([expect.objectContaining({ id: expect.any(Number), name: '瓶/(箱=12瓶)', basicUnit: '瓶', otherUnit: '箱', ratio: 12 })]);
    const codes = await jsh.getAction('/materialsExtend/getDetailList', { materialId: water });
    expect(codes.data.data).toEqual({
      rows: [
        expect.objectContaining({ id: expect.any(Number), barCode: 'WATER', commodityUnit: '瓶', purchaseDecimal: 1, commodityDecimal: 2 }),
        expect.objectContaining({ id: expect.any(Number), barCode: 'WATERBOX', commodityUnit: '箱', purchaseDecimal: 12, commodityDecimal: 24 }),
      ],
      total: 2,
    });
    expect((await jsh.getAction('/materialsExtend/getDetailList', { materialId: 0 })).data.data).toEqual({ rows: [], total: 0 });
    // another company's material is not found through it
    const other = await newTenant(app, 'jshw');
    expect((await jshClient(app, other.token).getAction('/materialsExtend/getDetailList', { materialId: water })).data.code).not.toBe(200);
  });

  it('InMaterialCount.vue / OutMaterialCount.vue: what came in and went out per material, with the totals it formats', async () => {
    const count = (type: string) =>
      jsh.getAction('/depotHead/findInOutMaterialCount', {
        organId: '',
        materialParam: '',
        depotId: w.depotA,
        organizationId: '',
        // the documents are dated NOW (fixtures.ts)
        beginTime: NOW.slice(0, 10),
        endTime: today,
        type,
        currentPage: 1,
        pageSize: 10,
      });
    const inbound = await count('入库');
    expect(inbound.data.code, JSON.stringify(inbound.data)).toBe(200);
    const rows = Object.fromEntries(inbound.data.data.rows.map((r: { id: number }) => [r.id, r]));
    // the purchase (12 瓶 at 1, 5 杯 at 3), not the opening stock
    expect(rows[water]).toMatchObject({ barCode: 'WATER', mName: '矿泉水', numSum: 12, priceSum: 12 });
    expect(rows[cup]).toMatchObject({ mName: '杯子', materialUnit: '个', numSum: 5, priceSum: 15 });
    expect(inbound.data.data).toMatchObject({ numSumTotal: 17, priceSumTotal: 27 });
    await saved(co.api, '出库', '销售', [line('CUP', 2, 9, w.depotA)], { organId: w.customer });
    const outbound = await count('出库');
    expect(outbound.data.data).toMatchObject({ numSumTotal: 2, priceSumTotal: 6 });
  });

  it('answers only within the company and the user’s warehouses, and refuses bad input', async () => {
    // our routes read directly: another company's material has nothing set; a one-warehouse user sees only its opening and stock
    const other = await newTenant(app, 'jshv');
    const theirs = (await other.api.get(`/depot/getAllListWithStock?mId=${water}`)).body.data as Array<{ initStock: number; currentStock: number }>;
    expect(theirs.every((d) => d.initStock === 0 && d.currentStock === 0)).toBe(true);
    expect((await other.api.get(`/material/stockUnits?ids=${water}`)).body.data).toEqual([]);
    expect((await co.api.put('/systemConfig/update', { depotFlag: true })).body.code).toBe(200);
    const scoped = await userWithRole(app, co.api, { '/material/material': '' }, { depotIds: [w.depotB] });
    const units = (await scoped.api.get(`/material/stockUnits?ids=${water},${cup}`)).body.data;
    expect(units).toEqual([
      { materialId: water, unitId: expect.any(Number), bigUnit: '箱', ratio: 12, opening: [] },
      { materialId: cup, unitId: null, bigUnit: null, ratio: null, opening: [] },
    ]);
    const seen = (await scoped.api.get(`/depot/getAllListWithStock?mId=${water}`)).body.data as Array<{ id: number; currentStock: number | null }>;
    expect(seen.find((d) => d.id === w.depotA)?.currentStock).toBeNull();
    for (const q of ['mId=-1', 'mId=x', '']) expect((await co.api.get(`/depot/getAllListWithStock?${q}`)).body.code, q).toBe(400);
    for (const q of ['ids=', 'ids=a', 'ids=1,,2']) expect((await co.api.get(`/material/stockUnits?${q}`)).body.code, q).toBe(400);
  });
});

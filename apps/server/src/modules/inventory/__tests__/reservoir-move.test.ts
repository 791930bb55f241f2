import { describe, expect, it } from 'vitest';
import { ENGINE, newTenant, testApp, uniqueName, type Client } from '../../../test-support/harness.ts';
import { rebuildSummaries } from '../stock/stock-summary.ts';
import { assertLedgerInvariants, line, save, saved, stock, world } from './fixtures.ts';

type AreaRow = { areaId: number | null; areaName: string; materialName: string; qty: number; capacity: number | null; firstIn: string | null };

/** Moves between reservoir areas of one warehouse (移库), area capacity, the report per material, the rebuild (issue 24). */
describe('moves between reservoir areas', async () => {
  const { app, db } = await testApp();

  async function setup(prefix: string) {
    const t = await newTenant(app, prefix);
    const w = await world(t.api);
    const area = async (name: string, depotId: number, sort: string, capacity?: number) => {
      const r = await t.api.post('/reservoirArea/add', { name, depotId, type: 'area', code: uniqueName('A'), sort, capacity });
      expect(r.body.code, r.text).toBe(200);
      return r.body.data.id as number;
    };
    expect((await t.api.put('/systemConfig/update', { reservoirAreaFlag: true })).body.code).toBe(200);
    return { t, w, area };
  }
  const byArea = async (api: Client, query = '') =>
    (await api.get(`/report/reservoirAreaStock?currentPage=1&pageSize=100${query}`)).body.data as { rows: AreaRow[]; total: number };
  const held = async (api: Client, query = '') => (await byArea(api, query)).rows.map((r) => [r.areaName, r.materialName, r.qty]);
  const move = (api: Client, depotId: number, rows: object[]) => api.post('/reservoirArea/move', { depotId, rows });
  const moveCount = (tenantId: number) =>
    db.system(async (tx) => Number((await tx.one<{ n: string }>('select count(*) as n from stock_area_transfer where tenant_id = $1', [tenantId]))!.n));

  it('moves between areas and 未指定库区, changing area balances only, and refuses bad moves writing nothing', async () => {
    const { t, w, area } = await setup('rmv');
    const m = await w.material('螺丝', 'MV-1');
    const n = await w.material('螺母', 'MV-2');
    const a1 = await area('A1', w.depotA, '1');
    const b2 = await area('B2', w.depotA, '2');
    const other = await area('C1', w.depotB, '1');
    await saved(t.api, '入库', '采购', [line('MV-1', 10, 2, w.depotA, { reservoirAreaId: a1 }), line('MV-1', 3, 2, w.depotA), line('MV-2', 5, 1, w.depotA)], {
      organId: w.supplier,
    });
    const before = await stock(db, t.tenantId, m, w.depotA);
    const r = await move(t.api, w.depotA, [
      { materialId: m, fromAreaId: a1, toAreaId: b2, qty: 4 },
      { materialId: m, fromAreaId: null, toAreaId: a1, qty: '2' },
      { materialId: n, fromAreaId: null, toAreaId: b2, qty: 5 },
    ]);
    expect(r.body.code, r.text).toBe(200);
    expect(await held(t.api, `&depotId=${w.depotA}`)).toEqual([
      ['A1', '螺丝', 8],
      ['B2', '螺丝', 4],
      ['B2', '螺母', 5],
      ['未指定库区', '螺丝', 1],
    ]);
    // back to 未指定库区
    expect((await move(t.api, w.depotA, [{ materialId: m, fromAreaId: b2, toAreaId: null, qty: 1 }])).body.code).toBe(200);
    expect(await held(t.api, `&materialId=${m}`)).toEqual([
      ['A1', '螺丝', 8],
      ['B2', '螺丝', 3],
      ['未指定库区', '螺丝', 2],
    ]);
    // warehouse stock and cost unchanged, no ledger rows
    expect(await stock(db, t.tenantId, m, w.depotA)).toEqual(before);
    await assertLedgerInvariants(db, t.tenantId);

    const refused = async (rows: object[], message: string, depotId = w.depotA, api = t.api) => {
      const count = await moveCount(t.tenantId);
      const x = await move(api, depotId, rows);
      expect(x.body.data.message, x.text).toBe(message);
      expect(await moveCount(t.tenantId)).toBe(count);
    };
    // the second row is short: the first is not applied either
    await refused(
      [
        { materialId: n, fromAreaId: b2, toAreaId: a1, qty: 1 },
        { materialId: m, fromAreaId: a1, toAreaId: b2, qty: 9 },
      ],
      '第2行：库区“A1”库存不足：商品“螺丝”当前库存 8，需要 9',
    );
    await refused([{ materialId: m, fromAreaId: null, toAreaId: b2, qty: 3 }], '第1行：未指定库区库存不足：商品“螺丝”当前库存 2，需要 3');
    await refused([{ materialId: m, fromAreaId: a1, toAreaId: a1, qty: 1 }], '第1行：移出库区和移入库区不能相同');
    await refused([{ materialId: m, fromAreaId: null, toAreaId: null, qty: 1 }], '第1行：移出库区和移入库区不能相同');
    await refused([{ materialId: m, fromAreaId: a1, toAreaId: other, qty: 1 }], '第1行：库区不属于所选仓库');
    const stranger = await setup('rmx');
    const theirs = await stranger.area('Z1', stranger.w.depotA, '1');
    await refused([{ materialId: m, fromAreaId: a1, toAreaId: theirs, qty: 1 }], '第1行：库区不存在或已禁用');
    // another company cannot move out of my areas, nor name my warehouse
    const x = await move(stranger.t.api, stranger.w.depotA, [{ materialId: m, fromAreaId: a1, toAreaId: theirs, qty: 1 }]);
    expect(x.body.code).not.toBe(200);
    expect((await move(stranger.t.api, w.depotA, [{ materialId: m, fromAreaId: null, toAreaId: theirs, qty: 1 }])).body.data.message).toBe(
      '仓库不存在或已禁用',
    );
    // bad input: the envelope, never a 500
    for (const bad of [{ qty: 0 }, { qty: -1 }, { qty: '1.2345' }, { qty: 'x' }]) {
      const y = await move(t.api, w.depotA, [{ materialId: m, fromAreaId: a1, toAreaId: b2, ...bad }]);
      expect(y.body.code, JSON.stringify(bad)).toBe(400);
    }
    expect((await move(t.api, w.depotA, [])).body.code).toBe(400);
    expect(await held(t.api, `&depotId=${w.depotA}`)).toEqual([
      ['A1', '螺丝', 8],
      ['B2', '螺丝', 3],
      ['B2', '螺母', 5],
      ['未指定库区', '螺丝', 2],
    ]);
    // switched off: no moves
    expect((await t.api.put('/systemConfig/update', { reservoirAreaFlag: false })).body.code).toBe(200);
    await refused([{ materialId: m, fromAreaId: a1, toAreaId: b2, qty: 1 }], '未启用库区管理，不能指定库区');
  });

  it('refuses a receipt or a move into an area over its capacity, and shows the capacity', async () => {
    const { t, w, area } = await setup('rcp');
    await w.material('托盘', 'CP-1');
    const m2 = await w.material('纸箱', 'CP-2');
    const small = await area('S1', w.depotA, '1', 10);
    const big = await area('B1', w.depotA, '2');
    await saved(t.api, '入库', '采购', [line('CP-1', 6, 2, w.depotA, { reservoirAreaId: small }), line('CP-2', 20, 1, w.depotA, { reservoirAreaId: big })], {
      organId: w.supplier,
    });
    // capacity counts every material: 6 + 5 > 10
    const r = await save(t.api, '入库', '采购', [line('CP-1', 1, 2, w.depotA), line('CP-2', 5, 1, w.depotA, { reservoirAreaId: small })], {
      organId: w.supplier,
    });
    expect(r.body.data.message).toBe('第2行：库区“S1”容量不足：容量 10，已存 6，放入 5');
    const mv = await move(t.api, w.depotA, [{ materialId: m2, fromAreaId: big, toAreaId: small, qty: 5 }]);
    expect(mv.body.data.message).toBe('第1行：库区“S1”容量不足：容量 10，已存 6，放入 5');
    expect((await move(t.api, w.depotA, [{ materialId: m2, fromAreaId: big, toAreaId: small, qty: 4 }])).body.code).toBe(200);
    const rows = (await byArea(t.api, `&areaId=${small}`)).rows;
    expect(rows.map((x) => [x.materialName, x.qty, x.capacity])).toEqual([
      ['托盘', 6, 10],
      ['纸箱', 4, 10],
    ]);
    expect((await byArea(t.api, `&areaId=${big}`)).rows[0].capacity).toBeNull();
  });

  it('rebuilds the area balances from the moves equal to what posting kept', async () => {
    const { t, w, area } = await setup('rrb');
    const m = await w.material('垫片', 'RB-1');
    await w.material('弹簧', 'RB-2');
    const a1 = await area('A1', w.depotA, '1');
    const b2 = await area('B2', w.depotA, '2');
    await saved(t.api, '入库', '采购', [line('RB-1', 10, 2, w.depotA, { reservoirAreaId: a1 })], { organId: w.supplier, operTime: '2026-10-01 09:00:00' });
    await saved(t.api, '入库', '采购', [line('RB-1', 6, 2, w.depotA, { reservoirAreaId: b2 }), line('RB-2', 4, 2, w.depotA)], {
      organId: w.supplier,
      operTime: '2026-10-05 09:00:00',
    });
    // A1 emptied by a sale then refilled by a move: its first_in is the move's day
    await saved(t.api, '出库', '销售', [line('RB-1', 10, 3, w.depotA, { reservoirAreaId: a1 })], { organId: w.customer });
    expect((await move(t.api, w.depotA, [{ materialId: m, fromAreaId: b2, toAreaId: a1, qty: 2 }])).body.code).toBe(200);
    const other = await saved(t.api, '出库', '其它', [line('RB-2', 1, 0, w.depotA)], { organId: w.customer });
    expect((await t.api.delete(`/depotHead/delete?id=${other.id}`)).body.code).toBe(200);
    const snapshot = () =>
      db.system((tx) =>
        tx.query(
          `select material_id, depot_id, area_id, batch_number, qty::text, to_char(first_in, 'YYYY-MM-DD') as first_in from stock_area_balance
            where tenant_id = $1 and qty <> 0 order by 1, 2, 3, 4`,
          [t.tenantId],
        ),
      );
    const kept = await snapshot();
    expect(kept.length).toBe(2);
    await db.system((tx) => rebuildSummaries(tx, t.tenantId));
    expect(await snapshot()).toEqual(kept);
    expect(await held(t.api, `&materialId=${m}`)).toEqual([
      ['A1', '垫片', 2],
      ['B2', '垫片', 4],
    ]);
  });

  describe.skipIf(ENGINE !== 'postgres')('concurrency (PostgreSQL)', () => {
    it('lets two moves of 4 race out of an area of 5: exactly one succeeds', async () => {
      const { t, w, area } = await setup('rmc');
      const m = await w.material('热销件', 'MC-1');
      const a1 = await area('A1', w.depotA, '1');
      const b2 = await area('B2', w.depotA, '2');
      const c3 = await area('C3', w.depotA, '3');
      await saved(t.api, '入库', '其它', [line('MC-1', 5, 2, w.depotA, { reservoirAreaId: a1 })], { organId: w.supplier });
      const results = await Promise.all([
        move(t.api, w.depotA, [{ materialId: m, fromAreaId: a1, toAreaId: b2, qty: 4 }]),
        move(t.api, w.depotA, [{ materialId: m, fromAreaId: a1, toAreaId: c3, qty: 4 }]),
      ]);
      expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
      const lost = results.find((r) => r.body.code !== 200)!;
      expect(lost.body.data.message).toBe('第1行：库区“A1”库存不足：商品“热销件”当前库存 1，需要 4');
      expect((await byArea(t.api)).rows.reduce((s, r) => s + r.qty, 0)).toBe(5);
      expect((await byArea(t.api, `&areaId=${a1}`)).rows[0].qty).toBe(1);
      expect(await moveCount(t.tenantId)).toBe(1);
    });
  });
});

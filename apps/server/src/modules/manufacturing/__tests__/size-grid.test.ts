import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, bomOf, material } from './mfg-fixtures.ts';

interface Grid {
  key: string;
  name: string;
  colours: string[];
  sizes: string[];
  variants: Array<{ materialId: number; colour: string; size: string }>;
  cells: Array<{ materialId: number; colour: string; size: string; quantity: string }>;
  byColour: Record<string, string>;
  bySize: Record<string, string>;
  total: string;
}

// a style: materials of one name and model, colour (颜色) and size (规格); 黑色 has no 37
const VARIANTS: Array<[string, string]> = [
  ['红色', '38'],
  ['红色', '37'],
  ['红色', '39'],
  ['黑色', '38'],
  ['黑色', '39'],
];

describe('尺码横排: make orders typed by colour × size', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'mfgsz');
  const api = t.api;
  const stamp = `${Date.now().toString().slice(-7)}${Math.floor(Math.random() * 1000)}`;
  const shoes: Record<string, number> = {};
  for (const [i, [color, standard]] of VARIANTS.entries()) {
    const r = await api.post('/material/add', {
      name: '跑鞋',
      model: 'R1',
      color,
      standard,
      unit: '双',
      barCodes: [{ barCode: `SZ${stamp}${i}`, commodityUnit: '双' }],
    });
    expect(r.body.code, r.text).toBe(200);
    shoes[`${color}${standard}`] = r.body.data.id as number;
  }
  const sole = await material(api, '鞋底');
  const centre = await add(api, 'workCentre', { name: '成型', kind: 'centre', capacity: 1 });
  const proc = await add(api, 'process', { name: '成型工序', workCentreId: centre });
  const route = await add(api, 'route', {
    name: '跑鞋路线',
    operations: [{ seq: 10, processId: proc, workCentreId: centre, setupMinutes: '0', runMinutes: '1' }],
  });
  for (const id of Object.values(shoes)) await add(api, 'bom', bomOf(id, [{ materialId: sole, qty: '2' }], { routeId: route }));
  const box = await material(api, '鞋盒');
  await add(api, 'bom', bomOf(box, [{ materialId: sole, qty: '1' }], { routeId: route }));
  const today = new Date().toISOString().slice(0, 10);
  const mo = await add(api, 'makeOrder', {
    orderType: 'stock',
    orderDate: today,
    lines: [
      { lineType: 'product', materialId: shoes['红色38'], quantity: '1' },
      { lineType: 'product', materialId: box, quantity: '5' },
    ],
  });
  const grids = async (): Promise<{ status: string; grids: Grid[] }> => {
    const r = await api.get(`/makeOrder/sizes?id=${mo}`);
    expect(r.body.code, r.text).toBe(200);
    return r.body.data;
  };
  const save = (cells: object[], materialId = shoes['红色38']) => api.post('/makeOrder/saveSizes', { id: mo, materialId, cells });

  it('shows one grid per style among the lines: its colours, sizes in order, the lines as cells', async () => {
    const g = await grids();
    expect(g.status).toBe('draft');
    expect(g.grids).toHaveLength(1);
    expect(g.grids[0]).toMatchObject({ name: '跑鞋 R1', colours: ['红色', '黑色'], sizes: ['37', '38', '39'], total: '1' });
    expect(g.grids[0]!.variants).toHaveLength(5);
    expect(g.grids[0]!.cells).toEqual([{ materialId: shoes['红色38'], colour: '红色', size: '38', quantity: '1' }]);
  });

  it('saves the cells as the variants’ lines, with totals per colour and size; other lines untouched', async () => {
    const r = await save([
      { colour: '红色', size: '37', quantity: '10' },
      { colour: '红色', size: '38', quantity: 20 },
      { colour: '黑色', size: '38', quantity: '5.5' },
      { colour: '黑色', size: '39', quantity: '0' },
    ]);
    expect(r.body.code, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ byColour: { 红色: '30', 黑色: '5.5' }, bySize: { '37': '10', '38': '25.5' }, total: '35.5' });
    const info = (await api.get(`/makeOrder/info?id=${mo}`)).body.data;
    const qty = Object.fromEntries(info.lines.map((l: { materialId: number; quantity: string }) => [l.materialId, String(l.quantity)]));
    expect(qty).toEqual({ [shoes['红色37']!]: '10', [shoes['红色38']!]: '20', [shoes['黑色38']!]: '5.5', [box]: '5' });
    // typing again replaces the style's lines: 红色 37 emptied is removed, the rest changed or added
    const again = await save([
      { colour: '红色', size: '38', quantity: '8' },
      { colour: '黑色', size: '39', quantity: '4' },
    ]);
    expect(again.body.code, again.text).toBe(200);
    const g = (await grids()).grids[0]!;
    expect(g.cells.map((c) => `${c.colour}${c.size}=${c.quantity}`).sort()).toEqual(['红色38=8', '黑色39=4']);
    expect(g.total).toBe('12');
  });

  it('refuses a negative quantity, a colour or size the style lacks, a duplicate, a plain product — nothing written', async () => {
    const refused = async (cells: object[], message: string, materialId?: number) => {
      const r = await save(cells, materialId);
      expect(r.body.code, r.text).not.toBe(200);
      expect(r.body.data.message).toBe(message);
    };
    await refused(
      [
        { colour: '红色', size: '38', quantity: '3' },
        { colour: '红色', size: '37', quantity: '-1' },
      ],
      '颜色 红色 尺码 37 的数量不能为负数',
    );
    await refused([{ colour: '白色', size: '38', quantity: '3' }], '跑鞋 R1 没有颜色 白色 尺码 38');
    await refused([{ colour: '黑色', size: '37', quantity: '3' }], '跑鞋 R1 没有颜色 黑色 尺码 37');
    await refused(
      [
        { colour: '红色', size: '38', quantity: '1' },
        { colour: '红色', size: '38', quantity: '2' },
      ],
      '颜色 红色 尺码 38 重复',
    );
    await refused([{ colour: '红色', size: '38', quantity: '0' }], '尺码数量合计必须大于0');
    await refused([{ colour: '红色', size: '38', quantity: '1' }], '该物料没有颜色和尺码（规格），不能按尺码录入', box);
    const bad = await save([{ colour: '红色', size: '38', quantity: 'abc' }]);
    expect(bad.body.code).toBe(400);
    expect((await grids()).grids[0]!.total).toBe('12');
  });

  it('a production task and an MRP proposal show their style’s grid; released orders refuse the grid', async () => {
    const rel = await api.post('/makeOrder/release', { id: mo, from: '2026-12-01 08:00:00' });
    expect(rel.body.code, rel.text).toBe(200);
    const saved = await save([{ colour: '红色', size: '38', quantity: '1' }]);
    expect(saved.body.data.message).toMatch(/已下达，不能修改/);
    const gen = await api.post('/productionTask/generate', { from: '2026-12-01', to: '2026-12-01' });
    expect(gen.body.code, gen.text).toBe(200);
    const tasks = (await api.get('/productionTask/list?currentPage=1&pageSize=50')).body.data.rows as Array<{ id: number; materialId: number }>;
    const task = tasks.find((x) => x.materialId === shoes['红色38'])!;
    const ts = await api.get(`/productionTask/sizes?id=${task.id}`);
    expect(ts.body.code, ts.text).toBe(200);
    // 12 pairs at a minute each fit the first day: both variants' tasks are in the grid
    expect(ts.body.data.grid).toMatchObject({ name: '跑鞋 R1', byColour: { 红色: '8', 黑色: '4' }, total: '12' });
    // MRP: safety stocks of two variants → two planned make orders on the plan date, one grid
    for (const [key, safety] of [
      ['红色37', '6'],
      ['黑色38', '9'],
    ] as const) {
      const plan = await api.post('/itemPlan/add', { materialId: shoes[key], source: 'make', leadDays: 0, safetyStock: safety });
      expect(plan.body.code, plan.text).toBe(200);
    }
    expect((await api.post('/mrp/run', { planDate: '2026-11-30', wait: true })).body.code).toBe(200);
    const props = (await api.get('/mrp/proposals?kind=make')).body.data.rows as Array<{ id: number; materialId: number }>;
    const p = props.find((x) => x.materialId === shoes['红色37'])!;
    const ps = await api.get(`/mrp/proposalSizes?id=${p.id}`);
    expect(ps.body.code, ps.text).toBe(200);
    expect(ps.body.data.grid).toMatchObject({ byColour: { 红色: '6', 黑色: '9' }, bySize: { '37': '6', '38': '9' }, total: '15' });
    // another company sees none of it
    const other = await newTenant(app, 'mfgszx');
    expect((await other.api.get(`/makeOrder/sizes?id=${mo}`)).body.code).toBe(404);
    expect((await other.api.get(`/mrp/proposalSizes?id=${p.id}`)).body.code).toBe(404);
    expect((await other.api.get(`/productionTask/sizes?id=${task.id}`)).body.code).toBe(404);
  });
});

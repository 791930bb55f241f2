import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, barCodeOf, bomOf, document, material } from './mfg-fixtures.ts';

type Row = { kind: string; materialName: string; qty: string; netQty: string; dueDate: string; startDate: string; llc: number };

describe('MRP: substitutes cover a shortage from their free stock before the component is proposed', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'mrpsub');
  const api = t.api;
  const depotId = await add(api, 'depot', { name: '总仓' });
  const customer = await add(api, 'supplier', { name: '柜子客户', type: '客户' });
  const cabinet = await material(api, '柜子');
  const drawer = await material(api, '抽屉');
  const handle = await material(api, '拉手');
  const panel = await material(api, '面板', { stock: { depotId, qty: 4 } });
  const panelB = await material(api, '面板B', { stock: { depotId, qty: 6 } });
  const panelC = await material(api, '面板C', { stock: { depotId, qty: 10 } });
  const panelD = await material(api, '面板D', { stock: { depotId, qty: 100 } });
  // the cabinet's panels may be B (the line's own substitute), then C (priority 2), then D (priority 5);
  // the drawer's panels have no substitute; D is itself a component of the handle, two levels down
  const cabinetBom = bomOf(cabinet, [{ materialId: panel, qty: '2', substituteId: panelB } as never], {
    substitutes: [
      { materialId: panel, substituteId: panelD, priority: 5 },
      { materialId: panel, substituteId: panelC, priority: 2 },
    ],
  });
  await add(api, 'bom', cabinetBom);
  await add(
    api,
    'bom',
    bomOf(drawer, [
      { materialId: panel, qty: '1' },
      { materialId: handle, qty: '1' },
    ]),
  );
  await add(api, 'bom', bomOf(handle, [{ materialId: panelD, qty: '1' }]));
  await add(api, 'itemPlan', { materialId: cabinet, source: 'make', leadDays: 1 });
  await add(api, 'itemPlan', { materialId: drawer, source: 'make', leadDays: 1 });
  await add(api, 'itemPlan', { materialId: handle, source: 'make', leadDays: 1 });
  await add(api, 'itemPlan', { materialId: panel, source: 'buy', leadDays: 2 });
  await add(api, 'itemPlan', { materialId: panelC, source: 'buy', leadDays: 2, safetyStock: '3' });
  await add(api, 'workCalendar', { name: '公司日历', isDefault: true, workdays: '1,2,3,4,5', shift1Start: '08:00', shift1End: '17:00' });
  const so = async (id: number, qty: number) =>
    document(api, '销售订单', [{ barCode: await barCodeOf(api, id), operNumber: qty, unitPrice: 100, depotId }], {
      organId: customer,
      deliveryDate: '2026-12-10',
      status: '1',
    });
  await so(cabinet, 10);
  await so(drawer, 5);
  await so(panelB, 2);

  it('draws B then C by priority, leaves D (not all its demand known yet), proposes only the rest of the panels', async () => {
    const r = await api.post('/mrp/run', { planDate: '2026-11-30', wait: true });
    expect(r.body.code, r.text).toBe(200);
    const rows = (await api.get('/mrp/proposals')).body.data.rows as Row[];
    expect(rows.map((p) => [p.llc, p.kind, p.materialName, p.qty, p.netQty, p.dueDate, p.startDate])).toEqual([
      // 10 cabinets and 5 drawers due Thursday 12-10, one working day earlier: Wednesday 12-09
      [0, 'make', '抽屉', '5', '5', '2026-12-10', '2026-12-09'],
      [0, 'make', '柜子', '10', '10', '2026-12-10', '2026-12-09'],
      // handles: 5 for the drawers, started one working day before Wednesday
      [1, 'make', '拉手', '5', '5', '2026-12-09', '2026-12-08'],
      // panels: 20 for the cabinets + 5 for the drawers − 4 in stock = 21 short on 12-09. Only the cabinets' 20 may
      // be substituted: B's free stock 6 − 2 sold = 4, then C's 10 − 3 safety = 7; D (priority 5) has 100 but is
      // itself a component two levels down, so not drawn yet. 21 − 4 − 7 = 10 bought, two working days earlier: Monday
      [1, 'buy', '面板', '10', '10', '2026-12-09', '2026-12-07'],
    ]);
    const uses = (await api.get('/mrp/substitutions')).body.data as Array<Record<string, unknown>>;
    expect(uses.map((u) => [u.llc, u.materialName, u.substituteName, u.needDate, u.qty])).toEqual([
      [1, '面板', '面板B', '2026-12-09', '4'],
      [1, '面板', '面板C', '2026-12-09', '7'],
    ]);
    // what is free is drawn, nothing more: no substitute is proposed
    expect(rows.filter((p) => p.materialName.startsWith('面板') && p.materialName !== '面板')).toEqual([]);
  });

  it('lets a later level draw only what earlier levels left, and a new run starts from nothing', async () => {
    // 100 of D sold, and the handle's BOM now lets B, then C, stand in for D
    await so(panelD, 100);
    const handleBom = (await api.get(`/bom/list?search=${encodeURIComponent(JSON.stringify({ materialId: handle }))}`)).body.data.rows[0];
    const upd = await api.put('/bom/update', {
      ...bomOf(handle, [{ materialId: panelD, qty: '1', substituteId: panelB } as never]),
      id: handleBom.id,
      substitutes: [{ materialId: panelD, substituteId: panelC, priority: 1 }],
    });
    expect(upd.body.code, upd.text).toBe(200);
    const r = await api.post('/mrp/run', { planDate: '2026-11-30', wait: true });
    expect(r.body.code, r.text).toBe(200);
    // D at level 2: 5 for the handles + 100 sold − 100 in stock = 5 short on Tuesday 12-08 (the handles' start);
    // B and C gave all their free stock to the panels at level 1, so D is proposed in full
    const rows = (await api.get('/mrp/proposals')).body.data.rows as Row[];
    expect(rows.filter((p) => p.materialName === '面板D').map((p) => [p.llc, p.qty, p.dueDate])).toEqual([[2, '5', '2026-12-08']]);
    const uses = (await api.get('/mrp/substitutions')).body.data as Array<Record<string, unknown>>;
    expect(uses.map((u) => [u.materialName, u.substituteName, u.qty])).toEqual([
      ['面板', '面板B', '4'],
      ['面板', '面板C', '7'],
    ]);
  });

  it('refuses a substitute of a component the BOM does not have, or of itself, and writes nothing', async () => {
    const bad = await api.post('/bom/add', {
      ...bomOf(drawer, [{ materialId: panel, qty: '1' }], { version: 'V9' }),
      substitutes: [{ materialId: handle, substituteId: panelB, priority: 1 }],
    });
    expect(bad.body.data?.message, bad.text).toBe('替代料第1行的子件不在本BOM的子件中');
    const self = await api.post('/bom/add', {
      ...bomOf(drawer, [{ materialId: panel, qty: '1' }], { version: 'V9' }),
      substitutes: [{ materialId: panel, substituteId: panel, priority: 1 }],
    });
    expect(self.body.data?.message, self.text).toBe('替代料第1行替代料不能是子件本身');
    const zero = await api.post('/bom/add', {
      ...bomOf(drawer, [{ materialId: panel, qty: '1' }], { version: 'V9' }),
      substitutes: [{ materialId: panel, substituteId: panelB, priority: 0 }],
    });
    expect(zero.status).toBe(400);
    const v9 = (await api.get(`/bom/list?search=${encodeURIComponent(JSON.stringify({ materialId: drawer }))}`)).body.data.rows.filter(
      (b: { version: string }) => b.version === 'V9',
    );
    expect(v9).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, barCodeOf, bomOf, document, material } from './mfg-fixtures.ts';

type Row = { kind: string; materialName: string; qty: string; netQty: string; dueDate: string; startDate: string; llc: number };

/**
 * Substitutes under a phantom: the desk's leg kit is a phantom (flattened into the desk), and the kit's BOM lets
 * 桌腿B (the line's own substitute) and then 桌腿C (priority 2) stand in for its legs. Hand-computed:
 * 5 desks due Thursday 12-10, made in one working day → start Wednesday 12-09; legs 5 × 1 kit × 4 = 20 needed 12-09;
 * B's 6 in stock, then C's 5 cover 11; 9 legs bought, two working days earlier: Monday 12-07. The kit itself is never planned.
 */
describe('MRP: the substitutes of a phantom’s components are drawn on', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'mrpph');
  const api = t.api;
  const depotId = await add(api, 'depot', { name: '总仓' });
  const customer = await add(api, 'supplier', { name: '书桌客户', type: '客户' });
  const desk = await material(api, '书桌');
  const kit = await material(api, '桌腿组件');
  const top = await material(api, '桌面', { stock: { depotId, qty: 100 } });
  const leg = await material(api, '桌腿');
  const legB = await material(api, '桌腿B', { stock: { depotId, qty: 6 } });
  const legC = await material(api, '桌腿C', { stock: { depotId, qty: 5 } });
  await add(
    api,
    'bom',
    bomOf(desk, [
      { materialId: kit, qty: '1', phantom: true },
      { materialId: top, qty: '1' },
    ]),
  );
  await add(
    api,
    'bom',
    bomOf(kit, [{ materialId: leg, qty: '4', substituteId: legB } as never], { substitutes: [{ materialId: leg, substituteId: legC, priority: 2 }] }),
  );
  await add(api, 'itemPlan', { materialId: desk, source: 'make', leadDays: 1 });
  await add(api, 'itemPlan', { materialId: leg, source: 'buy', leadDays: 2 });
  await add(api, 'workCalendar', { name: '公司日历', isDefault: true, workdays: '1,2,3,4,5', shift1Start: '08:00', shift1End: '17:00' });
  await document(api, '销售订单', [{ barCode: await barCodeOf(api, desk), operNumber: 5, unitPrice: 300, depotId }], {
    organId: customer,
    deliveryDate: '2026-12-10',
    status: '1',
  });

  it('covers the legs from B then C, proposes the rest, and never plans the kit', async () => {
    const r = await api.post('/mrp/run', { planDate: '2026-11-30', wait: true });
    expect(r.body.code, r.text).toBe(200);
    const rows = (await api.get('/mrp/proposals')).body.data.rows as Row[];
    expect(rows.map((p) => [p.llc, p.kind, p.materialName, p.qty, p.dueDate, p.startDate])).toEqual([
      [0, 'make', '书桌', '5', '2026-12-10', '2026-12-09'],
      [1, 'buy', '桌腿', '9', '2026-12-09', '2026-12-07'],
    ]);
    const uses = (await api.get('/mrp/substitutions')).body.data as Array<Record<string, unknown>>;
    expect(uses.map((u) => [u.materialName, u.substituteName, u.needDate, u.qty])).toEqual([
      ['桌腿', '桌腿B', '2026-12-09', '6'],
      ['桌腿', '桌腿C', '2026-12-09', '5'],
    ]);
  });
});

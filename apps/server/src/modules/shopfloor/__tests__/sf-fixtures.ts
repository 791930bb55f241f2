import type { Client } from '../../../test-support/harness.ts';
import { add, bomOf, material } from '../../manufacturing/__tests__/mfg-fixtures.ts';

/**
 * A two-operation job (cut → assemble) of `qty` chairs, released: its work orders in sequence (`inspectCut`: the cut needs in-process
 * inspection; `releasedAt`: released in the past, 补录).
 */
export async function twoOperationJob(api: Client, qty: string, opts: { inspectCut?: boolean; releasedAt?: string } = {}) {
  const depotId = await add(api, 'depot', { name: `车间仓${Date.now()}` });
  const chair = await material(api, '椅子');
  const seat = await material(api, '椅面', { price: '50', stock: { depotId, qty: 100 } });
  const leg = await material(api, '椅腿', { price: '10', stock: { depotId, qty: 400 } });
  const cut = await add(api, 'workCentre', { name: `下料${Date.now()}`, code: `C${Date.now()}`, kind: 'centre', capacity: 1, costPerHour: '60' });
  const asm = await add(api, 'workCentre', { name: `装配${Date.now()}`, code: `A${Date.now()}`, kind: 'centre', capacity: 1, costPerHour: '30' });
  const pCut = await add(api, 'process', { name: `下料工序${Date.now()}`, workCentreId: cut });
  const pAsm = await add(api, 'process', { name: `装配工序${Date.now()}`, workCentreId: asm });
  const route = await add(api, 'route', {
    name: `椅子路线${Date.now()}`,
    materialId: chair,
    operations: [
      { seq: 10, processId: pCut, workCentreId: cut, setupMinutes: '30', runMinutes: '3', ...(opts.inspectCut && { inspect: true }) },
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
  // legs are backflushed when the first operation reports; seats are picked
  await add(api, 'itemPlan', { materialId: leg, source: 'buy', leadDays: 1, backflush: true });
  const mo = await add(api, 'makeOrder', { orderType: 'stock', orderDate: '2026-11-30', lines: [{ lineType: 'product', materialId: chair, quantity: qty }] });
  const rel = await api.post('/makeOrder/release', { id: mo, from: '2026-12-01 08:00:00', ...(opts.releasedAt && { releasedAt: opts.releasedAt }) });
  if (rel.body.code !== 200) throw new Error(rel.text);
  const wos = (await api.get(`/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: mo }))}`)).body.data.rows as Array<{
    id: number;
    woNo: string;
  }>;
  return { depotId, chair, seat, leg, cut, asm, mo, op1: wos[0], op2: wos[1] };
}

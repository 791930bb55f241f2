import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { stock } from '../../inventory/__tests__/fixtures.ts';
import { future, purchaseOrder, supplierWithUser } from '../../portal/__tests__/portal-world.ts';
import { incomingTemplate, inspectionsOf, ok, values } from './fixtures.ts';

type Line = { itemId: number };

/** A company buying a material with an incoming template through the supplier portal; `stockAudit`: stock moves on audit only. */
async function buyerWorld(app: Awaited<ReturnType<typeof testApp>>['app'], tag: string, stockAudit: boolean) {
  const buyer = await newTenant(app, tag);
  if (stockAudit) await ok(buyer.api.put('/systemConfig/update', { stockApprovalFlag: true }));
  const depotId = (await ok<{ id: number }>(buyer.api.post('/depot/add', { name: '原料仓' }))).id;
  const code = `Q-PIN-${buyer.tenantId}`;
  const pin = (await ok<{ id: number }>(buyer.api.post('/material/add', { name: '销钉', unit: '个', barCodes: [{ barCode: code, commodityUnit: '个' }] }))).id;
  const items = await incomingTemplate(buyer.api, pin, 'P', 3);
  const sup = await supplierWithUser(app, buyer.api, '销钉厂');
  const order = await purchaseOrder(buyer.api, sup.supplierId, depotId, [[code, 20, 1.5]]);
  const [line] = (await ok<{ lines: Line[] }>(sup.api.get(`/portal/order/detail?id=${order.id}`))).lines;
  await ok(sup.api.post('/portal/order/confirm', { orderId: order.id, lines: [{ itemId: line!.itemId, action: 'confirm' }] }));
  // two batches on one advice
  const advice = await ok<{ id: number }>(
    sup.api.post('/portal/advice/add', {
      orderId: order.id,
      shipDate: future(),
      lines: [
        { itemId: line!.itemId, qty: 12, batchNumber: 'PB-1' },
        { itemId: line!.itemId, qty: 8, batchNumber: 'PB-2' },
      ],
    }),
  );
  const inbound = await ok<{ id: number; number: string }>(buyer.api.post('/portal/buyer/advice/toInbound', { id: advice.id }));
  return { buyer, depotId, pin, items, inbound };
}

const quarantineOf = async (db: Awaited<ReturnType<typeof testApp>>['db'], tenantId: number) =>
  Number((await db.system((tx) => tx.one<{ id: number }>('select quarantine_depot_id as id from quality_setting where tenant_id = $1', [tenantId])))!.id);

describe('quality: a supplier arrival advice turned into an inbound opens its incoming inspections with the advice batches', async () => {
  const { app, db } = await testApp();

  it('stock moving on save: the draft inbound goes into quarantine at once, batch by batch; its audit does not inspect again', async () => {
    const { buyer, depotId, pin, items, inbound } = await buyerWorld(app, 'qadv', false);
    const found = await inspectionsOf(buyer.api, inbound.number);
    const q = await quarantineOf(db, buyer.tenantId);
    expect(found.map((i) => [i.batchNumber, i.status, i.heldQty]).sort()).toEqual([
      ['PB-1', 'pending', 12],
      ['PB-2', 'pending', 8],
    ]);
    expect(await stock(db, buyer.tenantId, pin, depotId)).toEqual({ qty: 0, value: 0 });
    expect(await stock(db, buyer.tenantId, pin, q)).toEqual({ qty: 20, value: 30 });
    // its audit keeps the same two inspections
    await ok(buyer.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(inbound.id) }));
    expect(await inspectionsOf(buyer.api, inbound.number)).toHaveLength(2);
    for (const i of found) {
      await ok(buyer.api.post('/quality/inspection/results', { id: i.id, results: values(items, 3) }));
      await ok(buyer.api.post('/quality/inspection/verdict', { id: i.id, verdict: 'pass' }));
    }
    expect(await stock(db, buyer.tenantId, pin, depotId)).toEqual({ qty: 20, value: 30 });
    expect(await stock(db, buyer.tenantId, pin, q)).toEqual({ qty: 0, value: 0 });
  });

  it('stock moving on audit: the draft opens the inspections without quarantine; the audit takes the goods into it; no change meanwhile', async () => {
    const { buyer, depotId, pin, inbound } = await buyerWorld(app, 'qadv2', true);
    const found = await inspectionsOf(buyer.api, inbound.number);
    expect(found.map((i) => [i.batchNumber, i.status, i.heldQty]).sort()).toEqual([
      ['PB-1', 'pending', 0],
      ['PB-2', 'pending', 0],
    ]);
    const del = await buyer.api.delete(`/depotHead/delete?id=${inbound.id}`);
    expect(del.body.data.message).toMatch(new RegExp(`^单据 ${inbound.number} 有未完成的来料检验（质检单 QC`));
    await ok(buyer.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(inbound.id) }));
    const after = await inspectionsOf(buyer.api, inbound.number);
    expect(after.map((i) => [i.id, i.heldQty]).sort()).toEqual(
      found.map((i) => [i.id, i.id === found.find((f) => (f as unknown as { batchNumber: string }).batchNumber === 'PB-1')!.id ? 12 : 8]).sort(),
    );
    const q = await quarantineOf(db, buyer.tenantId);
    expect(await stock(db, buyer.tenantId, pin, depotId)).toEqual({ qty: 0, value: 0 });
    expect(await stock(db, buyer.tenantId, pin, q)).toEqual({ qty: 20, value: 30 });
  });
});

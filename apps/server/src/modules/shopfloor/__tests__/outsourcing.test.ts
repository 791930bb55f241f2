import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, material } from '../../manufacturing/__tests__/mfg-fixtures.ts';

/**
 * Out and back: 10 seats (at 50) and 40 legs (at 10) go to the supplier's warehouse, 10 chairs come back
 * using all of them. The supplier's warehouse nets to zero; the chairs are worth 500 + 400 + the fee
 * 10 × 8 = 980; the supplier is owed the fee 80 in the journal.
 */
describe('outsourcing through a supplier-held warehouse', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'sfo');
  const api = t.api;
  const own = await add(api, 'depot', { name: '原料仓' });
  const held = await add(api, 'depot', { name: '委外仓-木工厂' });
  const fg = await add(api, 'depot', { name: '成品仓' });
  const supplier = await add(api, 'supplier', { name: '木工厂', type: '供应商' });
  const customer = await add(api, 'supplier', { name: '家具店', type: '客户' });
  const chair = await material(api, '椅子');
  const seat = await material(api, '椅面', { price: '50', stock: { depotId: own, qty: 30 } });
  const leg = await material(api, '椅腿', { price: '10', stock: { depotId: own, qty: 100 } });
  const cost = (materialId: number, depotId: number) =>
    db.system(async (tx) => {
      const r = await tx.one<{ qty: string; value: string }>('select qty, value from stock_cost where tenant_id = $1 and material_id = $2 and depot_id = $3', [
        t.tenantId,
        materialId,
        depotId,
      ]);
      return r ? [Number(r.qty), Number(r.value)] : [0, 0];
    });
  const receive = (body: object = {}) =>
    api.post('/shopfloor/outsource/receive', {
      supplierId: supplier,
      supplierDepotId: held,
      toDepotId: fg,
      productId: chair,
      qty: '10',
      components: [
        { materialId: seat, qty: '10' },
        { materialId: leg, qty: '40' },
      ],
      ...body,
    });

  it('sends materials out and receives the goods back: the supplier warehouse nets to zero, the fee is owed', async () => {
    const out = await api.post('/shopfloor/outsource/send', {
      supplierId: supplier,
      fromDepotId: own,
      supplierDepotId: held,
      lines: [
        { materialId: seat, qty: '10' },
        { materialId: leg, qty: '40' },
      ],
    });
    expect(out.body.code, out.text).toBe(200);
    expect(out.body.data.number).toMatch(/^WWFL/);
    expect(await cost(seat, held)).toEqual([10, 500]);
    expect(await cost(leg, held)).toEqual([40, 400]);
    expect((await receive()).body.data.message).toBe('请先设置“木工厂”的委外价格');
    await add(api, 'outsourcePrice', { supplierId: supplier, materialId: chair, price: '8' });
    const back = await receive();
    expect(back.body.code, back.text).toBe(200);
    expect(back.body.data).toMatchObject({ fee: '80' });
    expect(await cost(seat, held)).toEqual([0, 0]);
    expect(await cost(leg, held)).toEqual([0, 0]);
    expect(await cost(chair, fg)).toEqual([10, 980]);
    const owed = await db.system((tx) =>
      tx.one<{ b: string }>(
        `select coalesce(sum(l.credit - l.debit), 0) as b from fin_journal_line l join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id
          where l.tenant_id = $1 and a.role = 'payable' and l.partner_id = $2`,
        [t.tenantId, supplier],
      ),
    );
    expect(Number(owed!.b)).toBe(80);
  });

  it('refuses taking more from the supplier warehouse than it holds, and writes nothing', async () => {
    const r = await receive({ qty: '1', components: [{ materialId: seat, qty: '1' }] });
    expect(r.body.code).not.toBe(200);
    expect(await cost(chair, fg)).toEqual([10, 980]);
    expect(
      // a customer is no outsourcing supplier (a warehouse's id, used before, could equal a supplier's in a shared database)
      (await api.post('/shopfloor/outsource/send', { supplierId: customer, fromDepotId: own, supplierDepotId: held, lines: [{ materialId: seat, qty: '1' }] }))
        .body.data.message,
    ).toBe('委外供应商不存在');
  });
});

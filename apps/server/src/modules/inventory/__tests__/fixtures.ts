import { expect } from 'vitest';
import type { Database } from '../../../platform/db/database.ts';
import type { Client } from '../../../test-support/harness.ts';

/** A small company world: two warehouses, a supplier, a customer, an account and materials. */
export async function world(api: Client) {
  const ok = async (p: Promise<{ body: { code: number; data: { id: number } } }>) => {
    const r = await p;
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id;
  };
  const depotA = await ok(api.post('/depot/add', { name: '甲仓' }));
  const depotB = await ok(api.post('/depot/add', { name: '乙仓' }));
  const supplier = await ok(api.post('/supplier/add', { name: '供应商一', type: '供应商' }));
  const customer = await ok(api.post('/supplier/add', { name: '客户一', type: '客户' }));
  const account = await ok(api.post('/account/add', { name: '现金' }));
  const material = async (name: string, code: string, extra: object = {}, prices: object = {}) =>
    ok(api.post('/material/add', { name, unit: '个', barCodes: [{ barCode: code, commodityUnit: '个', ...prices }], ...extra }));
  return { depotA, depotB, supplier, customer, account, material };
}

export const line = (barCode: string, operNumber: number | string, unitPrice: number | string, depotId: number, extra: object = {}) => ({
  barCode,
  operNumber,
  unitPrice,
  depotId,
  ...extra,
});

export const NOW = '2026-11-21 10:00:00';

export async function save(api: Client, type: string, subType: string, rows: object[], info: object = {}) {
  return api.post('/depotHead/addDepotHeadAndDetail', { info: { type, subType, operTime: NOW, ...info }, rows });
}

export async function saved(api: Client, type: string, subType: string, rows: object[], info: object = {}) {
  const r = await save(api, type, subType, rows, info);
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: number; number: string };
}

export async function detail(api: Client, number: string) {
  const r = await api.get(`/depotHead/getDetailByNumber?number=${number}`);
  expect(r.body.code).toBe(200);
  return r.body.data;
}

/** Stock of a material in a warehouse: quantity and value from the balances. */
export async function stock(db: Database, tenantId: number, materialId: number, depotId: number) {
  const r = await db.system((tx) =>
    tx.one<{ qty: string; value: string }>('select qty, value from stock_cost where tenant_id = $1 and material_id = $2 and depot_id = $3', [
      tenantId,
      materialId,
      depotId,
    ]),
  );
  return { qty: Number(r?.qty ?? 0), value: Number(r?.value ?? 0) };
}

/**
 * The ledger invariants of ARCHITECTURE §5: the ledger sums equal every balance row (quantity per
 * batch, quantity and value per material and warehouse) and nothing is negative where the switch forbids it.
 */
export async function assertLedgerInvariants(db: Database, tenantId: number, opts: { negativeAllowed?: boolean } = {}) {
  const badBalances = await db.system((tx) =>
    tx.query(
      `select b.material_id, b.depot_id, b.batch_number, b.qty, l.q from stock_balance b
         left join (select material_id, depot_id, batch_number, sum(qty_change) q from stock_ledger where tenant_id = $1
                     group by 1, 2, 3) l using (material_id, depot_id, batch_number)
        where b.tenant_id = $1 and b.qty <> coalesce(l.q, 0)`,
      [tenantId],
    ),
  );
  expect(badBalances).toEqual([]);
  const badCosts = await db.system((tx) =>
    tx.query(
      `select c.material_id, c.depot_id, c.qty, c.value, l.q, l.v from stock_cost c
         left join (select material_id, depot_id, sum(qty_change) q, sum(value_change) v from stock_ledger where tenant_id = $1 group by 1, 2) l
           using (material_id, depot_id)
        where c.tenant_id = $1 and (c.qty <> coalesce(l.q, 0) or c.value <> coalesce(l.v, 0))`,
      [tenantId],
    ),
  );
  expect(badCosts).toEqual([]);
  const orphans = await db.system((tx) =>
    tx.query(
      `select material_id, depot_id, batch_number from stock_ledger l where tenant_id = $1
          and not exists (select 1 from stock_balance b where b.tenant_id = l.tenant_id and b.material_id = l.material_id
                          and b.depot_id = l.depot_id and b.batch_number = l.batch_number)`,
      [tenantId],
    ),
  );
  expect(orphans).toEqual([]);
  if (!opts.negativeAllowed) {
    const negative = await db.system((tx) => tx.query('select * from stock_balance where tenant_id = $1 and qty < 0', [tenantId]));
    expect(negative).toEqual([]);
  }
}

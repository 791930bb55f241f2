import type pg from 'pg';
import { pool, type apiClient } from './closed-loop.ts';

/**
 * The trading world the posting benchmarks sell from, made through the API as a user would (bench/posting.ts,
 * bench/workflow-approve.ts): two warehouses, a supplier, a customer, a settlement account, `materials` materials
 * (barcodes `BP00000`…) with 1,000,000 each in stock in warehouse A (other inbounds of 500 lines), and `extra`
 * materials (`BQ…`) with no stock; `extOf` maps a material to its barcode row, for the raw-SQL baselines.
 */
export async function saleWorld(c: ReturnType<typeof apiClient>, sql: pg.Pool, o: { materials: number; extra?: number; operTime: string }) {
  const depotA = (await c.ok('POST', '/depot/add', { name: '压测甲仓' })).id!;
  const depotB = (await c.ok('POST', '/depot/add', { name: '压测乙仓' })).id!;
  const supplier = (await c.ok('POST', '/supplier/add', { name: '压测供应商', type: '供应商' })).id!;
  const customer = (await c.ok('POST', '/supplier/add', { name: '压测客户', type: '客户' })).id!;
  const account = (await c.ok('POST', '/account/add', { name: '压测账户' })).id!;
  const tenantId = Number((await sql.query<{ tenant_id: string }>('select tenant_id from depot where id = $1', [depotA])).rows[0].tenant_id);
  const addMaterials = (prefix: string, n: number) =>
    pool(
      Array.from({ length: n }, (_, i) => i),
      4,
      async (i) => {
        const barCode = `${prefix}${String(i).padStart(5, '0')}`;
        const id = (await c.ok('POST', '/material/add', { name: `压测商品${barCode}`, unit: '个', barCodes: [{ barCode, commodityUnit: '个' }] })).id!;
        return { id, barCode };
      },
    );
  const mats = await addMaterials('BP', o.materials);
  const extra = await addMaterials('BQ', o.extra ?? 0);
  for (let i = 0; i < mats.length; i += 500) {
    await c.ok('POST', '/depotHead/addDepotHeadAndDetail', {
      info: { type: '入库', subType: '其它', operTime: o.operTime, organId: supplier },
      rows: mats.slice(i, i + 500).map((m) => ({ barCode: m.barCode, operNumber: 1_000_000, unitPrice: 1, depotId: depotA })),
    });
  }
  const ext = await sql.query<{ material_id: string; id: string }>('select material_id, id from material_extend where tenant_id = $1 and bar_code = any($2)', [
    tenantId,
    mats.map((m) => m.barCode),
  ]);
  const extOf = new Map(ext.rows.map((r) => [Number(r.material_id), Number(r.id)]));
  return { tenantId, depotA, depotB, supplier, customer, account, mats, extra, extOf };
}

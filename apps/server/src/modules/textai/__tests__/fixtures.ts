import type { FastifyInstance } from 'fastify';
import { type Client, newTenant } from '../../../test-support/harness.ts';
import { CATALOGUE } from './corpus.ts';

/** The data of a successful reply; anything else fails the test (or the benchmark) with the reply. */
export async function okData(p: Promise<{ body: { code: number; data: any } }>) {
  const r = await p;
  if (r.body?.code !== 200) throw new Error(`expected code 200: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A fresh company holding the corpus catalogue: customers, multi-unit materials with barcodes and prices, aliases. */
export async function corpusTenant(app: FastifyInstance, prefix = 'txt') {
  const t = await newTenant(app, prefix);
  const api: Client = t.api;
  const customers = new Map<string, number>();
  const materials = new Map<string, number>();
  for (const name of CATALOGUE.customers) customers.set(name, (await okData(api.post('/supplier/add', { name, type: '客户' }))).id);
  const depot = (await okData(api.post('/depot/add', { name: '主仓' }))).id as number;
  let code = 0;
  const stamp = String(t.tenantId).padStart(6, '0');
  const unitIds = new Map<string, number>();
  for (const [name, base, big, mnemonic] of CATALOGUE.materials) {
    const bar = () => `69${stamp}${String(++code).padStart(4, '0')}`;
    let body: Record<string, unknown>;
    if (big) {
      const key = `${base}/${big}`;
      if (!unitIds.has(key))
        unitIds.set(key, (await okData(api.post('/unit/add', { name: `${base},${big}(1:24)`, basicUnit: base, otherUnit: big, ratio: 24 }))).id);
      body = {
        unitId: unitIds.get(key),
        barCodes: [
          { barCode: bar(), commodityUnit: base, wholesaleDecimal: '3.5' },
          { barCode: bar(), commodityUnit: big, wholesaleDecimal: '80' },
        ],
      };
    } else body = { unit: base, barCodes: [{ barCode: bar(), commodityUnit: base, wholesaleDecimal: '12.5' }] };
    materials.set(name, (await okData(api.post('/material/add', { name, ...(mnemonic ? { mnemonic } : {}), ...body }))).id);
  }
  for (const [kind, target, alias] of CATALOGUE.aliases) {
    const targetRef = kind === 'unit' ? { targetText: target } : { targetId: (kind === 'customer' ? customers : materials).get(target)! };
    await okData(api.post('/textai/alias/add', { kind, alias, ...targetRef }));
  }
  return { ...t, customers, materials, depot };
}

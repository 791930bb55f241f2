import type { Client } from '../../../test-support/harness.ts';

let seq = 0;
/** A material with one barcode (purchase price) and optional opening stock in a warehouse. */
export async function material(api: Client, name: string, o: { price?: string; stock?: { depotId: number; qty: string | number } } = {}) {
  seq += 1;
  const code = `M${Date.now().toString().slice(-7)}${String(seq).padStart(3, '0')}${Math.floor(Math.random() * 1000)}`;
  const r = await api.post('/material/add', {
    name,
    unit: '个',
    barCodes: [{ barCode: code, commodityUnit: '个', purchaseDecimal: o.price ?? '0' }],
    ...(o.stock && { stocks: [{ depotId: o.stock.depotId, initNumber: o.stock.qty }] }),
  });
  if (r.body.code !== 200) throw new Error(`material ${name}: ${r.text}`);
  return r.body.data.id as number;
}

export async function add(api: Client, entity: string, body: object): Promise<number> {
  const r = await api.post(`/${entity}/add`, body);
  if (r.body.code !== 200) throw new Error(`${entity}/add: ${r.text}`);
  return r.body.data.id as number;
}

export const bomOf = (materialId: number, lines: Array<{ materialId: number; qty: string; scrapRate?: number; phantom?: boolean }>, extra: object = {}) => ({
  materialId,
  version: 'V1',
  qty: '1',
  isDefault: true,
  lines: lines.map((l, i) => ({ seq: i + 1, ...l })),
  ...extra,
});

/** Saves an inventory document (sales order, purchase order …) through its own endpoint. */
export async function document(api: Client, subType: string, rows: object[], info: object) {
  const r = await api.post('/depotHead/addDepotHeadAndDetail', { info: { type: '其它', subType, operTime: '2026-11-26 10:00:00', ...info }, rows });
  if (r.body.code !== 200) throw new Error(`${subType}: ${r.text}`);
  return r.body.data as { id: number; number: string };
}

export async function barCodeOf(api: Client, materialId: number): Promise<string> {
  const r = await api.get(`/material/info?id=${materialId}`);
  return r.body.data.barCodes[0].barCode as string;
}

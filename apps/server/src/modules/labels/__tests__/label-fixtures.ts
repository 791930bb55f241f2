import type { FastifyInstance } from 'fastify';
import type { Client } from '../../../test-support/harness.ts';

/** A template body: a 3 × 8 sheet of 66 × 34 mm labels on A4, overridable. */
export const sheetTemplate = (o: object = {}) => ({
  name: `标签${Date.now()}${Math.floor(Math.random() * 1e6)}`,
  target: 'material',
  symbology: 'code128',
  widthMm: 66,
  heightMm: 34,
  pageWidthMm: 210,
  pageHeightMm: 297,
  columns: 3,
  rows: 8,
  marginTopMm: 5.5,
  marginLeftMm: 3,
  gapXMm: 3,
  gapYMm: 2,
  fields: ['name', 'spec', 'unit', 'code', 'batch', 'quantity'],
  copies: 1,
  ...o,
});

export async function addTemplate(api: Client, o: object = {}): Promise<number> {
  const r = await api.post('/labels/template/add', sheetTemplate(o));
  if (r.body.code !== 200) throw new Error(r.text);
  return r.body.data.id as number;
}

/** A material with the given barcode (and a Chinese name). */
export async function materialWithCode(api: Client, name: string, barCode: string): Promise<number> {
  const r = await api.post('/material/add', { name, standard: 'M8×20', unit: '个', barCodes: [{ barCode, commodityUnit: '个', purchaseDecimal: '1' }] });
  if (r.body.code !== 200) throw new Error(r.text);
  return r.body.data.id as number;
}

/** A call whose reply is a file: the bytes as they came (the harness client reads text); a refusal's JSON. */
export async function getFile(app: FastifyInstance, token: string, url: string, body?: object) {
  const res = await app.inject({ method: body ? 'POST' : 'GET', url: `/api${url}`, headers: { 'x-access-token': token }, ...(body && { payload: body }) });
  const json = String(res.headers['content-type']).includes('json') ? (JSON.parse(res.body) as { code: number; data: { message: string } }) : undefined;
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json };
}

import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { newWorkbook } from '../../../platform/spreadsheet.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let app: FastifyInstance;
let a: Tenant;
let b: Tenant;
let waterId: number;

/** A company with the multi-unit 瓶/箱 and the warehouses 甲仓 and 乙仓. */
async function company(prefix: string) {
  const t = await newTenant(app, prefix);
  const unitId = (await t.api.post('/unit/add', { name: '瓶/箱', basicUnit: '瓶', otherUnit: '箱', ratio: 24 })).body.data.id as number;
  const depotA = (await t.api.post('/depot/add', { name: '甲仓' })).body.data.id as number;
  const depotB = (await t.api.post('/depot/add', { name: '乙仓' })).body.data.id as number;
  return { t, unitId, depotA, depotB };
}

async function exportMaterials(t: Tenant, body: object = {}) {
  const res = await app.inject({ method: 'POST', url: '/api/material/exportExcel', headers: { 'x-access-token': t.token }, payload: body });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The first sheet as arrays of cell values (header first). */
async function cells(data: Buffer): Promise<unknown[][]> {
  const wb = await newWorkbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = wb.addWorksheet('商品');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importMaterials(t: Tenant, data: Buffer) {
  const boundary = '----erpmaterial';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await app.inject({
    method: 'POST',
    url: '/api/material/importExcel',
    headers: { 'x-access-token': t.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(r.statusCode).toBe(200);
  return JSON.parse(r.body).data as { total: number; rows: number; succeeded: number; failed: Array<{ row: number; rows?: number[]; message: string }> };
}

/** What a material is, without ids: comparable across companies. */
async function material(t: Tenant, barCode: string) {
  const found = (await t.api.get(`/material/list?search=${encodeURIComponent(JSON.stringify({ barCode }))}`)).body.data.rows;
  expect(found).toHaveLength(1);
  const m = (await t.api.get(`/material/info?id=${found[0].id}`)).body.data;
  return {
    id: m.id as number,
    name: m.name,
    standard: m.standard,
    unitName: m.unitName,
    // fields the list does not show still travel, and so does the enabled flag
    mnemonic: m.mnemonic,
    expiryNum: m.expiryNum,
    otherField1: m.otherField1,
    remark: m.remark,
    enabled: m.enabled,
    barCodes: (m.barCodes as Array<Record<string, unknown>>).map(
      ({ barCode, commodityUnit, purchaseDecimal, commodityDecimal, wholesaleDecimal, lowDecimal, defaultFlag }) => ({
        barCode,
        commodityUnit,
        purchaseDecimal,
        commodityDecimal,
        wholesaleDecimal,
        lowDecimal,
        defaultFlag,
      }),
    ),
    stocks: (m.stocks as Array<Record<string, unknown>>).map(({ depotName, initNumber, lowSafeStock, highSafeStock }) => ({
      depotName,
      initNumber,
      lowSafeStock,
      highSafeStock,
    })),
  };
}

const count = async (t: Tenant) => (await t.api.get('/material/list')).body.data.total as number;

beforeAll(async () => {
  ({ app } = await testApp());
  const ca = await company('mxa');
  a = ca.t;
  b = (await company('mxb')).t;
  const r = await a.api.post('/material/add', {
    name: '矿泉水',
    standard: '550ml',
    unitId: ca.unitId,
    mnemonic: 'KQS',
    expiryNum: 365,
    otherField1: '产地：浙江',
    remark: '常温保存',
    enabled: false,
    barCodes: [
      { barCode: 'W-BOTTLE', commodityUnit: '瓶', purchaseDecimal: '1.234', commodityDecimal: 2, wholesaleDecimal: '1.8', lowDecimal: '1.5' },
      { barCode: 'W-CASE', commodityUnit: '箱', purchaseDecimal: 28, commodityDecimal: 48, wholesaleDecimal: 40, lowDecimal: 36 },
    ],
    stocks: [
      { depotId: ca.depotA, initNumber: 100, lowSafeStock: 10, highSafeStock: 500 },
      { depotId: ca.depotB, initNumber: '20.5' },
    ],
  });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  waterId = r.body.data.id;
});

describe('material export', () => {
  it('writes one row per barcode, then three columns per warehouse on the first row', async () => {
    const [header, ...rows] = await cells(await exportMaterials(a, { ids: String(waterId) }));
    const col = (h: string) => header.indexOf(h);
    for (const h of [
      '名称',
      '规格',
      '多单位',
      '条码',
      '条码单位',
      '采购价',
      '零售价',
      '销售价',
      '最低售价',
      '基础条码',
      '期初数量[甲仓]',
      '最高安全库存[乙仓]',
    ]) {
      expect(col(h), h).toBeGreaterThanOrEqual(0);
    }
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r[col('名称')], r[col('多单位')], r[col('条码')], r[col('条码单位')], r[col('采购价')], r[col('基础条码')]])).toEqual([
      ['矿泉水', '瓶/箱', 'W-BOTTLE', '瓶', '1.234', '是'],
      ['矿泉水', '瓶/箱', 'W-CASE', '箱', '28', '否'],
    ]);
    expect([rows[0][col('期初数量[甲仓]')], rows[0][col('最低安全库存[甲仓]')], rows[0][col('最高安全库存[甲仓]')], rows[0][col('期初数量[乙仓]')]]).toEqual([
      '100',
      '10',
      '500',
      '20.5',
    ]);
    expect(rows[1][col('期初数量[甲仓]')] ?? '').toBe('');
  });
});

describe('material import', () => {
  it('rebuilds the material with its units, barcodes and warehouses in another company', async () => {
    const file = await exportMaterials(a, { ids: String(waterId) });
    expect(await importMaterials(b, file)).toEqual({ total: 1, rows: 2, succeeded: 1, failed: [] });
    const { id: _a, ...there } = await material(b, 'W-CASE');
    const { id: _b, ...here } = await material(a, 'W-CASE');
    expect(there).toEqual(here);
    expect(there.barCodes[0]).toMatchObject({ barCode: 'W-BOTTLE', purchaseDecimal: 1.234, defaultFlag: true });
    expect(there).toMatchObject({ mnemonic: 'KQS', expiryNum: 365, otherField1: '产地：浙江', remark: '常温保存', enabled: false });
    expect(there.stocks).toEqual([
      { depotName: '甲仓', initNumber: 100, lowSafeStock: 10, highSafeStock: 500 },
      { depotName: '乙仓', initNumber: 20.5, lowSafeStock: null, highSafeStock: null },
    ]);
  });

  it('updates the same material when re-imported into its own company (found by barcode)', async () => {
    const [header, ...rows] = await cells(await exportMaterials(a, { ids: String(waterId) }));
    const col = (h: string) => header.indexOf(h);
    rows[1][col('零售价')] = 50.5;
    rows[0][col('期初数量[乙仓]')] = 30;
    rows[0][col('最高安全库存[甲仓]')] = '';
    const before = await count(a);
    expect(await importMaterials(a, await sheet([header, ...rows]))).toEqual({ total: 1, rows: 2, succeeded: 1, failed: [] });
    expect(await count(a)).toBe(before);
    const m = await material(a, 'W-BOTTLE');
    expect(m.id).toBe(waterId);
    expect(m.barCodes.map((c) => [c.barCode, c.commodityDecimal])).toEqual([
      ['W-BOTTLE', 2],
      ['W-CASE', 50.5],
    ]);
    expect(m.stocks).toEqual([
      { depotName: '甲仓', initNumber: 100, lowSafeStock: 10, highSafeStock: null },
      { depotName: '乙仓', initNumber: 30, lowSafeStock: null, highSafeStock: null },
    ]);
  });

  it('reports each bad record with its rows and writes nothing of it', async () => {
    const head = ['名称', '多单位', '条码', '条码单位', '零售价', '基础条码', '期初数量[甲仓]', '类别'];
    const r = await importMaterials(
      b,
      await sheet([
        head,
        ['好的', '瓶/箱', 'OK-1', '瓶', 3, '是', 5],
        ['好的', '瓶/箱', 'OK-2', '箱', 60, '否', ''],
        ['坏单位', '瓶/箱', 'BAD-UNIT', '盒', 1, '', ''],
        ['坏数字', '瓶/箱', 'BAD-NUM', '瓶', 'abc', '', ''],
        ['重复', '瓶/箱', 'DUP', '瓶', 1, '', ''],
        ['重复', '瓶/箱', 'DUP', '箱', 1, '', ''],
        ['抢条码', '瓶/箱', 'W-CASE', '箱', 1, '', ''],
        ['抢条码', '瓶/箱', 'NEW-1', '瓶', 1, '', ''],
        ['坏仓库', '瓶/箱', 'BAD-DEPOT', '瓶', 1, '', -1],
        ['坏类别', '瓶/箱', 'BAD-CAT', '瓶', 1, '', '', '没有这类'],
      ]),
    );
    expect(r.total).toBe(7);
    expect(r.succeeded).toBe(2);
    expect(r.failed.map((f) => [f.row, f.rows])).toEqual([
      [4, undefined],
      [5, undefined],
      [6, [6, 7]],
      [10, undefined],
      [11, undefined],
    ]);
    expect(r.failed[0].message).toBe('条码 BAD-UNIT 的单位须为 瓶/箱 之一');
    expect(r.failed[1].message).toMatch('commodityDecimal');
    expect(r.failed[2].message).toBe('条码不能重复');
    expect(r.failed[3].message).toMatch('initNumber');
    expect(r.failed[4].message).toBe('类别“没有这类”不存在');
    // 抢条码: W-CASE belongs to 矿泉水, so that record updates 矿泉水 (renaming it) with these two barcodes
    const renamed = await material(b, 'NEW-1');
    expect(renamed).toMatchObject({ name: '抢条码', barCodes: [{ barCode: 'W-CASE' }, { barCode: 'NEW-1' }] });
    expect((await material(b, 'OK-2')).stocks).toEqual([{ depotName: '甲仓', initNumber: 5, lowSafeStock: null, highSafeStock: null }]);
    for (const code of ['BAD-UNIT', 'BAD-NUM', 'DUP', 'BAD-DEPOT', 'BAD-CAT']) {
      expect((await b.api.get(`/material/list?search=${encodeURIComponent(JSON.stringify({ barCode: code }))}`)).body.data.total, code).toBe(0);
    }
  });

  it('refuses barcodes of two materials in one record, and an unknown warehouse', async () => {
    const r = await importMaterials(
      b,
      await sheet([
        ['名称', '多单位', '条码', '条码单位', '期初数量[丙仓]'],
        ['两个', '瓶/箱', 'OK-1', '瓶', ''],
        ['两个', '瓶/箱', 'NEW-1', '箱', ''],
        ['无仓', '瓶/箱', 'NO-DEPOT', '瓶', 1],
      ]),
    );
    expect(r).toMatchObject({ total: 2, succeeded: 0 });
    expect(r.failed.map((f) => f.message)).toEqual(['这些条码分属不同的商品', '仓库“丙仓”不存在']);
  });

  it('frees the barcodes of a deleted material, so its export can be imported again', async () => {
    const file = await exportMaterials(b, { search: JSON.stringify({ barCode: 'OK-1' }) });
    const id = (await material(b, 'OK-1')).id;
    expect((await b.api.delete(`/material/delete?id=${id}`)).body.code).toBe(200);
    expect(await importMaterials(b, file)).toMatchObject({ total: 1, succeeded: 1 });
    const again = await material(b, 'OK-2');
    expect(again.id).not.toBe(id);
    expect(again.barCodes.map((c) => c.barCode)).toEqual(['OK-1', 'OK-2']);
  });
});

import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { login, uniqueName, type Client } from '../../../../test-support/harness.ts';
import { line, saved, world } from '../../__tests__/fixtures.ts';
import { REPORT_COLUMNS } from '../report.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** A calendar day n days before today (noon, so no time zone edge moves it), as the API and the reports write it. */
export function day(n: number): string {
  const d = new Date(Date.now() - n * 86400000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
export const at = (n: number) => `${day(n)} 12:00:00`;

export async function data(api: Client, url: string) {
  const r = await api.get(url);
  expect(r.status, `${url}: ${r.text}`).toBe(200);
  expect(r.body.code, r.text).toBe(200);
  return r.body.data;
}

/**
 * One material moved through a year of documents (dates in days before today):
 * 钢笔 PEN: 200 buy 10@5 甲; 100 buy 10@6 甲; 50 sell 4 from 甲 (cost 5.5); 40 transfer 6 甲→乙;
 * 30 sell 1 from 乙; 20 receive 2@7 into 甲, then delete it (reversed); 10 buy 5@7 甲.
 * 茶杯 CUP: 100 receive 3@2 into 乙. 墨水 INK: safety stock in 甲, never stocked.
 * Ends with 钢笔 甲 15 (value 90), 乙 5 (27.5); 茶杯 乙 3 (6).
 */
export async function movements(api: Client) {
  const w = await world(api);
  const ok = async (p: Promise<{ body: { code: number; data: { id: number } } }>) => {
    const r = await p;
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id;
  };
  const office = await ok(api.post('/materialCategory/add', { name: uniqueName('办公') }));
  const pens = await ok(api.post('/materialCategory/add', { name: uniqueName('文具'), parentId: office }));
  const pen = await w.material('钢笔', 'PEN', { standard: 'S1', model: 'M1', categoryId: pens });
  const cup = await w.material('茶杯', 'CUP');
  const ink = await w.material('墨水', 'INK', { stocks: [{ depotId: w.depotA, lowSafeStock: 5 }] });
  const sup = { organId: w.supplier };
  const buy = (n: number, qty: number, price: number, depot = w.depotA, code = 'PEN') =>
    saved(api, '入库', '采购', [line(code, qty, price, depot)], { ...sup, operTime: at(n) });
  const d1 = await buy(200, 10, 5);
  const d2 = await buy(100, 10, 6);
  await saved(api, '入库', '其它', [line('CUP', 3, 2, w.depotB)], { ...sup, operTime: at(100) });
  const d3 = await saved(api, '出库', '销售', [line('PEN', 4, 10, w.depotA)], { organId: w.customer, operTime: at(50) });
  const d4 = await saved(api, '出库', '调拨', [line('PEN', 6, 0, w.depotA, { anotherDepotId: w.depotB })], { operTime: at(40) });
  const d5 = await saved(api, '出库', '销售', [line('PEN', 1, 10, w.depotB)], { organId: w.customer, operTime: at(30) });
  const d6 = await saved(api, '入库', '其它', [line('PEN', 2, 7, w.depotA)], { ...sup, operTime: at(20) });
  expect((await api.delete(`/depotHead/delete?id=${d6.id}`)).body.code).toBe(200);
  const d7 = await buy(10, 5, 7);
  return { ...w, office, pens, pen, cup, ink, docs: { d1, d2, d3, d4, d5, d6, d7 } };
}

/** A new user of the company with a role granting these menus (url → buttons), optionally scoped to warehouses. */
export async function userWithRole(app: FastifyInstance, api: Client, grants: Record<string, string>, o: { depotIds?: number[] } = {}) {
  const add = await api.post('/role/add', { name: uniqueName('报表'), type: '全部数据' });
  expect(add.body.code, add.text).toBe(200);
  const roleId = add.body.data.id as number;
  const rows = (await api.get(`/role/getGrants?id=${roleId}`)).body.data as Array<{ functionId: number; url: string }>;
  const list = Object.entries(grants).map(([url, btnStr]) => ({ functionId: rows.find((g) => g.url === url)!.functionId, btnStr }));
  expect((await api.post('/role/setGrants', { roleId, grants: list })).body.code).toBe(200);
  if (o.depotIds) expect((await api.post('/role/setDataScope', { roleId, depotIds: o.depotIds })).body.code).toBe(200);
  const loginName = uniqueName('u');
  const user = await api.post('/user/addUser', { loginName, username: loginName, roleIds: [roleId] });
  expect(user.body.code, user.text).toBe(200);
  return { roleId, ...(await login(app, loginName)) };
}

/** The export of a report read back: header row and data rows (empty cells as ''). */
export async function exported(app: FastifyInstance, token: string, url: string) {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: { 'x-access-token': token } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/vnd.ms-excel');
  expect(decodeURIComponent(String(res.headers['download-filename']))).toMatch(/^\D+\d{10}\.xls$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  wb.worksheets[0].eachRow({ includeEmpty: true }, (row) => {
    const v = (row.values as unknown[]).slice(1);
    values.push(v.map((x) => (x === null || x === undefined ? '' : x)));
  });
  const width = values[0].length;
  return { header: values[0], rows: values.slice(1).map((r) => [...r, ...Array(width - r.length).fill('')]) };
}

/** What a report's JSON rows look like as spreadsheet rows (visible columns, same order). */
export function asSheet(reportUrl: string, rows: Array<Record<string, unknown>>, masked = false) {
  const cols = REPORT_COLUMNS.get(reportUrl)!.filter((c) => !(masked && c.price));
  return {
    header: cols.map((c) => c.header),
    rows: rows.map((r) =>
      cols.map((c) => (r[c.key] === null || r[c.key] === undefined ? '' : typeof r[c.key] === 'boolean' ? (r[c.key] ? '是' : '否') : r[c.key])),
    ),
  };
}

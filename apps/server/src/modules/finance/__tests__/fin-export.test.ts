import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { newWorkbook } from '../../../platform/spreadsheet.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { finSaved, setStatus } from './fin-fixtures.ts';

// Issue 24 item 2: POST /accountHead/exportExcel, the finance document lists as spreadsheets.
describe('finance document list export', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'finexp');
  const w = await world(t.api);
  await w.material('台灯', 'LAMPX');
  await saved(t.api, '入库', '其它', [line('LAMPX', 50, 10, w.depotA)], { organId: w.supplier });
  const sale = await saved(t.api, '出库', '销售', [line('LAMPX', 10, 30, w.depotA)], { organId: w.customer });
  const a = await finSaved(t.api, '收款', [{ billId: sale.id, eachAmount: 100.25 }], { organId: w.customer, accountId: w.account, remark: '第一笔' });
  const b = await finSaved(t.api, '收款', [{ billId: sale.id, eachAmount: 50.5 }], { organId: w.customer, accountId: w.account, remark: '第二笔' });
  expect((await setStatus(t.api, 'accountHead', b.id, '1')).code).toBe(200);

  const exportAs = (token: string, body: object) =>
    app.inject({ method: 'POST', url: '/api/accountHead/exportExcel', headers: { 'x-access-token': token }, payload: body });
  const sheetOf = async (data: Buffer) => {
    const wb = await newWorkbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    const out: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    const [header, ...rest] = out;
    const cells = rest.map((r) => Object.fromEntries(header!.map((h, i) => [String(h), r[i]])));
    return { header: header as string[], rows: cells.filter((r) => r['单据编号'] !== '合计'), total: cells.find((r) => r['单据编号'] === '合计') };
  };

  it('writes the list’s rows and its 合计 row, with the list’s filters or only the selected ids', async () => {
    const res = await exportAs(t.token, { type: '收款' });
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers['download-filename']))).toMatch(/^收款单\d{10}\.xls$/);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.header).toEqual(['单据编号', '单据日期', '往来单位', '结算账户', '经手人', '合计金额', '优惠金额', '实收金额', '操作员', '状态', '备注']);
    // the rows are the list's rows, in its order
    const list = (await t.api.get('/accountHead/list?type=收款&currentPage=1&pageSize=100')).body.data;
    expect(sheet.rows.map((r) => r['单据编号'])).toEqual(list.rows.map((r: { billNo: string }) => r.billNo));
    expect(sheet.rows.map((r) => r['单据编号']).sort()).toEqual([a.number, b.number].sort());
    const second = sheet.rows.find((r) => r['单据编号'] === b.number)!;
    expect(second).toMatchObject({ 往来单位: '客户一', 合计金额: 50.5, 状态: '已审核', 备注: '第二笔' });
    expect(sheet.rows.find((r) => r['单据编号'] === a.number)).toMatchObject({ 合计金额: 100.25, 状态: '未审核' });
    // the 合计 row is the sum of the rows (and the list's sums)
    const sum = sheet.rows.reduce((s, r) => s.plus(String(r['合计金额'])), new Decimal(0));
    expect(sheet.total!['合计金额']).toBe(sum.toNumber());
    expect(sheet.total!['合计金额']).toBe(list.sums.totalPrice);
    // the list's filters
    const filtered = await sheetOf((await exportAs(t.token, { type: '收款', remark: '第二', status: '1' })).rawPayload);
    expect(filtered.rows.map((r) => r['单据编号'])).toEqual([b.number]);
    expect(filtered.total!['合计金额']).toBe(50.5);
    // only the selected rows
    const picked = await sheetOf((await exportAs(t.token, { type: '收款', ids: String(a.id) })).rawPayload);
    expect(picked.rows.map((r) => r['单据编号'])).toEqual([a.number]);
    // another type's ids are not in this type's export
    const none = await exportAs(t.token, { type: '付款', ids: `${a.id},${b.id}` });
    expect(JSON.parse(none.body).data.message).toBe('导出异常请联系管理员');
  });

  it('refuses bad input with a message', async () => {
    for (const body of [
      { type: '收钱' },
      { type: '收款', ids: '1;drop table account_head' },
      { type: '收款', beginTime: 'yesterday' },
      { type: '收款', extra: 1 },
    ]) {
      const res = await exportAs(t.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(res.body).data.message).toBeTruthy();
    }
  });

  it('needs the list’s export button (3)', async () => {
    const viewer = await userWith(app, t.api, [await roleWith(t.api, { '/financial/money_in': '1' })]);
    const refused = await exportAs(viewer.token, { type: '收款' });
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body).data.message).toBeTruthy();
    const exporter = await userWith(app, t.api, [await roleWith(t.api, { '/financial/money_in': '3' })]);
    expect((await exportAs(exporter.token, { type: '收款' })).statusCode).toBe(200);
    // a menu the role does not have
    expect((await exportAs(exporter.token, { type: '付款' })).statusCode).toBe(403);
  });

  it('never exports another company’s documents', async () => {
    const other = await newTenant(app, 'finexp');
    const res = await exportAs(other.token, { type: '收款', ids: `${a.id},${b.id}` });
    expect(JSON.parse(res.body).data.message).toBe('导出异常请联系管理员');
    expect(JSON.parse((await exportAs(other.token, { type: '收款' })).body).data.message).toBe('导出异常请联系管理员');
  });
});

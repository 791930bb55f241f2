import { beforeAll, describe, expect, it } from 'vitest';
import { jshClient } from './jsh-client.ts';
import { md5 } from '../../../platform/auth/password.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { finSaved } from '../../finance/__tests__/fin-fixtures.ts';
import { newWorkbook } from '../../../platform/spreadsheet.ts';
import { JSHERP_BASE } from '../index.ts';

/**
 * jshERP's list and report screens replayed as its web client calls them (issue 23): the material and bill
 * lists' columns, AccountReport.vue,
 * BuyInReport.vue, SaleOutReport.vue and CustomerAccount.vue / VendorAccount.vue, with the keys its
 * JeecgListMixin adds (field, createTimeRange, mpList…). Every figure below is worked out by hand from the
 * documents saved here.
 */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const today = day(0);
const lastWeek = day(-7);
const old = day(-20);

describe("jshERP's list and report screens against our server", () => {
  let jsh: ReturnType<typeof jshClient>;
  let w: Awaited<ReturnType<typeof world>>;
  let bank: number;
  let lamp: number;
  let saleNumber: string;
  let admin: string;
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let token: string;

  beforeAll(async () => {
    ({ app } = await testApp());
    const co = await newTenant(app, 'jshr');
    admin = co.loginName;
    w = await world(co.api);
    await w.material('书架', 'SHELF', { manufacturer: '木工坊', standard: '大号', model: 'B2' }, {});
    lamp = await w.material('台灯', 'LAMP', {}, { purchaseDecimal: 6, wholesaleDecimal: 9, commodityDecimal: 12 });
    bank = (await co.api.post('/account/add', { name: '银行', serialNo: 'YH02', initialAmount: 100 })).body.data.id;
    const at = (d: string) => ({ operTime: `${d} 09:00:00` });
    // twenty days ago: 10 shelves at 4 bought on credit (before the week the reports ask about)
    await saved(co.api, '入库', '采购', [line('SHELF', 10, 4, w.depotA)], { organId: w.supplier, ...at(old) });
    // today: 5 shelves at 4 and 2 lamps at 6 bought, 2 shelves returned; 3 shelves sold at 10, 1 returned
    const buy = await saved(co.api, '入库', '采购', [line('SHELF', 5, 4, w.depotA), line('LAMP', 2, 6, w.depotA)], { organId: w.supplier, ...at(today) });
    await saved(co.api, '出库', '采购退货', [line('SHELF', 2, 4, w.depotA)], { organId: w.supplier, ...at(today) });
    const sale = await saved(co.api, '出库', '销售', [line('SHELF', 3, 10, w.depotA)], { organId: w.customer, ...at(today) });
    saleNumber = sale.number;
    await saved(co.api, '入库', '销售退货', [line('SHELF', 1, 10, w.depotA)], { organId: w.customer, ...at(today) });
    // the customer pays 15 into the bank, we pay the supplier 12 from it
    await finSaved(co.api, '收款', [{ billId: sale.id, eachAmount: 15 }], { organId: w.customer, accountId: bank, billTime: `${today} 10:00:00` });
    await finSaved(co.api, '付款', [{ billId: buy.id, eachAmount: 12 }], { organId: w.supplier, accountId: bank, billTime: `${today} 11:00:00` });
    const r = await jshClient(app).postAction('/user/login', { loginName: co.loginName, password: md5(co.password), code: '', uuid: '' });
    token = r.data.data.token;
    jsh = jshClient(app, token);
  });

  it('MaterialList.vue and the bill lists: mpList inside search, and the columns they read under their names', async () => {
    // MaterialList.vue puts the property columns it shows (mpList) among the filters
    const materials = await jsh.getAction('/material/list', {
      search: JSON.stringify({ categoryId: '', materialParam: 'SHELF', standard: '', model: '', color: '', mpList: '制造商,自定义1', remark: '' }),
      column: 'createTime',
      order: 'desc',
      field: 'id,,action,mBarCode,name,standard,model,unit,stock,purchaseDecimal',
      currentPage: 1,
      pageSize: 10,
    });
    expect(materials.data.code, JSON.stringify(materials.data)).toBe(200);
    expect(materials.data.data.rows).toEqual([expect.objectContaining({ name: '书架', mBarCode: 'SHELF', mfrs: '木工坊' })]);
    // 关键词 that is no barcode: name, mnemonic, specification or model
    const keyword = async (materialParam: string) =>
      (await jsh.getAction('/material/list', { search: JSON.stringify({ materialParam, mpList: '' }), currentPage: 1, pageSize: 10 })).data.data.rows.map(
        (r: { name: string }) => r.name,
      );
    expect(await keyword('台')).toEqual(['台灯']);
    expect(await keyword('LAMP')).toEqual(['台灯']);
    expect(await keyword('100%')).toEqual([]);
    // a filter we do not have is still refused, not dropped
    const unknown = await jsh.getAction('/material/list', { search: JSON.stringify({ nope: 'x' }), currentPage: 1, pageSize: 10 });
    expect(unknown.data.code).toBe(400);
    // PurchaseInList.vue: 单据日期, 操作员, 数量
    const bills = await jsh.getAction('/depotHead/list', {
      search: JSON.stringify({ number: '', materialParam: 'LAMP', type: '入库', subType: '采购', beginTime: lastWeek, endTime: today, mpList: '' }),
      currentPage: 1,
      pageSize: 10,
    });
    expect(bills.data.code, JSON.stringify(bills.data)).toBe(200);
    expect(bills.data.data.rows).toEqual([expect.objectContaining({ operTimeStr: `${today} 09:00:00`, materialCount: 7, userName: expect.any(String) })]);
    expect(bills.data.data.rows[0].userName.length).toBeGreaterThan(0);
    // MoneyInList.vue: 单据日期, 操作员
    const receipts = await jsh.getAction('/accountHead/list', { search: JSON.stringify({ type: '收款', billNo: '' }), currentPage: 1, pageSize: 10 });
    expect(receipts.data.data.rows).toEqual([expect.objectContaining({ billTimeStr: `${today} 10:00:00`, userName: expect.any(String) })]);
  });

  it("the bill forms' barcode scan: lines with the warehouse, its stock and the document's price", async () => {
    const scan = (prefixNo: string, depotId?: number) =>
      jsh.getAction('/material/getMaterialByBarCode', { barCode: 'LAMP', organId: '', depotId, mpList: '制造商,自定义1', prefixNo });
    const bought = await scan('CGRK', w.depotA);
    expect(bought.data.code, JSON.stringify(bought.data)).toBe(200);
    expect(bought.data.data).toEqual([
      expect.objectContaining({ mBarCode: 'LAMP', name: '台灯', commodityUnit: '个', depotId: w.depotA, stock: 2, billPrice: 6, taxRate: 0, taxLastMoney: 6 }),
    ]);
    expect((await scan('XSCK', w.depotA)).data.data[0]).toMatchObject({ billPrice: 9 });
    expect((await scan('LSCK', w.depotB)).data.data[0]).toMatchObject({ billPrice: 12, depotId: w.depotB, stock: 0 });
    // no warehouse asked for: one of the user's
    expect([w.depotA, w.depotB]).toContain((await scan('CGRK')).data.data[0].depotId);
  });

  it("MaterialStock.vue's 库存详情: one material's movements, and nothing before one is picked", async () => {
    const detail = (materialId: number | string, depotIds = '') =>
      jsh.getAction('/depotItem/findDetailByDepotIdsAndMaterialId', {
        depotIds,
        materialId,
        number: '',
        beginTime: '',
        endTime: '',
        stockPriceFlag: false,
        column: 'createTime',
        order: 'desc',
        field: 'id,,,number,type,barCode,materialName,depotName,basicNumber,unitPrice,allPrice,operTime',
        currentPage: 1,
        pageSize: 10,
      });
    expect((await detail('')).data).toEqual({ code: 200, data: { rows: [], total: 0 } });
    const rows = (await detail(lamp, String(w.depotA))).data.data.rows;
    expect(rows).toEqual([expect.objectContaining({ type: '采购入库', depotName: '甲仓', basicNumber: 2, unitPrice: 6, allPrice: 12 })]);
    expect((await detail(lamp, String(w.depotB))).data.data.rows).toEqual([]);
  });

  it('AccountReport.vue: initial amount, this month and the balance per account, filtered by name and number', async () => {
    const list = (name: string, serialNo: string) =>
      jsh.getAction('/account/listWithBalance', {
        name,
        serialNo,
        field: 'rowIndex,action,name,serialNo,initialAmount,thisMonthAmount,currentAmount',
        currentPage: 1,
        pageSize: 10,
      });
    const all = await list('', '');
    expect(all.data.code, JSON.stringify(all.data)).toBe(200);
    expect(all.data.data.total).toBe(2);
    // 100 initial + 15 received − 12 paid, all this month
    expect(all.data.data.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: bank, name: '银行', serialNo: 'YH02', initialAmount: 100, thisMonthAmount: 3, currentAmount: 103 }),
        expect.objectContaining({ id: w.account, name: '现金', initialAmount: 0, thisMonthAmount: 0, currentAmount: 0 }),
      ]),
    );
    expect((await list('', 'YH')).data.data.rows.map((a: { name: string }) => a.name)).toEqual(['银行']);
    expect((await list('现', '')).data.data.rows.map((a: { name: string }) => a.name)).toEqual(['现金']);
    // its header line: 本月发生总额 and 当前总余额 for the same filter
    expect((await jsh.getAction('/account/getStatistics', { name: '', serialNo: 'YH' })).data.data).toEqual({ allMonthAmount: 3, allCurrentAmount: 103 });
  });

  const statsQuery = (beginTime: string, extra: object = {}) => ({
    materialParam: '',
    beginTime,
    endTime: today,
    createTimeRange: [`${beginTime}T00:00:00.000Z`, `${today}T00:00:00.000Z`],
    organId: '',
    depotId: '',
    mpList: '规格,颜色,品牌',
    field: 'rowIndex,barCode,materialName,materialStandard,materialModel,materialUnit,inSum,inSumPrice,outSum,outSumPrice,inOutSumPrice',
    currentPage: 1,
    pageSize: 10,
    ...extra,
  });

  it('BuyInReport.vue: bought, returned and the net amount per material over the dates, with the total', async () => {
    const week = await jsh.getAction('/depotItem/buyIn', statsQuery(lastWeek));
    expect(week.data.code, JSON.stringify(week.data)).toBe(200);
    const byName = Object.fromEntries(week.data.data.rows.map((r: { materialName: string }) => [r.materialName, r]));
    // this week: shelves 5 × 4 in, 2 × 4 back; lamps 2 × 6 in
    expect(byName['书架']).toMatchObject({ barCode: 'SHELF', materialUnit: '个', inSum: 5, inSumPrice: 20, outSum: 2, outSumPrice: 8, inOutSumPrice: 12 });
    expect(byName['台灯']).toMatchObject({ barCode: 'LAMP', inSum: 2, inSumPrice: 12, outSum: 0, outSumPrice: 0, inOutSumPrice: 12 });
    expect(week.data.data.total).toBe(2);
    expect(week.data.data.realityPriceTotal).toBe(24);
    // from twenty days back the first 10 × 4 counts too; the material search narrows it to shelves
    const all = await jsh.getAction('/depotItem/buyIn', statsQuery(old, { materialParam: 'SHELF', organId: String(w.supplier) }));
    expect(all.data.data.rows).toEqual([expect.objectContaining({ materialName: '书架', inSum: 15, inSumPrice: 60, inOutSumPrice: 52 })]);
    expect(all.data.data.realityPriceTotal).toBe(52);
    // another warehouse saw none of it
    expect((await jsh.getAction('/depotItem/buyIn', statsQuery(old, { depotId: String(w.depotB) }))).data.data).toMatchObject({ rows: [], total: 0 });
    expect((await jsh.getAction('/depotItem/buyIn', statsQuery('2026-02-30'))).status).toBe(400);
  });

  it('SaleOutReport.vue: sold, returned and the net amount per material', async () => {
    const r = await jsh.getAction('/depotItem/saleOut', statsQuery(lastWeek));
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    expect(r.data.data.rows).toEqual([
      expect.objectContaining({ materialName: '书架', outSum: 3, outSumPrice: 30, inSum: 1, inSumPrice: 10, outInSumPrice: 20 }),
    ]);
    expect(r.data.data.realityPriceTotal).toBe(20);
  });

  const statement = (supplierType: string, beginTime: string, hasDebt = '1') =>
    jsh.getAction('/depotHead/getStatementAccount', {
      supplierType,
      hasDebt,
      beginTime,
      endTime: today,
      createTimeRange: [`${beginTime}T00:00:00.000Z`, `${today}T00:00:00.000Z`],
      field: 'rowIndex,action,supplier,contacts,telephone,phoneNum,email,preNeed,debtMoney,backMoney,allNeed',
      currentPage: 1,
      pageSize: 10,
    });

  it('CustomerAccount.vue and VendorAccount.vue: before, owed by documents, settled and after, with the totals', async () => {
    // customer: sold 30, 10 back, 15 received → 5 owed
    const cus = await statement('客户', lastWeek);
    expect(cus.data.code, JSON.stringify(cus.data)).toBe(200);
    expect(cus.data.data.rows).toEqual([expect.objectContaining({ id: w.customer, supplier: '客户一', preNeed: 0, debtMoney: 20, backMoney: 15, allNeed: 5 })]);
    expect(cus.data.data).toMatchObject({ total: 1, firstMoney: 0, lastMoney: 5 });
    // supplier: 40 owed from twenty days ago; this week 20 + 12 bought, 8 back, 12 paid → 52
    const sup = await statement('供应商', lastWeek);
    expect(sup.data.data.rows).toEqual([
      expect.objectContaining({ id: w.supplier, supplier: '供应商一', preNeed: 40, debtMoney: 24, backMoney: 12, allNeed: 52 }),
    ]);
    expect(sup.data.data).toMatchObject({ firstMoney: 40, lastMoney: 52 });
    // from twenty days back nothing stood before
    expect((await statement('供应商', old)).data.data.rows[0]).toMatchObject({ preNeed: 0, debtMoney: 64, backMoney: 12, allNeed: 52 });
    // 无欠款: only partners at zero (none here)
    expect((await statement('客户', lastWeek, '0')).data.data).toMatchObject({ rows: [], total: 0 });
    // the receipt form's 待收款客户 picker (WaitNeedList.vue) reads the same call
    expect((await statement('客户', old)).data.data.rows.map((r: { allNeed: number }) => r.allNeed)).toEqual([5]);
    // the screens' headers: how many customers owe, how many suppliers are owed
    expect((await jsh.getAction('/depotHead/getNeedCount', { type: 'customer' })).data.data).toEqual({ needCount: 1 });
    expect((await jsh.getAction('/depotHead/getNeedCount', { type: 'vendor' })).data.data).toEqual({ needCount: 1 });
    // MoneyInModal.vue's 选择单据 (DebtBillList.vue): the sale, 30 owed on it, 15 received, 15 to go
    const debts = await jsh.getAction('/depotHead/debtList', {
      search: JSON.stringify({ organId: w.customer, materialParam: '', number: '', type: '出库', subType: '销售', status: '' }),
      column: 'createTime',
      order: 'desc',
      field: 'id,,organName,number,materialsList,operTimeStr,userName,needDebt,finishDebt,debt',
      currentPage: 1,
      pageSize: 100,
    });
    expect(debts.data.code, JSON.stringify(debts.data)).toBe(200);
    // its 客户, 商品信息 (name, specification and model per material) and 操作员 columns too
    expect(debts.data.data.rows).toEqual([
      expect.objectContaining({
        number: saleNumber,
        organName: '客户一',
        materialsList: '书架 大号 B2',
        userName: admin,
        needDebt: 30,
        finishDebt: 15,
        debt: 15,
      }),
    ]);
    expect((await jsh.getAction('/depotHead/debtList', { search: JSON.stringify({ organId: '' }) })).data.data).toEqual({ rows: [], total: 0 });
    expect((await statement('其他', lastWeek)).status).toBe(400);
    expect((await jsh.getAction('/depotHead/getStatementAccount', { supplierType: '客户', beginTime: today, endTime: lastWeek })).data.code).toBe(400);
  });

  it('DebtAccountList.vue’s 导出 (欠款详情): the open documents as a spreadsheet with the 合计 row', async () => {
    const download = (as: string, params: Record<string, string>) =>
      app.inject({ method: 'GET', url: `${JSHERP_BASE}/depotHead/debtExport?${new URLSearchParams(params)}`, headers: { 'X-Access-Token': as } });
    const sent = { organId: String(w.customer), type: '出库', subType: '销售', status: '', beginTime: lastWeek, endTime: today, number: '', materialParam: '' };
    const res = await download(token, sent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/ms-excel/);
    const wb = await newWorkbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['单据编号', '往来单位', '商品信息', '单据日期', '操作员', '本单欠款', '已收欠款', '待收欠款']);
    // the sale: 30 owed on it, 15 received, 15 to go; then the 合计 row
    expect(rows[1]).toEqual([saleNumber, '客户一', '书架 大号 B2', expect.stringMatching(new RegExp(`^${today}`)), expect.anything(), 30, 15, 15]);
    expect(rows[2]).toEqual(['合计', '', '', '', '', 30, 15, 15]);
    expect(rows).toHaveLength(3);
    // a number that matches nothing: our 导出 message in jshERP's envelope
    const none = await download(token, { ...sent, number: 'NO-SUCH' });
    expect(none.json()).toMatchObject({ code: 500, data: { message: expect.any(String) } });
    // another company cannot export this customer's arrears; no partner, or not a number: refused, never a 500
    const other = await newTenant(app, 'jshx');
    const theirs = await download(other.token, sent);
    expect(theirs.json().code).not.toBe(200);
    for (const bad of [
      { ...sent, organId: '' },
      { ...sent, organId: 'x' },
    ]) {
      const r = await download(token, bad);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().data.message).toEqual(expect.any(String));
    }
  });

  it('the statement across months: whole months before from the monthly balances, the rest from the lines', async () => {
    const { app } = await testApp();
    const co = await newTenant(app, 'jshm');
    const m = await world(co.api);
    const j = jshClient(app, co.token);
    await m.material('扳手', 'WRENCH', {}, {});
    // 70 days ago 100 bought on credit, 40 days ago 30 paid on it, 5 days ago 10 more bought
    const first = await saved(co.api, '入库', '采购', [line('WRENCH', 25, 4, m.depotA)], { organId: m.supplier, operTime: `${day(-70)} 09:00:00` });
    await finSaved(co.api, '付款', [{ billId: first.id, eachAmount: 30 }], { organId: m.supplier, accountId: m.account, billTime: `${day(-40)} 10:00:00` });
    await saved(co.api, '入库', '采购', [line('WRENCH', 1, 10, m.depotA)], { organId: m.supplier, operTime: `${day(-5)} 09:00:00` });
    const row = async (beginTime: string, endTime = today) => {
      const r = await j.getAction('/depotHead/getStatementAccount', { supplierType: '供应商', beginTime, endTime, currentPage: 1, pageSize: 10 });
      expect(r.data.code, JSON.stringify(r.data)).toBe(200);
      return r.data.data.rows[0] as Record<string, number>;
    };
    expect(await row(day(-10))).toMatchObject({ preNeed: 70, debtMoney: 10, backMoney: 0, allNeed: 80 });
    expect(await row(day(-50))).toMatchObject({ preNeed: 100, debtMoney: 10, backMoney: 30, allNeed: 80 });
    expect(await row(day(-80))).toMatchObject({ preNeed: 0, debtMoney: 110, backMoney: 30, allNeed: 80 });
    // a period in the past: the closing is what stood on its last day
    expect(await row(day(-80), day(-45))).toMatchObject({ preNeed: 0, debtMoney: 100, backMoney: 0, allNeed: 100 });
    expect(await row(day(-41), day(-6))).toMatchObject({ preNeed: 100, debtMoney: 0, backMoney: 30, allNeed: 70 });
  });
  it('RetailOutReport.vue: sold at retail, returned and the net per material; sales and other companies not in it', async () => {
    const { app } = await testApp();
    const co = await newTenant(app, 'jshl');
    const m = await world(co.api);
    const j = jshClient(app, co.token);
    await m.material('面包', 'BREAD', {}, {});
    const at = { operTime: `${today} 09:00:00` };
    await saved(co.api, '入库', '采购', [line('BREAD', 20, 3, m.depotA)], { organId: m.supplier, ...at });
    // at retail: 4 × 6 and 2 × 6.5, one back at 6; a sale of 5 × 5 to the customer is 销售统计's, not this one's
    await saved(co.api, '出库', '零售', [line('BREAD', 4, 6, m.depotA)], at);
    await saved(co.api, '出库', '零售', [line('BREAD', 2, 6.5, m.depotA)], at);
    await saved(co.api, '入库', '零售退货', [line('BREAD', 1, 6, m.depotA)], at);
    await saved(co.api, '出库', '销售', [line('BREAD', 5, 5, m.depotA)], { organId: m.customer, ...at });
    const retail = (client: ReturnType<typeof jshClient>, extra: object = {}) =>
      client.getAction('/depotItem/retailOut', statsQuery(lastWeek, { organizationId: '', categoryId: '', ...extra }));
    const r = await retail(j);
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    expect(r.data.data.rows).toEqual([
      expect.objectContaining({
        barCode: 'BREAD',
        materialName: '面包',
        materialUnit: '个',
        outSum: 6,
        outSumPrice: 37,
        inSum: 1,
        inSumPrice: 6,
        outInSumPrice: 31,
      }),
    ]);
    expect(r.data.data).toMatchObject({ total: 1, realityPriceTotal: 31 });
    // 乙仓 saw none of it; neither did another company
    expect((await retail(j, { depotId: String(m.depotB) })).data.data).toMatchObject({ rows: [], total: 0, realityPriceTotal: 0 });
    expect((await retail(jsh)).data.data).toMatchObject({ rows: [], total: 0 });
    // a date that does not exist: our message in the envelope, never a 500
    const bad = await j.getAction('/depotItem/retailOut', statsQuery('2026-02-30'));
    expect(bad.status).toBe(400);
    expect(bad.data.data.message).toEqual(expect.any(String));
    expect((await retail(j, { depotId: 'x' })).status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { jshClient } from './jsh-client.ts';
import { md5 } from '../../../platform/auth/password.ts';
import type { Database } from '../../../platform/db/database.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';

/**
 * jshERP's own web client (jshERP-web 3.x) replayed call by call, as it sends them: axios's query encoding,
 * JSON bodies with its extra keys, numbers and flags as strings, ids with a trailing comma; each check reads
 * the fields that client reads (issue 23).
 */

describe("jshERP's web client against our server", () => {
  let app: FastifyInstance;
  let db: Database;
  let co: Awaited<ReturnType<typeof newTenant>>;
  let jsh: ReturnType<typeof jshClient>;
  let userId: number;

  beforeAll(async () => {
    ({ app, db } = await testApp());
    co = await newTenant(app, 'jshc');
    const anon = jshClient(app);
    // Login.vue: md5 of the password, the captcha's code and uuid always sent (empty while captchas are off)
    const r = await anon.postAction('/user/login', { loginName: co.loginName, password: md5(co.password), code: '', uuid: '' });
    expect(r.data.code).toBe(200);
    expect(r.data.data.msgTip).toBe('user can login');
    userId = r.data.data.user.id;
    expect(r.data.data.user.loginName).toBe(co.loginName);
    jsh = jshClient(app, r.data.data.token);
  });

  it('the sign-in page reads its flags as bare text', async () => {
    const anon = jshClient(app);
    for (const flag of ['registerFlag', 'checkcodeFlag']) {
      const r = await anon.getAction(`/platformConfig/getPlatform/${flag}`);
      expect(r.status).toBe(200);
      expect(['0', '1']).toContain(`${r.data}`);
    }
    expect(`${(await anon.getAction('/platformConfig/getPlatform/checkcodeFlag')).data}`).toBe('0');
    expect((await anon.getAction('/platformConfig/getPlatform/nope')).status).toBe(400);
  });

  describe('with captchas on', () => {
    beforeAll(() =>
      db.system((tx) => tx.query(`insert into platform_config(key, value) values ('checkcode_flag', '1') on conflict (key) do update set value = '1'`)),
    );
    afterAll(() => db.system((tx) => tx.query(`update platform_config set value = '0' where key = 'checkcode_flag'`)));
    const codeOf = (uuid: string) => db.system((tx) => tx.one<{ code: string }>('select code from login_captcha where uuid = $1', [uuid]));

    it('asks for the code of /user/randomImage, once, case ignored', async () => {
      const anon = jshClient(app);
      expect(`${(await anon.getAction('/platformConfig/getPlatform/checkcodeFlag')).data}`).toBe('1');
      const login = (code: string, uuid: string) => anon.postAction('/user/login', { loginName: co.loginName, password: md5(co.password), code, uuid });
      expect((await login('', '')).data).toEqual({ code: 500012, data: { message: '验证码不能为空' } });

      const img = (await anon.getAction('/user/randomImage')).data.data;
      expect(img.uuid).toMatch(/^[0-9a-f]{32}$/);
      expect(Buffer.from(img.base64.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg /);
      const { code } = (await codeOf(img.uuid))!;
      expect((await login(code === 'aaaa' ? 'bbbb' : 'aaaa', img.uuid)).data).toEqual({ code: 500010, data: { message: '验证码错误' } });
      // a captcha is used up by any attempt, right or wrong
      expect((await login(code, img.uuid)).data).toEqual({ code: 500011, data: { message: '验证码已失效' } });

      const again = (await anon.getAction('/user/randomImage')).data.data;
      const ok = await login((await codeOf(again.uuid))!.code.toUpperCase(), again.uuid);
      expect(ok.data.data.msgTip).toBe('user can login');
    });
  });

  it('reads the renewal figures and platform keys after sign-in', async () => {
    const info = (await jsh.getAction('/user/infoWithTenant', {})).data.data;
    expect(info).toMatchObject({ type: '0', userCurrentNum: 1 });
    expect(info.userNumLimit).toBeGreaterThanOrEqual(1);
    // its footer shows the expiry as jshERP's date text (Tools.parseDateToStr), not an ISO instant
    expect(info.expireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const key = (await jsh.getAction('/platformConfig/getInfoByKey', { platformKey: 'bill_excel_url' })).data;
    expect(key).toEqual({ code: 200, data: { platformKey: 'bill_excel_url', platformValue: '' } });
  });

  it('builds its routes from the menu: a bare array, home first, its own view files as components', async () => {
    // permission.js: {pNumber: 0, userId} with pNumber as a number
    const r = await jsh.postAction('/function/findMenuByPNumber', { pNumber: 0, userId });
    expect(Array.isArray(r.data)).toBe(true);
    expect(r.data[0]).toMatchObject({ id: 0, text: '首页', url: '/dashboard/analysis' });
    const leaves = (r.data as Array<{ component: string; url: string; children?: unknown[] }>).flatMap((m) => (m.children ?? []) as typeof r.data);
    const byUrl = new Map(leaves.map((l: { url: string; component: string }) => [l.url, l.component]));
    expect(byUrl.get('/bill/purchase_in')).toBe('/bill/PurchaseInList');
    expect(byUrl.get('/system/vendor')).toBe('/system/VendorList');
    expect(byUrl.get('/material/material')).toBe('/material/MaterialList');
    for (const m of r.data.slice(1)) expect(m.component).toBe('/layouts/TabLayout');
    // another user's menu is still refused
    expect((await jsh.postAction('/function/findMenuByPNumber', { pNumber: '0', userId: userId + 1000 })).status).toBe(403);

    const btn = (await jsh.getAction('/user/getUserBtnByCurrentUser')).data.data.userBtn;
    expect(btn.find((b: { url: string }) => b.url === '/bill/purchase_in')?.btnStr).toBe('1,2,3,7');
  });

  it('the bell: unread is status 1, read is 2, ids with a trailing comma', async () => {
    expect((await co.api.post('/msg/saveMsg', { type: '0', msgTitle: '请审核', msgContent: '<p>采购单待审核</p>', userIds: String(userId) })).body.code).toBe(
      200,
    );
    const unread = (await jsh.getAction('/msg/getMsgByStatus', { status: '1' })).data.data;
    const mine = unread.find((m: { msgTitle: string }) => m.msgTitle === '请审核');
    expect(mine.status).toBe('1');
    expect((await jsh.getAction('/msg/getMsgCountByType', { type: '0' })).data.data.count).toBeGreaterThanOrEqual(1);
    // HeaderNotice.vue marks it read with status '2'
    expect((await jsh.postAction('/msg/batchUpdateStatus', { ids: `${mine.id},`, status: '2' })).data.code).toBe(200);
    const still = (await jsh.getAction('/msg/getMsgByStatus', { status: '1' })).data.data;
    expect(still.find((m: { id: number }) => m.id === mine.id)).toBeUndefined();
    const read = (await jsh.getAction('/msg/getMsgByStatus', { status: '2' })).data.data;
    expect(read.find((m: { id: number }) => m.id === mine.id)?.status).toBe('2');
  });

  it('never lets an extra key reach a column: tenant and creator keys are dropped, not written', async () => {
    const name = `兼容仓${co.tenantId}`;
    const r = await jsh.postAction('/depot/add', { name, tenantId: 1, tenant_id: 1, creator: 1, deleteFlag: '1', sort: '', isDefault: false });
    expect(r.data.code).toBe(200);
    const row = await db.system((tx) => tx.one<{ tenant_id: number }>('select tenant_id from depot where name = $1 and tenant_id = $2', [name, co.tenantId]));
    expect(row?.tenant_id).toBe(co.tenantId);
    expect(await db.system((tx) => tx.one('select 1 from depot where name = $1 and tenant_id <> $2', [name, co.tenantId]))).toBeUndefined();
  });

  it('keeps suppliers in its own field names: add, list with filters inside search, pickers as bare arrays', async () => {
    // VendorModal.vue: supplier is the name, telephone the mobile, phoneNum the landline; blank numbers as ''
    const added = await jsh.postAction('/supplier/add', {
      supplier: '兼容供应商',
      type: '供应商',
      contacts: '王五',
      telephone: '13800000001',
      phoneNum: '021-5555',
      email: '',
      fax: '',
      beginNeedPay: '',
      allNeedPay: '',
      taxNum: '',
      taxRate: '',
      bankName: '',
      accountNumber: '',
      address: '',
      sort: '',
      description: '',
    });
    expect(added.data.code, JSON.stringify(added.data)).toBe(200);
    const taken = await jsh.getAction('/supplier/checkIsNameAndTypeExist', { supplier: '兼容供应商', type: '供应商', id: 0 });
    expect(taken.data.data.status).toBe(true);
    // JeecgListMixin: filters as JSON in search, the shown columns in field, sort by column/order
    const list = await jsh.getAction('/supplier/list', {
      search: JSON.stringify({ supplier: '兼容', type: '供应商', contacts: '', telephone: '', phonenum: '' }),
      column: 'createTime',
      order: 'desc',
      field: 'id,,supplier,contacts,telephone,phoneNum,email,beginNeedPay,allNeedPay,taxRate,sort,enabled,action',
      currentPage: 1,
      pageSize: 10,
    });
    expect(list.data.code, JSON.stringify(list.data)).toBe(200);
    expect(list.data.data.total).toBe(1);
    expect(list.data.data.rows[0]).toMatchObject({ supplier: '兼容供应商', contacts: '王五', telephone: '13800000001', phoneNum: '021-5555' });
    const picker = await jsh.postAction('/supplier/findBySelect_sup', {});
    expect(Array.isArray(picker.data)).toBe(true);
    expect(picker.data.find((p: { supplier: string }) => p.supplier === '兼容供应商')).toBeTruthy();
    // a value our rules refuse is still refused, with our message
    const bad = await jsh.postAction('/supplier/add', { supplier: '坏号码', type: '供应商', telephone: 'abc' });
    expect(bad.data.code).not.toBe(200);
  });

  // the document is dated today, so the home chart's current month holds it
  const today = new Date().toISOString().slice(0, 10);
  // the purchase inbound saved below, owed to its supplier (37.50), paid in a later test
  let inbound: { number: string; organId: number };
  // the warehouse where the material form below puts 24 bottles, above their maximum of 20
  let openingDepot: number;

  it('saves and audits a purchase inbound as PurchaseInModal.vue sends it', async () => {
    const depot = await jsh.postAction('/depot/add', { name: `入库仓${co.tenantId}`, sort: '', remark: '' });
    expect(depot.data.code).toBe(200);
    const depots = (await co.api.get('/depot/list?pageSize=100')).body.data.rows as Array<{ id: number; name: string }>;
    const depotId = depots.find((d) => d.name === `入库仓${co.tenantId}`)!.id;
    await jsh.postAction('/supplier/add', { supplier: '入库供应商', type: '供应商' });
    const organId = (await jsh.postAction('/supplier/findBySelect_sup', {})).data.find((p: { supplier: string }) => p.supplier === '入库供应商').id;
    const barCode = `JSH${co.tenantId}`;
    const mat = await co.api.post('/material/add', { name: '兼容物料', unit: '个', barCodes: [{ barCode, commodityUnit: '个', purchaseDecimal: 5 }] });
    expect(mat.body.code, mat.text).toBe(200);

    // BillModalMixin.addInit: prefix + defaultNumber in the form; the saved document gets its own number
    const preview = (await jsh.getAction('/sequence/buildNumber')).data.data.defaultNumber;
    expect(preview).toMatch(/^\d{12}$/);
    const billMain = {
      organId: String(organId),
      operTime: `${today} 00:00:00`,
      number: `CGRK${preview}`,
      accountId: '',
      changeAmount: -0,
      totalPrice: -37.5,
      discount: 0,
      discountMoney: 0,
      discountLastMoney: -37.5,
      otherMoney: 0,
      debt: 37.5,
      remark: '',
      type: '入库',
      subType: '采购',
      accountIdList: '',
      accountMoneyList: '',
      fileName: '',
      status: '0',
      defaultNumber: `CGRK${preview}`,
    };
    const detail = [
      {
        id: 'Jk2x9',
        depotId: String(depotId),
        barCode,
        name: '兼容物料',
        standard: '',
        model: '',
        unit: '个',
        sku: '',
        operNumber: '7.5',
        unitPrice: '5',
        taxUnitPrice: '5',
        allPrice: '37.5',
        taxRate: '',
        taxMoney: '',
        taxLastMoney: '37.5',
        batchNumber: '',
        expirationDate: '',
        snList: '',
        remark: '',
      },
    ];
    const saved = await jsh.postAction('/depotHead/addDepotHeadAndDetail', { info: JSON.stringify(billMain), rows: JSON.stringify(detail) });
    expect(saved.data.code, JSON.stringify(saved.data)).toBe(200);

    // the list as JeecgListMixin asks for it: filters inside search
    const list = await jsh.getAction('/depotHead/list', {
      search: JSON.stringify({ number: '', materialParam: '', type: '入库', subType: '采购', linkNumber: '', remark: '' }),
      column: 'createTime',
      order: 'desc',
      field: 'id,,action,organName,number,materialsList,operTimeStr,userName,totalPrice,status',
      currentPage: 1,
      pageSize: 10,
    });
    expect(list.data.code, JSON.stringify(list.data)).toBe(200);
    const row = list.data.data.rows[0];
    inbound = { number: row.number, organId };
    expect(row.status).toBe('0');
    expect(row.number).toMatch(/^CGRK/);
    // audit with the trailing comma its batch buttons leave
    const audit = await jsh.postAction('/depotHead/batchSetStatus', { status: '1', ids: `${row.id},` });
    expect(audit.data.code, JSON.stringify(audit.data)).toBe(200);
    const detailRows = (await co.api.get(`/depotHead/getDetailByNumber?number=${row.number}`)).body.data;
    expect(detailRows.status).toBe('1');
    // the next form's scan (BillModalMixin.scanEnter) sends its extra keys along
    const scan = await jsh.getAction('/material/getMaterialByBarCode', { barCode, depotId, mpList: '规格,颜色', prefixNo: 'XSCK' });
    expect(scan.data.code, JSON.stringify(scan.data)).toBe(200);
    expect(scan.data.data[0] ?? scan.data.data).toMatchObject({ name: '兼容物料', barCode });
    const stock = await jsh.getAction('/depotItem/findStockByDepotAndBarCode', { depotId, barCode });
    expect(Number(stock.data.data.stock)).toBe(7.5);
  });

  it("the bill lists' and home page's side calls: warehouses, waiting bills, accounts, switches, the chart", async () => {
    // BillListMixin.getDepotData: res.data as [{id, depotName, isDefault}]
    const depots = await jsh.getAction('/depot/findDepotByCurrentUser');
    expect(depots.data.code).toBe(200);
    expect(depots.data.data).toEqual(expect.arrayContaining([expect.objectContaining({ depotName: `入库仓${co.tenantId}`, isDefault: false })]));
    // initWaitBillCount('入库', '采购,销售退货', '1,3'): the audited inbound above waits; none is in draft
    const wait = (status: string) => jsh.getAction('/depotHead/waitBillCount', { search: JSON.stringify({ type: '入库', subType: '采购,销售退货', status }) });
    expect((await wait('1,3')).data.data.total).toBe(1);
    expect((await wait('0')).data.data.total).toBe(0);
    expect((await jsh.getAction('/depotHead/waitBillCount', { search: JSON.stringify({ type: '入库', subType: '无此类型', status: '1' }) })).data.code).toBe(
      400,
    );
    // initAccount: res.data.accountList
    const acc = await co.api.post('/account/add', { name: `兼容账户${co.tenantId}`, serialNo: `A${co.tenantId}`, initialAmount: 0 });
    expect(acc.body.code, acc.text).toBe(200);
    const accounts = await jsh.getAction('/account/getAccount', {});
    expect(accounts.data.data.accountList.map((a: { name: string }) => a.name)).toContain(`兼容账户${co.tenantId}`);
    // getCurrentSystemConfig: switches compared with '1', and the six it reads that we had not sent
    const cfg = (await jsh.getAction('/systemConfig/getCurrentInfo')).data.data;
    for (const k of [
      'depotFlag',
      'customerFlag',
      'minusStockFlag',
      'multiBillType',
      'inOutManageFlag',
      'materialPriceTaxFlag',
      'zeroChangeAmountFlag',
      'auditPrintFlag',
      'multiAccountFlag',
    ])
      expect(['0', '1'], k).toContain(cfg[k]);
    expect(cfg.inOutManageFlag).toBe('0');
    // our own client keeps booleans
    expect(typeof (await co.api.get('/systemConfig/getCurrentInfo')).body.data.depotFlag).toBe('boolean');
    // the home chart (IndexChart.vue): buyOrSalePrice with no query, six months of {x, y}
    const chart = (await jsh.getAction('/depotItem/buyOrSalePrice')).data.data;
    for (const k of ['buyPriceList', 'salePriceList', 'retailPriceList']) expect(chart[k]).toHaveLength(6);
    expect(chart.buyPriceList.at(-1)).toEqual({ x: today.slice(0, 7), y: 37.5 });
    expect(chart.salePriceList.at(-1)).toEqual({ x: today.slice(0, 7), y: 0 });
    // with a line to price it is still our suggested price
    const priced = await jsh.getAction('/depotItem/buyOrSalePrice', { materialExtendId: 'x', type: 'buy' });
    expect(priced.status).toBe(400);
  });

  it('reads user, role, category and person lists in its own shapes', async () => {
    // UserList.vue: its /user/list is the user screen, with the kind, manager flag and departments
    const users = await jsh.getAction('/user/list', {
      search: JSON.stringify({ userName: '', loginName: co.loginName }),
      column: 'createTime',
      order: 'desc',
      field: 'id,,,action,loginName,username,userType,roleName,orgAbr,leaderFlagStr,phonenum,userBlngOrgaDsplSeq,status',
      currentPage: 1,
      pageSize: 10,
    });
    expect(users.data.code, JSON.stringify(users.data)).toBe(200);
    expect(users.data.data.rows).toEqual([expect.objectContaining({ id: userId, loginName: co.loginName, userType: '租户', leaderFlagStr: '是' })]);
    // its /user/getUserList is the picker: a bare array of {id, userName}
    const picker = await jsh.getAction('/user/getUserList', {});
    expect(picker.data).toEqual(expect.arrayContaining([{ id: userId, userName: expect.any(String) }]));
    // RoleList.vue: what a role hides, in words
    const masked = await co.api.post('/role/add', { name: `采购价屏蔽${co.tenantId}`, type: '全部数据', priceMasking: true });
    expect(masked.body.code, masked.text).toBe(200);
    const roles = await jsh.getAction('/role/list', { search: JSON.stringify({ name: '' }), currentPage: 1, pageSize: 10 });
    const byName = new Map(roles.data.data.rows.map((r: { name: string; priceLimitStr: string }) => [r.name, r.priceLimitStr]));
    expect(byName.get(`采购价屏蔽${co.tenantId}`)).toContain('屏蔽单据采购价');
    expect(byName.get('租户管理员')).toBe('');
    // the category picker excludes the category being edited (and what is under it)
    const ourTree = async () =>
      (await co.api.get('/materialCategory/getMaterialCategoryTree')).body.data as Array<{ id: number; title: string; children?: Array<{ id: number }> }>;
    expect((await co.api.post('/materialCategory/add', { name: '兼容大类' })).body.code).toBe(200);
    const parentId = (await ourTree()).find((c) => c.title === '兼容大类')!.id;
    expect((await co.api.post('/materialCategory/add', { name: '兼容小类', parentId })).body.code).toBe(200);
    const childId = (await ourTree()).find((c) => c.id === parentId)!.children![0].id;
    const whole = (await jsh.getAction('/materialCategory/getMaterialCategoryTree', { id: '' })).data;
    expect(whole).toEqual([
      expect.objectContaining({
        id: parentId,
        key: parentId,
        value: parentId,
        title: '兼容大类',
        children: [expect.objectContaining({ title: '兼容小类', children: [] })],
      }),
    ]);
    const editing = (await jsh.getAction('/materialCategory/getMaterialCategoryTree', { id: childId })).data;
    expect(editing[0].children).toEqual([]);
    // BillListMixin.initSalesman: [{value, text}]
    await co.api.post('/person/add', { name: '兼容业务员', type: '业务员' });
    const persons = (await jsh.getAction('/person/getPersonByNumType', { type: 1 })).data;
    expect(persons).toEqual([{ value: expect.stringMatching(/^\d+$/), text: '兼容业务员' }]);
  });

  it('saves a multi-unit and a material as UnitModal.vue and MaterialModal.vue send them', async () => {
    const unit = await jsh.postAction('/unit/add', {
      basicUnit: '瓶',
      otherUnit: '箱',
      ratio: '12',
      otherUnitTwo: '',
      ratioTwo: '',
      otherUnitThree: '',
      ratioThree: '',
    });
    expect(unit.data.code, JSON.stringify(unit.data)).toBe(200);
    const units = (await co.api.get('/unit/list?pageSize=100')).body.data.rows as Array<{ id: number; name: string }>;
    const unitId = units.find((u) => u.name === '瓶/(箱=12瓶)')?.id;
    expect(unitId, JSON.stringify(units)).toBeDefined();
    const depot = await jsh.postAction('/depot/add', { name: `期初仓${co.tenantId}`, sort: '', remark: '' });
    expect(depot.data.code).toBe(200);
    const depots = (await jsh.getAction('/depot/findDepotByCurrentUser')).data.data as Array<{ id: number; depotName: string }>;
    const depotId = depots.find((d) => d.depotName === `期初仓${co.tenantId}`)!.id;
    openingDepot = depotId;
    const bottle = `PING${co.tenantId}`;
    const box = `XIANG${co.tenantId}`;
    const saved = await jsh.postAction('/material/add', {
      name: '兼容瓶装水',
      standard: '',
      model: '',
      color: '',
      brand: '',
      mnemonic: '',
      categoryId: '',
      unit: '',
      unitId: String(unitId),
      expiryNum: '',
      weight: '',
      enabled: true,
      enableSerialNumber: '0',
      enableBatchNumber: '0',
      position: '',
      remark: '',
      mfrs: '',
      otherField1: '',
      otherField2: '',
      otherField3: '',
      imgName: '',
      manySku: false,
      sortList: [],
      tenantId: '',
      id: '',
      meList: [
        { id: 'Jk2x9', barCode: bottle, commodityUnit: '瓶', sku: '', purchaseDecimal: '1.5', commodityDecimal: '3', wholesaleDecimal: '2.5', lowDecimal: '' },
        { id: 'Qm7p1', barCode: box, commodityUnit: '箱', sku: '', purchaseDecimal: '18', commodityDecimal: '36', wholesaleDecimal: '30', lowDecimal: '' },
      ],
      stock: depots.map((d) => ({
        id: d.id,
        name: d.depotName,
        initStock: d.id === depotId ? '24' : '',
        lowSafeStock: d.id === depotId ? '6' : '',
        highSafeStock: d.id === depotId ? '20' : '',
      })),
    });
    expect(saved.data.code, JSON.stringify(saved.data)).toBe(200);
    const stock = await jsh.getAction('/depotItem/findStockByDepotAndBarCode', { depotId, barCode: bottle });
    expect(Number(stock.data.data.stock)).toBe(24);
    const picked = await jsh.getAction('/material/getMaterialByBarCode', { barCode: box, depotId, mpList: '', prefixNo: 'CGRK' });
    expect(picked.data.data[0] ?? picked.data.data).toMatchObject({ barCode: box, purchaseDecimal: 18 });
  });

  it('reads its stock warning and in/out stock reports in their own row names', async () => {
    const warn = await jsh.getAction('/depotItem/findStockWarningCount', {
      currentPage: 1,
      pageSize: 10,
      materialParam: '',
      depotId: openingDepot,
      categoryId: '',
      mpList: '规格,颜色',
    });
    expect(warn.data.code, JSON.stringify(warn.data)).toBe(200);
    expect(warn.data.data.rows).toEqual([
      expect.objectContaining({ mname: '兼容瓶装水', depotName: `期初仓${co.tenantId}`, currentNumber: 24, highSafeStock: 20, highCritical: 4 }),
    ]);
    const stock = await jsh.getAction('/depotItem/getInOutStock', {
      currentPage: 1,
      pageSize: 10,
      depotIds: String(openingDepot),
      categoryId: '',
      beginTime: today,
      endTime: today,
      materialParam: '兼容瓶装水',
      mpList: '',
    });
    expect(stock.data.code, JSON.stringify(stock.data)).toBe(200);
    const [row] = stock.data.data.rows;
    expect(row).toMatchObject({ materialName: '兼容瓶装水', thisSum: 24 });
    expect(row.prevSum + row.inSum - row.outSum).toBe(24);
    expect(stock.data.data.total).toBe(1);
    // MaterialStock.vue: rows and the filter's totals
    const list = await jsh.getAction('/material/getListWithStock', {
      currentPage: 1,
      pageSize: 10,
      depotIds: String(openingDepot),
      categoryId: '',
      position: '',
      materialParam: '兼容瓶装水',
      zeroStock: 0,
      mpList: '',
      column: 'createTime',
      order: 'desc',
    });
    expect(list.data.code, JSON.stringify(list.data)).toBe(200);
    expect(list.data.data.rows).toEqual([expect.objectContaining({ name: '兼容瓶装水', mBarCode: `PING${co.tenantId}`, currentStock: 24 })]);
    expect(list.data.data).toMatchObject({ currentStock: 24, currentWeight: 0 });
    // InDetail.vue: the purchase inbound's line (7.5 at 5.00), not the opening stock; OutDetail.vue: nothing went out
    const detail = (type: string) =>
      jsh.getAction('/depotHead/findInOutDetail', {
        currentPage: 1,
        pageSize: 10,
        organId: '',
        number: inbound.number,
        materialParam: '',
        depotId: '',
        beginTime: today,
        endTime: today,
        type,
        creator: '',
        categoryId: '',
        organizationId: '',
        remark: '',
      });
    const inRows = (await detail('入库')).data.data.rows;
    expect(inRows).toEqual([expect.objectContaining({ number: inbound.number, mname: '兼容物料', operNumber: 7.5, unitPrice: 5 })]);
    expect((await detail('出库')).data.data.rows).toEqual([]);
  });

  it('pays that inbound as MoneyOutModal.vue sends it: the bill by its number, amounts with a minus sign', async () => {
    const accountId = (await jsh.getAction('/account/getAccount', {})).data.data.accountList[0].id;
    const preview = (await jsh.getAction('/sequence/buildNumber')).data.data.defaultNumber;
    const info = {
      organId: String(inbound.organId),
      handsPersonId: '',
      billTime: `${today} 00:00:02`,
      billNo: `FK${preview}`,
      accountId: String(accountId),
      totalPrice: -37.5,
      discountMoney: 0,
      changeAmount: -37.5,
      remark: '',
      fileName: '',
      type: '付款',
      status: '0',
    };
    // DebtBillList's selected row, with the fields the form added
    const row = { id: 'Rk3a1', number: inbound.number, billNumber: inbound.number, needDebt: 37.5, finishDebt: 0, debt: 37.5, eachAmount: 37.5, remark: '' };
    const wrong = await jsh.postAction('/accountHead/addAccountHeadAndDetail', {
      info: JSON.stringify(info),
      rows: JSON.stringify([{ ...row, billNumber: 'CGRK-NONE' }]),
    });
    expect(wrong.data.code).not.toBe(200);
    const saved = await jsh.postAction('/accountHead/addAccountHeadAndDetail', { info: JSON.stringify(info), rows: JSON.stringify([row]) });
    expect(saved.data.code, JSON.stringify(saved.data)).toBe(200);
    const list = await jsh.getAction('/accountHead/list', {
      search: JSON.stringify({ type: '付款', billNo: '', beginTime: '', endTime: '', organId: '', status: '', remark: '' }),
      currentPage: 1,
      pageSize: 10,
    });
    expect(list.data.code, JSON.stringify(list.data)).toBe(200);
    const doc = list.data.data.rows[0];
    expect(Number(doc.changeAmount)).toBe(37.5);
    const audit = await jsh.postAction('/accountHead/batchSetStatus', { status: '1', ids: `${doc.id},` });
    expect(audit.data.code, JSON.stringify(audit.data)).toBe(200);
    const lines = (await jsh.getAction('/accountItem/getDetailList', { headerId: doc.id })).data.data;
    const paid = lines.rows ?? lines;
    expect(paid).toEqual([expect.objectContaining({ billNumber: inbound.number, eachAmount: 37.5, billDebt: 0 })]);
  });

  it('unknown paths and signed-out calls answer as our API does', async () => {
    expect((await jsh.getAction('/nothing/here')).status).toBe(404);
    const out = await jshClient(app).getAction('/user/infoWithTenant');
    expect(out.status).toBe(401);
  });
});

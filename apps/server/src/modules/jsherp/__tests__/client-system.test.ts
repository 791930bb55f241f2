import { beforeAll, describe, expect, it } from 'vitest';
import { jshClient } from './jsh-client.ts';
import { login, newTenant, testApp } from '../../../test-support/harness.ts';
import { world } from '../../inventory/__tests__/fixtures.ts';
import { NOT_OFFERED_CALLS } from '../not-offered.ts';
import { newWorkbook } from '../../../platform/spreadsheet.ts';

/**
 * jshERP's system, warehouse, account and partner screens against our server (issue 23), as its client sends them:
 * 系统配置 (SystemConfigList.vue), 操作日志 (LogList.vue), 仓库/账户's 设为默认, the reports' 部门 tree, the tenant
 * form's roles, 用户对应客户's customers, 插件管理's 启用/停用, and the calls whose feature
 * we do not have (jshERP's own refusal, never 接口不存在).
 */
describe("jshERP's system and master-data screens against our server", () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let co: Awaited<ReturnType<typeof newTenant>>;
  let other: Awaited<ReturnType<typeof newTenant>>;
  let w: Awaited<ReturnType<typeof world>>;
  let jsh: ReturnType<typeof jshClient>;

  beforeAll(async () => {
    ({ app } = await testApp());
    co = await newTenant(app, 'jshs');
    other = await newTenant(app, 'jsho');
    w = await world(co.api);
    jsh = jshClient(app, co.token);
  });

  it('系统配置 reads the company row as a list with its switches as 1/0', async () => {
    expect((await co.api.put('/systemConfig/update', { companyName: '测试公司甲', minusStockFlag: true })).body.code).toBe(200);
    const r = await jsh.getAction('/systemConfig/list', { search: JSON.stringify({ companyName: '' }), currentPage: 1, pageSize: 10 });
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    expect(r.data.data.total).toBe(1);
    expect(r.data.data.rows[0]).toMatchObject({
      companyName: '测试公司甲',
      minusStockFlag: '1',
      overLinkBillFlag: expect.stringMatching(/^[01]$/),
      multiAccountFlag: '1',
    });
    // its switches show for a stored row only: the company's
    expect(r.data.data.rows[0].id).toBe(co.tenantId);
  });

  it('操作日志 lists the company’s log with its columns, filtered by 操作员 and dates; who is signed in', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const search = { operation: '', content: '', userInfo: co.loginName, clientIp: '', beginTime: '2020-01-01', endTime: today };
    const r = await jsh.getAction('/log/list', { search: JSON.stringify(search), currentPage: 1, pageSize: 10 });
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    const rows = r.data.data.rows as Array<Record<string, unknown>>;
    expect(r.data.data.total).toBeGreaterThan(0);
    // the warehouses world() added are in it, under our entity as 操作模块
    expect(rows.some((x) => x.operation === 'depot' && String(x.content).startsWith('add'))).toBe(true);
    expect(rows.every((x) => x.loginName === co.loginName && x.userName === co.loginName && typeof x.createTimeStr === 'string')).toBe(true);
    // another login name: nothing of this company's administrator
    const none = await jsh.getAction('/log/list', { search: JSON.stringify({ ...search, userInfo: 'nobody_here' }), currentPage: 1, pageSize: 10 });
    expect(none.data.data.total).toBe(0);
    // the other company's log is never shown
    const theirs = await jshClient(app, other.token).getAction('/log/list', {
      search: JSON.stringify({ ...search, userInfo: co.loginName }),
      currentPage: 1,
      pageSize: 10,
    });
    expect(theirs.data.data.total).toBe(0);
    const me = await jsh.getAction('/user/getUserSession');
    expect(me.data.code).toBe(200);
    expect(me.data.data.user).toMatchObject({ loginName: co.loginName, tenantId: co.tenantId });
  });

  it('设为默认 makes one warehouse (account) the default and clears the others; another company’s id is refused', async () => {
    const isDefault = async (entity: string, id: number) => (await co.api.get(`/${entity}/info?id=${id}`)).body.data.isDefault;
    for (const [entity, a, b] of [
      ['depot', w.depotA, w.depotB],
      ['account', w.account, (await co.api.post('/account/add', { name: '银行' })).body.data.id as number],
    ] as const) {
      expect((await jsh.postAction(`/${entity}/updateIsDefault`, { id: a })).data.code).toBe(200);
      expect(await isDefault(entity, a)).toBe(true);
      expect((await jsh.postAction(`/${entity}/updateIsDefault`, { id: String(b) })).data.code).toBe(200);
      expect([await isDefault(entity, a), await isDefault(entity, b)]).toEqual([false, true]);
      // another company's id: not found, and nothing changed here or there
      const foreign = await jshClient(app, other.token).postAction(`/${entity}/updateIsDefault`, { id: b });
      expect(foreign.status).toBe(404);
      expect(await isDefault(entity, b)).toBe(true);
      // no id, or not an id: jshERP's envelope with our message, never a 500
      for (const bad of [{}, { id: 'x' }, { id: -1 }]) {
        const r = await jsh.postAction(`/${entity}/updateIsDefault`, bad);
        expect(r.status, JSON.stringify(r.data)).toBe(400);
        expect(r.data.data.message).toEqual(expect.any(String));
      }
    }
  });

  it('the reports’ 部门 tree, the tenant form’s roles and 用户对应客户’s customers are bare lists of the company’s own', async () => {
    const top = (await co.api.post('/organization/add', { name: '销售部', orgNo: 'S1' })).body.data.id as number;
    expect((await co.api.post('/organization/add', { name: '华东组', orgNo: 'S11', parentId: top })).body.code).toBe(200);
    const tree = (await jsh.getAction('/organization/getAllOrganizationTreeByUser')).data;
    expect(Array.isArray(tree)).toBe(true);
    const node = tree.find((n: { id: number }) => n.id === top);
    expect(node).toMatchObject({ title: '销售部', key: top, value: top });
    expect(node.children.map((c: { title: string }) => c.title)).toEqual(['华东组']);
    expect((await jshClient(app, other.token).getAction('/organization/getAllOrganizationTreeByUser')).data).toEqual([]);

    const roles = (await jsh.getAction('/role/tenantRoleList')).data;
    expect(Array.isArray(roles) && roles.length > 0).toBe(true);
    const ours = ((await co.api.get('/role/allList')).body.data as Array<{ id: number }>).map((r) => r.id);
    expect(roles.map((r: { id: number }) => r.id)).toEqual(ours);

    const cus = (await jsh.getAction('/supplier/getAllCustomer', { search: '' })).data;
    expect(cus.code).toBe(200);
    expect(cus.data.rows).toEqual([expect.objectContaining({ id: w.customer, supplier: '客户一' })]);
    expect(cus.data.total).toBe(1);
  });

  it('插件管理: 启用/停用 switch our plugin, checkByPluginId sees it; unknown plugins refused', async () => {
    const enabled = async () =>
      ((await co.api.get('/plugin/list')).body.data.rows as Array<{ code: string; enabled: boolean }>).find((p) => p.code === 'manufacture')!.enabled;
    expect((await jsh.getAction('/plugin/checkByPluginId', { pluginIds: 'produce' })).data).toMatchObject({ code: 200, data: true });
    expect((await jsh.postAction('/plugin/stop/manufacture', {})).data.code).toBe(200);
    expect(await enabled()).toBe(false);
    expect((await jsh.getAction('/plugin/checkByPluginId', { pluginIds: 'produce' })).data).toMatchObject({ code: 200, data: false });
    expect((await jsh.postAction('/plugin/start/manufacture', {})).data.code).toBe(200);
    expect(await enabled()).toBe(true);
    // plugins we do not have: not installed
    expect((await jsh.getAction('/plugin/checkByPluginId', { pluginIds: 'workflow' })).data).toMatchObject({ code: 200, data: false });
    const unknown = await jsh.postAction('/plugin/stop/no_such', {});
    expect(unknown.data.code).toBe(404);
    const malformed = await jsh.postAction('/plugin/start/%E0%A4%A', {});
    expect([400, 404]).toContain(malformed.status);
  });

  it('用户对应仓库/用户对应客户 read a user’s grants: a checked warehouse tree, the customer ids', async () => {
    const userId = (await co.api.get('/user/infoWithTenant')).body.data.id as number;
    const depots = async () => (await jsh.getAction('/depot/findUserDepot', { UBType: 'UserDepot', UBKeyId: userId })).data;
    const none = await depots();
    expect(none).toHaveLength(1);
    expect(none[0]).toMatchObject({ id: 0, title: '仓库列表' });
    const names = (none[0].children as Array<{ title: string; checked?: boolean }>).map((c) => c.title);
    expect(names).toEqual(expect.arrayContaining(['甲仓', '乙仓']));
    expect(none[0].children.some((c: { checked?: boolean }) => c.checked)).toBe(false);
    expect((await jsh.getAction('/supplier/getUserCustomerValue', { UBType: 'UserCustomer', UBKeyId: userId })).data).toEqual({ code: 200, data: null });
    // granted as UserDepotModal.vue / UserCustomerModal.vue save them (our userBusiness routes)
    expect((await jsh.postAction('/userBusiness/add', { type: 'UserDepot', keyId: String(userId), value: `[${w.depotB}]` })).data.code).toBe(200);
    expect((await jsh.postAction('/userBusiness/add', { type: 'UserCustomer', keyId: String(userId), value: `[${w.customer}]` })).data.code).toBe(200);
    const checked = (await depots())[0].children.filter((c: { checked?: boolean }) => c.checked).map((c: { id: number }) => c.id);
    expect(checked).toEqual([w.depotB]);
    expect((await jsh.getAction('/supplier/getUserCustomerValue', { UBType: 'UserCustomer', UBKeyId: userId })).data).toEqual({
      code: 200,
      data: [w.customer],
    });
    // another company's view of this user: nothing granted there; bad types refused in the envelope
    expect((await jshClient(app, other.token).getAction('/supplier/getUserCustomerValue', { UBType: 'UserCustomer', UBKeyId: userId })).data.data).toBe(null);
    const bad = await jsh.getAction('/depot/findUserDepot', { UBType: 'Nope', UBKeyId: userId });
    expect(bad.status).toBe(400);
    expect(bad.data.data.message).toEqual(expect.any(String));
  });

  it('功能管理’s 上级菜单 picker reads one entry as data.info (the platform’s screen)', async () => {
    const admin = await login(app, 'admin');
    const platform = jshClient(app, admin.token);
    const rows = (await admin.api.get('/function/list')).body.data.rows as Array<{ id: number; number: string; name: string }>;
    const one = rows.find((f) => f.number.length === 4)!;
    const r = await platform.getAction('/function/info', { id: one.id });
    expect(r.data).toMatchObject({ code: 200, data: { info: { id: one.id, number: one.number, name: one.name } } });
    expect((await platform.getAction('/function/info', { id: 99999999 })).data).toEqual({ code: 500, data: { message: '功能不存在' } });
    expect((await platform.getAction('/function/info', { id: 'x' })).data.code).toBe(500);
    // a company's administrator is not the platform's: refused, as our list refuses
    expect((await jsh.getAction('/function/info', { id: one.id })).data.code).toBe(403);
  });

  it('UserInfo (/user/info?id): one user of the company as data.info; another company’s user is not found', async () => {
    const me = (await co.api.get('/user/infoWithTenant')).body.data as { id: number; loginName: string };
    const r = await jsh.getAction('/user/info', { id: me.id });
    expect(r.data, JSON.stringify(r.data)).toMatchObject({ code: 200, data: { info: { id: me.id, loginName: co.loginName } } });
    expect(r.data.data.info).not.toHaveProperty('password');
    const theirs = (await other.api.get('/user/infoWithTenant')).body.data.id as number;
    for (const id of [theirs, 99999999, 'x', ''])
      expect((await jsh.getAction('/user/info', { id })).data).toEqual({ code: 500, data: { message: '用户不存在' } });
  });

  it('the report screens’ 导出 (exportExcelByParam): the rows the screen sends as a spreadsheet, under its tip', async () => {
    const send = (token: string | undefined, body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/jshERP-boot/systemConfig/exportExcelByParam',
        headers: { ...(token ? { 'x-access-token': token } : {}), 'content-type': 'application/json;charset=UTF-8' },
        payload: JSON.stringify(body),
      });
    const sent = {
      title: '采购统计',
      head: '条码,名称,采购数量,采购金额',
      tip: '查询日期：2026-11-01~2026-11-27',
      list: [
        ['A1', '书架', 5, 20.5],
        ['B2', '台灯', 2, null, '多余'],
      ],
    };
    const res = await send(co.token, sent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/ms-excel/);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/filename\*=UTF-8''采购统计\d{10}\.xls$/);
    const wb = await newWorkbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(wb.worksheets[0]!.name).toBe('采购统计');
    // the tip, the header, the rows; a cell past the last name left out, an empty one blank
    expect(rows).toEqual([[sent.tip], ['条码', '名称', '采购数量', '采购金额'], ['A1', '书架', 5, 20.5], ['B2', '台灯', 2, '']]);
    // not signed in: refused; bad bodies: the envelope, never a 500
    expect((await send(undefined, sent)).statusCode).toBe(401);
    for (const bad of [
      {},
      { ...sent, title: '' },
      { ...sent, list: 'x' },
      { ...sent, list: [[{ a: 1 }]] },
      { ...sent, head: Array(300).fill('x').join(',') },
    ]) {
      const r = await send(co.token, bad);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().data.message).toEqual(expect.any(String));
    }
  });

  it('功能管理’s 批量删除 removes the added entries chosen, all or nothing, the platform’s only', async () => {
    const admin = await login(app, 'admin');
    const del = (token: string, ids: string) =>
      app
        .inject({ method: 'DELETE', url: `/jshERP-boot/function/deleteBatch?ids=${encodeURIComponent(ids)}`, headers: { 'x-access-token': token } })
        .then((r) => ({ status: r.statusCode, data: JSON.parse(r.body) }));
    const number = `16${String(Date.now() % 1e6).padStart(6, '0')}`;
    const entry = { name: '外部帮助', englishName: 'Help', url: 'https://example.com/help', sort: '0000' };
    const add = async (n: string, parentNumber: string) => {
      const r = await admin.api.post('/function/add', { ...entry, number: n, parentNumber });
      expect(r.body.code, r.text).toBe(200);
      return r.body.data.id as number;
    };
    const parent = await add(number, '16');
    const child = await add(`${number}01`, number);
    const exists = async (n: string) => (await admin.api.get(`/function/checkIsNumberExist?number=${n}`)).body.data.status as boolean;
    const seed = ((await admin.api.get('/function/list')).body.data.rows as Array<{ id: number; number: string }>).find((f) => f.number === '1601')!;
    // a seed entry among them: refused, and neither added entry is gone
    const withSeed = await del(admin.token, `${parent},${child},${seed.id},`);
    expect(withSeed.data).toEqual({ code: 500, data: { message: '内置菜单不能删除，可以隐藏' } });
    expect([await exists(number), await exists(`${number}01`)]).toEqual([true, true]);
    // the parent alone while its child stays: refused
    expect((await del(admin.token, `${parent},`)).data.data.message).toBe('请先删除下级菜单');
    // a company's administrator is not the platform's
    expect((await del(co.token, `${parent},${child},`)).data.code).toBe(403);
    expect(await exists(number)).toBe(true);
    // no ids, not ids, an id that is none: the envelope, never a 500
    for (const bad of ['', 'x,y', '-1']) {
      const r = await del(admin.token, bad);
      expect(r.status, JSON.stringify(r.data)).toBe(400);
      expect(r.data.data.message).toEqual(expect.any(String));
    }
    expect((await del(admin.token, '99999999')).data.code).toBe(404);
    // the entry with the one below it, as its list sends them (trailing comma): both gone
    expect((await del(admin.token, `${parent},${child},`)).data.code).toBe(200);
    expect([await exists(number), await exists(`${number}01`)]).toEqual([false, false]);
  });

  it('calls whose feature we do not have answer jshERP’s refusal with the reason, and change nothing', async () => {
    expect(NOT_OFFERED_CALLS.length).toBeGreaterThan(5);
    const send = (key: string) => {
      const [method, path] = key.split(' ');
      const url = path.replace(':pluginId', 'manufacture');
      return method === 'GET'
        ? jsh.getAction(url)
        : app
            .inject({
              method: method as 'POST' | 'DELETE',
              url: `/jshERP-boot${url}`,
              headers: { 'x-access-token': co.token, 'content-type': 'application/json' },
              payload: '{"ids":"1"}',
            })
            .then((r) => ({ status: r.statusCode, data: JSON.parse(r.body) }));
    };
    for (const key of NOT_OFFERED_CALLS) {
      const r = await send(key);
      expect(r.status, key).toBe(200);
      expect(r.data.code, key).toBe(500);
      expect(r.data.data.message, key).toMatch(/本系统/);
    }
    expect((await jsh.postAction('/material/batchSetMaterialCurrentStock', { ids: '1,' })).data.data.message).toMatch(/实时计算/);
    // the uploads as JUpload.vue and ImportItemModal.vue send them (multipart): refused the same way, never a 415 or 500
    const boundary = '----jshUpload';
    for (const url of ['/systemConfig/upload', '/depotItem/importItemExcel']) {
      const r = await app.inject({
        method: 'POST',
        url: `/jshERP-boot${url}`,
        headers: { 'x-access-token': co.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\nbill\r\n--${boundary}--\r\n`,
      });
      expect(r.statusCode, url).toBe(200);
      expect(JSON.parse(r.body), url).toEqual({ code: 500, data: { message: expect.stringMatching(/不接收文件上传/) } });
    }
    // uninstall is refused: the plugin stays
    expect(((await co.api.get('/plugin/list')).body.data.rows as Array<{ code: string }>).some((p) => p.code === 'manufacture')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { client, login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import type { Tx } from '../../../platform/db/database.ts';

type Entry = { number: string; url: string; text: string; englishName: string; children?: Entry[] };
const flat = (es: Entry[]): Entry[] => es.flatMap((e) => [e, ...flat(e.children ?? [])]);

/** The SPEC §7 calls issue 24 added: functions, user business, configuration adds, billing control, board two. */
describe('system administration calls', async () => {
  const { app, db } = await testApp();

  it('lets the platform administrator add, rename and reorder functions, which the menu then shows', async () => {
    const admin = await login(app, 'admin');
    const jsh = await login(app, 'jsh');
    const number = `16${String(Date.now() % 1e6).padStart(6, '0')}`;
    expect((await admin.api.get(`/function/checkIsNumberExist?number=${number}`)).body.data).toEqual({ status: false });
    expect((await admin.api.get('/function/checkIsNumberExist?number=1601')).body.data).toEqual({ status: true });
    const add = await admin.api.post('/function/add', {
      number,
      parentNumber: '16',
      name: '外部帮助',
      englishName: 'Help',
      url: 'https://example.com/help',
      sort: '0000',
    });
    expect(add.body.code, add.text).toBe(200);
    expect((await admin.api.post('/function/add', { number, parentNumber: '16', name: 'x', englishName: 'x', url: '/x' })).body).toMatchObject({
      code: 500,
      data: { message: '编号已存在' },
    });
    expect(
      (await admin.api.post('/function/add', { number: `${number}1`, parentNumber: '99', name: 'x', englishName: 'x', url: '/x' })).body.data.message,
    ).toBe('上级菜单不存在');
    // the role named admin passes every check: it sees the added entry, first in its area by its sort
    const sys = flat((await admin.api.post('/function/findMenuByPNumber', { pNumber: '16' })).body.data);
    expect(sys[0]).toMatchObject({ number, text: '外部帮助', url: 'https://example.com/help' });
    // a company's roles see it once granted
    expect(flat((await jsh.api.post('/function/findMenuByPNumber', { pNumber: '16' })).body.data).some((e) => e.number === number)).toBe(false);

    const list = (await admin.api.get('/function/list')).body.data.rows as Array<{ id: number; number: string; custom: boolean }>;
    const role = list.find((f) => f.number === '1601')!;
    try {
      const upd = await admin.api.put('/function/update', { id: role.id, name: '角色权限', englishName: 'Roles and rights' });
      expect(upd.body.data).toMatchObject({ name: '角色权限', englishName: 'Roles and rights', edited: true, custom: false });
      // a seed entry keeps its url: the code tree owns it
      expect((await admin.api.put('/function/update', { id: role.id, url: '/elsewhere' })).body.data.message).toMatch('内置菜单只能修改');
      const menu = flat((await jsh.api.post('/function/findMenuByPNumber', { pNumber: '16' })).body.data);
      expect(menu.find((e) => e.url === '/system/role')).toMatchObject({ text: '角色权限', englishName: 'Roles and rights' });
      // the start-up sync keeps the edit
      const { syncCatalogue } = await import('../index.ts');
      await syncCatalogue(db);
      const again = flat((await jsh.api.post('/function/findMenuByPNumber', { pNumber: '16' })).body.data);
      expect(again.find((e) => e.url === '/system/role')!.text).toBe('角色权限');
    } finally {
      await admin.api.put('/function/update', { id: role.id, name: '角色管理', englishName: 'Roles' });
    }
    const mine = list.find((f) => f.number === number)!;
    expect((await admin.api.put('/function/update', { id: mine.id, url: '/system/help_page', sort: '9999' })).body.data).toMatchObject({
      url: '/system/help_page',
    });
    expect((await admin.api.delete(`/function/delete?id=${role.id}`)).body.data.message).toBe('内置菜单不能删除，可以隐藏');
    expect((await admin.api.delete(`/function/delete?id=${mine.id}`)).body.code).toBe(200);
    expect((await admin.api.get(`/function/checkIsNumberExist?number=${number}`)).body.data).toEqual({ status: false });
  });

  it('grants a menu entry new to the database to every company administrator role, and only when it is new', async () => {
    const t = await newTenant(app);
    const { grantNewMenus, syncCatalogue } = await import('../index.ts');
    const held = (tx: Tx) =>
      tx.query<{ role: string; btn: string }>(
        `select r.name as role, rf.btn_str as btn from role_function rf join role r on r.tenant_id = rf.tenant_id and r.id = rf.role_id
          join sys_function f on f.id = rf.function_id where rf.tenant_id = $1 and f.url = '/financial/workbench'`,
        [t.tenantId],
      );
    // the company as one made before the entry existed: its administrator role lacks it, a second role too
    const fid = await db.system(async (tx) => {
      await tx.query(`insert into role(tenant_id, name) values ($1, '仓管员')`, [t.tenantId]);
      await tx.query(`delete from role_function where tenant_id = $1 and function_id = (select id from sys_function where url = '/financial/workbench')`, [
        t.tenantId,
      ]);
      return (await tx.one<{ id: number }>(`select id from sys_function where url = '/financial/workbench'`))!.id;
    });
    expect(await db.system(held)).toEqual([]);
    expect((await (await login(app, t.loginName, t.password)).api.get('/finance/workbench')).status, 'not granted: refused').toBe(403);
    // a start that finds the entry already known grants nothing (an administrator may have taken it away)
    await syncCatalogue(db);
    expect(await db.system(held)).toEqual([]);
    // new to the database: the administrator role gets it with its buttons, the other role does not
    await db.system((tx) => grantNewMenus(tx, [fid]));
    const pushBtn = (await db.system((tx) => tx.one<{ b: string }>('select push_btn as b from sys_function where id = $1', [fid])))!.b;
    expect(await db.system(held)).toEqual([{ role: '租户管理员', btn: pushBtn }]);
    expect((await (await login(app, t.loginName, t.password)).api.get('/finance/workbench')).status, 'granted: the new screen opens').toBe(200);
  });

  it('hides a function: it leaves the menu and its routes are refused, even to an administrator', async () => {
    const admin = await login(app, 'admin');
    const jsh = await login(app, 'jsh');
    const job = ((await admin.api.get('/function/list')).body.data.rows as Array<{ id: number; url: string }>).find((f) => f.url === '/system/job')!;
    expect((await jsh.api.get('/job/list')).status).toBe(200);
    try {
      expect((await admin.api.put('/function/update', { id: job.id, enabled: false })).body.code).toBe(200);
      const menu = flat((await jsh.api.post('/function/findMenuByPNumber', { pNumber: '0' })).body.data);
      expect(menu.some((e) => e.url === '/system/job')).toBe(false);
      expect(menu.some((e) => e.url === '/system/role')).toBe(true);
      expect((await jsh.api.get('/job/list')).status).toBe(403);
    } finally {
      await admin.api.put('/function/update', { id: job.id, enabled: true });
    }
    expect((await jsh.api.get('/job/list')).status).toBe(200);
  });

  it('keeps function editing to the platform administrator and validates it', async () => {
    const jsh = await login(app, 'jsh');
    expect((await jsh.api.post('/function/add', { number: '1699', parentNumber: '16', name: 'x', englishName: 'x', url: '/x' })).status).toBe(403);
    expect((await jsh.api.get('/function/checkIsNumberExist?number=1601')).status).toBe(403);
    const admin = await login(app, 'admin');
    for (const body of [
      { number: '1', parentNumber: '16', name: 'x', englishName: 'x', url: '/x' },
      { number: '1698', parentNumber: '16', name: '', englishName: 'x', url: '/x' },
      { number: '1698', parentNumber: '16', name: 'x', englishName: 'x', url: 'javascript:alert(1)' },
      { number: '1698', parentNumber: '16', name: 'x', englishName: 'x', url: '/x', extra: 1 },
    ]) {
      expect((await admin.api.post('/function/add', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.api.put('/function/update', { id: 99999999 })).status).toBe(404);
  });

  it('assigns a user roles, warehouses, customers and buttons (userBusiness), which their access follows', async () => {
    const t = await newTenant(app, 'ub');
    const w = await world(t.api);
    const roleA = (await t.api.post('/role/add', { name: uniqueName('r'), type: '全部数据' })).body.data.id as number;
    const grants = (await t.api.get(`/role/getGrants?id=${roleA}`)).body.data as Array<{ functionId: number; url: string }>;
    const person = grants.find((g) => g.url === '/system/person')!.functionId;
    await t.api.post('/role/setGrants', { roleId: roleA, grants: [{ functionId: person, btnStr: '1,3' }] });
    const roleB = (await t.api.post('/role/add', { name: uniqueName('r'), type: '全部数据' })).body.data.id as number;
    const loginName = uniqueName('u');
    const user = (await t.api.post('/user/addUser', { loginName, username: loginName, roleIds: [roleB] })).body.data.id as number;

    expect((await t.api.get(`/userBusiness/checkIsValueExist?type=UserRole&keyId=${user}`)).body.data).toEqual({ id: user });
    expect((await t.api.get(`/userBusiness/checkIsValueExist?type=UserDepot&keyId=${user}`)).body.data).toEqual({ id: null });
    const roles = await t.api.put('/userBusiness/update', { type: 'UserRole', keyId: user, value: `[${roleA}]` });
    expect(roles.body.data).toMatchObject({ value: `[${roleA}]`, ids: [roleA] });
    const u = await login(app, loginName);
    expect((await u.api.post('/person/add', { name: uniqueName('p'), type: '业务员' })).body.code).toBe(200);

    // buttons: the user keeps only button 3 of /system/person
    const btn = await t.api.post('/userBusiness/add', { type: 'UserBtn', keyId: user, btnStr: [{ funId: person, btnStr: '3' }] });
    expect(btn.body.data).toMatchObject({ value: `[${person}]`, btnStr: [{ funId: person, btnStr: '3' }] });
    expect((await u.api.post('/person/add', { name: uniqueName('p'), type: '业务员' })).status).toBe(403);
    expect((await u.api.get('/person/list')).status).toBe(200);
    expect((await t.api.post('/userBusiness/add', { type: 'UserBtn', keyId: user, btnStr: [] })).body.data.message).toBe('该用户已有此类分配，请修改');

    // warehouses and customers: the user's own scope replaces the roles' once the company turns scopes on
    const { allowedIds } = await import('../../../platform/auth/data-scope.ts');
    const { sessionFor } = await import('../../../platform/auth/session.ts');
    const scope = (kind: 'depot' | 'customer') => db.tenant(t.tenantId, async (tx) => allowedIds(tx, await sessionFor(tx, t.tenantId, user, 'x'), kind));
    await t.api.put('/systemConfig/update', { depotFlag: true, customerFlag: true });
    expect(await scope('depot')).toBeNull();
    const depot = await t.api.post('/userBusiness/add', { type: 'UserDepot', keyId: user, value: `[${w.depotB}]` });
    expect(depot.body.code, depot.text).toBe(200);
    expect(await scope('depot')).toEqual([w.depotB]);
    await t.api.post('/userBusiness/add', { type: 'UserCustomer', keyId: user, value: [w.customer] });
    expect(await scope('customer')).toEqual([w.customer]);
    // a supplier is not a customer; another company's warehouse does not exist here
    expect((await t.api.put('/userBusiness/update', { type: 'UserCustomer', keyId: user, value: [w.supplier] })).body.data.message).toMatch('不存在');
    const id = (await t.api.get(`/userBusiness/checkIsValueExist?type=UserDepot&keyId=${user}`)).body.data.id;
    expect((await t.api.put('/userBusiness/update', { id, type: 'UserDepot', keyId: user, value: '' })).body.code).toBe(200);
    expect(await scope('depot')).toBeNull();

    // the calls need the user screen's rights and well-formed input
    expect((await u.api.get(`/userBusiness/checkIsValueExist?type=UserRole&keyId=${user}`)).status).toBe(403);
    for (const body of [
      { type: 'RoleFunctions', keyId: user, value: '[1]' },
      { type: 'UserDepot', keyId: user, value: '1,2' },
      { type: 'UserDepot', keyId: 'x', value: '[1]' },
    ]) {
      expect((await t.api.post('/userBusiness/add', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.api.post('/userBusiness/add', { type: 'UserDepot', keyId: 99999999, value: '[1]' })).status).toBe(404);
    expect((await t.api.put('/userBusiness/update', { type: 'UserRole', keyId: user, value: '' })).body.data.message).toBe('请选择角色');
  });

  it('adds the company configuration and a platform setting, and tells the upload size limit', async () => {
    const t = await newTenant(app, 'cfg');
    const add = await t.api.post('/systemConfig/add', { companyName: '新公司', companyTel: '010-1234' });
    expect(add.body.data).toMatchObject({ companyName: '新公司', companyTel: '010-1234' });
    expect((await t.api.get('/systemConfig/getCurrentInfo')).body.data.companyName).toBe('新公司');
    expect((await t.api.get('/systemConfig/fileSizeLimit')).body).toEqual({ code: 200, data: 5 });
    const admin = await login(app, 'admin');
    const key = `k_${Date.now()}`;
    expect((await admin.api.post('/platformConfig/add', { platformKey: key, platformValue: 'v1', remark: '测试' })).body.data).toEqual({
      platformKey: key,
      platformValue: 'v1',
    });
    expect((await admin.api.post('/platformConfig/add', { platformKey: key, platformValue: 'v2' })).body.data.message).toBe('参数键已存在');
    expect((await t.api.get(`/platformConfig/getPlatformConfigByKey?platformKey=${key}`)).body.data.platformValue).toBe('v1');
    expect((await t.api.post('/platformConfig/add', { platformKey: `${key}x`, platformValue: 'v' })).status).toBe(403);
    expect((await admin.api.post('/platformConfig/add', { platformKey: 'Bad Key', platformValue: 'v' })).status).toBe(400);
  });

  it('records billing: the company follows its newest record (type, user limit, expiry)', async () => {
    const t = await newTenant(app, 'bill');
    const admin = await login(app, 'admin');
    const save = await admin.api.post('/billingControl/save', {
      tenantId: t.tenantId,
      type: '1',
      userLimit: 20,
      startTime: '2026-01-01',
      expireTime: '2030-12-31 23:59:59',
      amount: '1200.50',
      remark: '续费一年',
    });
    expect(save.body.data, save.text).toMatchObject({ type: '1', userLimit: 20, expireTime: '2030-12-31 23:59:59', amount: '1200.500000' });
    expect((await client(app, t.token).get('/user/infoWithTenant')).body.data).toMatchObject({ type: '1', expireTime: expect.stringMatching(/^2030-12-31/) });
    const upd = await admin.api.put('/billingControl/update', { id: save.body.data.id, tenantId: t.tenantId, expireTime: '2020-06-30', amount: 0 });
    expect(upd.body.data.message).toBe('到期时间须晚于开始时间');
    const fix = await admin.api.put('/billingControl/update', { id: save.body.data.id, tenantId: t.tenantId, expireTime: '2031-06-30' });
    expect(fix.body.data.expireTime).toBe('2031-06-30 00:00:00');
    expect((await admin.api.get(`/billingControl/list?tenantId=${t.tenantId}`)).body.data.total).toBe(1);
    // the limit cannot fall below the company's users; the platform itself is not billed
    const roleId = (await t.api.post('/role/add', { name: uniqueName('r'), type: '全部数据' })).body.data.id;
    expect((await t.api.post('/user/addUser', { loginName: uniqueName('b'), username: 'b', roleIds: [roleId] })).body.code).toBe(200);
    const low = await admin.api.put('/billingControl/update', { id: save.body.data.id, tenantId: t.tenantId, userLimit: 1 });
    expect(low.body.data.message).toBe('用户数上限不能小于现有用户数 2');
    expect(
      (await admin.api.post('/billingControl/save', { tenantId: admin.data.user.tenantId, type: '1', userLimit: 5, expireTime: '2030-01-01', amount: 0 })).body
        .data.message,
    ).toBe('平台租户不需要计费');
    expect((await t.api.post('/billingControl/save', { tenantId: t.tenantId, type: '1', userLimit: 5, expireTime: '2030-01-01', amount: 0 })).status).toBe(403);
    for (const amount of ['-1', '1e5', 'abc']) {
      expect((await admin.api.post('/billingControl/save', { tenantId: t.tenantId, type: '1', userLimit: 5, expireTime: '2030-01-01', amount })).status).toBe(
        400,
      );
    }
  });

  it('answers the management board: sales and purchase sides from the documents of the period', async () => {
    const t = await newTenant(app, 'board');
    const w = await world(t.api);
    await w.material('钢笔', 'PEN01');
    const now = (await db.system((tx) => tx.one<{ t: string }>("select to_char(now(), 'YYYY-MM-DD HH24:MI:SS') as t")))!.t;
    await saved(t.api, '入库', '采购', [line('PEN01', 10, '5.5', w.depotA)], { organId: w.supplier, operTime: now });
    await saved(t.api, '其它', '销售订单', [line('PEN01', 4, '12.25', w.depotA)], { organId: w.customer, operTime: now });
    await saved(t.api, '出库', '销售', [line('PEN01', 3, '12.25', w.depotA)], { organId: w.customer, operTime: now });
    await saved(t.api, '入库', '销售退货', [line('PEN01', 1, '12.25', w.depotA)], { organId: w.customer, operTime: now });
    const sale = (await t.api.get('/board/management/two')).body.data;
    expect(sale.thisMonth).toEqual({ orderAmount: '49.000000', moveAmount: '36.750000', backAmount: '12.250000', partners: 1 });
    expect(sale.months).toHaveLength(12);
    expect(sale.months[11]).toMatchObject({ month: now.slice(0, 7), moveAmount: '36.750000' });
    expect(sale.topPartners).toEqual([{ organId: w.customer, name: '客户一', amount: '24.500000' }]);
    const buy = (await t.api.get('/board/management/two/buy')).body.data;
    expect(buy.thisMonth).toMatchObject({ moveAmount: '55.000000', orderAmount: '0', partners: 1 });
    expect(buy.topPartners[0]).toMatchObject({ name: '供应商一', amount: '55.000000' });
    // another company sees none of it
    const other = await newTenant(app, 'board2');
    expect((await other.api.get('/board/management/two')).body.data.thisMonth).toMatchObject({ moveAmount: '0', partners: 0 });
  });

  it('logs page views to the company’s own log', async () => {
    const t = await newTenant(app, 'pv');
    expect((await t.api.post('/sysLog/pageView', { path: '/system/user', title: '用户管理' })).body.code).toBe(200);
    const rows = (await t.api.get('/sysLog/list?operation=访问')).body.data.rows as Array<{ entity: string; loginName: string }>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity: 'page', loginName: t.loginName });
    const other = await newTenant(app, 'pv2');
    expect((await other.api.get('/sysLog/list?operation=访问')).body.data.rows).toHaveLength(0);
    expect((await t.api.post('/sysLog/pageView', { path: 'javascript:alert(1)' })).status).toBe(400);
    expect((await client(app).post('/sysLog/pageView', { path: '/x' })).status).not.toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp } from '../../../../test-support/harness.ts';
import { granted, grantsOf, roleWith } from './fixtures.ts';

describe('roles: the generic calls plus the reserved admin name', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'role');

  it('adds, lists, changes, disables and deletes a role through the entity kit', async () => {
    const add = await t.api.post('/role/add', {
      name: '采购员',
      type: '个人数据',
      priceMasking: true,
      board: 'procurement',
      sort: '2',
      description: '只看自己',
    });
    expect(add.body).toMatchObject({ code: 200, data: { message: '新增成功' } });
    const id = add.body.data.id;
    expect((await t.api.get(`/role/info?id=${id}`)).body.data).toMatchObject({ name: '采购员', type: '个人数据', priceMasking: true, enabled: true });
    expect((await t.api.put('/role/update', { id, priceMasking: null })).status).toBe(400);
    expect((await t.api.put('/role/update', { id, priceMasking: false, description: '改' })).body.code).toBe(200);
    expect((await t.api.get(`/role/info?id=${id}`)).body.data).toMatchObject({ priceMasking: false, description: '改' });
    expect((await t.api.get('/role/checkIsNameExist?name=采购员')).body.data).toEqual({ status: true });
    expect((await t.api.post('/role/add', { name: '采购员', type: '全部数据' })).body).toEqual({ code: 500, data: { message: '名称已存在' } });
    expect((await t.api.post('/role/batchSetStatus', { status: '0', ids: String(id) })).body.code).toBe(200);
    const all = (await t.api.get('/role/allList')).body.data as Array<{ id: number; name: string }>;
    expect(all.map((r) => r.name)).toEqual(['租户管理员']);
    expect((await t.api.delete(`/role/delete?id=${id}`)).body.code).toBe(200);
    expect((await t.api.get('/role/list')).body.data.rows.map((r: { name: string }) => r.name)).toEqual(['租户管理员']);
  });

  it('refuses bad role input with 400 and writes nothing', async () => {
    for (const body of [
      { name: 'x', type: '部门数据' },
      { type: '全部数据' },
      { name: 'x', type: '全部数据', tenantId: 1 },
      { name: 'x', type: '全部数据', priceMasking: 'yes' },
    ]) {
      expect((await t.api.post('/role/add', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.api.get('/role/list')).body.data.total).toBe(1);
  });

  it('keeps the name admin reserved: no new admin role, no rename to or from it, no delete', async () => {
    const refused = { code: 500, data: { message: '角色名 admin 为系统保留，不能使用或修改' } };
    expect((await t.api.post('/role/add', { name: 'admin', type: '全部数据' })).body).toEqual(refused);
    const id = (await t.api.post('/role/add', { name: '普通', type: '全部数据' })).body.data.id;
    expect((await t.api.put('/role/update', { id, name: 'admin' })).body).toEqual(refused);
    expect((await t.api.get(`/role/info?id=${id}`)).body.data.name).toBe('普通');
    // the platform company's admin role cannot be renamed or deleted either, even by the platform administrator
    const platform = await login(app, 'admin');
    const adminRole = (await platform.api.get('/role/allList')).body.data.find((r: { name: string }) => r.name === 'admin');
    expect((await platform.api.put('/role/update', { id: adminRole.id, name: 'root' })).body).toEqual(refused);
    expect((await platform.api.put('/role/update', { id: adminRole.id, description: '平台' })).body.code).toBe(200);
    expect((await platform.api.delete(`/role/delete?id=${adminRole.id}`)).body).toEqual({ code: 500, data: { message: '角色 admin 为系统保留，不能删除' } });
    expect((await platform.api.get('/role/allList')).body.data.map((r: { name: string }) => r.name)).toContain('admin');
  });
});

describe('role grants: menus and buttons', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'grant');
  const other = await newTenant(app, 'grantx');
  const roleId = (await t.api.post('/role/add', { name: '仓管', type: '全部数据' })).body.data.id;
  const rows = await grantsOf(t.api, roleId);
  const fn = (url: string) => rows.find((g) => g.url === url)!;

  it('lists every menu of an ordinary company, none platform-only, nothing granted yet', () => {
    expect(rows.map((g) => g.url)).toEqual(expect.arrayContaining(['/system/person', '/bill/sale_order', '/system']));
    expect(rows.map((g) => g.url)).not.toContain('/system/tenant');
    expect(fn('/bill/sale_order')).toMatchObject({ pushBtn: '1,2,3,7', btnStr: null, text: '销售订单' });
    expect(rows.every((g) => g.btnStr === null)).toBe(true);
  });

  it('stores grants with buttons in catalogue order and adds the areas above them', async () => {
    const r = await t.api.post('/role/setGrants', {
      roleId,
      grants: [
        { functionId: fn('/bill/sale_order').functionId, btnStr: '7,1' },
        { functionId: fn('/system/person').functionId, btnStr: '' },
      ],
    });
    expect(r.body).toEqual({ code: 200, data: { message: '操作成功' } });
    expect(granted(await grantsOf(t.api, roleId))).toEqual({ '/sale': '', '/bill/sale_order': '1,7', '/basic': '', '/system/person': '' });
  });

  it('refuses a button the function does not offer, an unknown or platform-only function, and duplicates, keeping the old grants', async () => {
    const before = granted(await grantsOf(t.api, roleId));
    const platformFn = await db.system((tx) => tx.one<{ id: number }>(`select id from sys_function where url = '/system/tenant'`));
    const bad = [
      [{ functionId: fn('/system/person').functionId, btnStr: '2' }],
      [{ functionId: fn('/system/person').functionId, btnStr: '1,x' }],
      [{ functionId: 999999, btnStr: '' }],
      [{ functionId: platformFn!.id, btnStr: '' }],
      [
        { functionId: fn('/system/person').functionId, btnStr: '1' },
        { functionId: fn('/system/person').functionId, btnStr: '' },
      ],
      [{ functionId: fn('/system/person').functionId, btnStr: '1', extra: true }],
    ];
    for (const grants of bad) {
      const r = await t.api.post('/role/setGrants', { roleId, grants });
      expect(r.status, JSON.stringify(grants)).toBe(400);
      expect(r.body.code).toBe(400);
    }
    expect((await t.api.post('/role/setGrants', { roleId: String(roleId), grants: 'all' })).status).toBe(400);
    expect(granted(await grantsOf(t.api, roleId))).toEqual(before);
  });

  it('switches a button column on and off for the granted functions that offer it', async () => {
    const bulk = async (mode: string, checked?: boolean) =>
      expect((await t.api.post('/role/setGrantsBulk', { roleId, mode, ...(checked === undefined ? {} : { checked }) })).body.code).toBe(200);
    await bulk('auditAll');
    expect(granted(await grantsOf(t.api, roleId))).toMatchObject({ '/bill/sale_order': '1,2,7', '/system/person': '' });
    await bulk('editAll');
    expect(granted(await grantsOf(t.api, roleId))).toMatchObject({ '/bill/sale_order': '1,2,7', '/system/person': '1', '/sale': '' });
    await bulk('unauditAll', false);
    await bulk('editAll', false);
    expect(granted(await grantsOf(t.api, roleId))).toMatchObject({ '/bill/sale_order': '2', '/system/person': '' });
    await bulk('selectAll');
    const all = await grantsOf(t.api, roleId);
    expect(all.every((g) => g.btnStr === g.pushBtn)).toBe(true);
    await bulk('clear');
    expect(granted(await grantsOf(t.api, roleId))).toEqual({});
    expect((await t.api.post('/role/setGrantsBulk', { roleId, mode: 'everything' })).status).toBe(400);
  });

  it('never reads or changes another company’s role', async () => {
    const theirs = await roleWith(other.api, { '/system/person': '1' });
    const before = granted(await grantsOf(other.api, theirs));
    expect((await t.api.get(`/role/getGrants?id=${theirs}`)).status).toBe(404);
    expect((await t.api.get(`/role/getDataScope?id=${theirs}`)).status).toBe(404);
    expect((await t.api.post('/role/setGrants', { roleId: theirs, grants: [] })).status).toBe(404);
    expect((await t.api.post('/role/setGrantsBulk', { roleId: theirs, mode: 'selectAll' })).status).toBe(404);
    expect((await t.api.post('/role/setDataScope', { roleId: theirs, depotIds: [] })).status).toBe(404);
    expect((await t.api.put('/role/update', { id: theirs, name: 'hacked' })).status).toBe(404);
    expect(granted(await grantsOf(other.api, theirs))).toEqual(before);
  });

  it('answers bad ids with 400', async () => {
    for (const url of ['/role/getGrants', '/role/getGrants?id=abc', '/role/getGrants?id=-1', '/role/getDataScope?id=1&x=2']) {
      expect((await t.api.get(url)).status, url).toBe(400);
    }
  });
});

describe('role data scope by warehouse and customer', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'scope');
  const other = await newTenant(app, 'scopex');
  const roleId = (await t.api.post('/role/add', { name: '片区', type: '全部数据' })).body.data.id;
  const depot = async (api: typeof t.api, name: string) => (await api.post('/depot/add', { name })).body.data.id as number;
  const partner = async (api: typeof t.api, name: string, type: string) => (await api.post('/supplier/add', { name, type })).body.data.id as number;

  it('stores warehouses and customers, and replaces one list without touching the other', async () => {
    const [d1, d2] = [await depot(t.api, '北仓'), await depot(t.api, '南仓')];
    const c1 = await partner(t.api, '客户甲', '客户');
    expect((await t.api.post('/role/setDataScope', { roleId, depotIds: [d2, d1], customerIds: [c1] })).body.code).toBe(200);
    expect((await t.api.get(`/role/getDataScope?id=${roleId}`)).body.data).toEqual({ roleId, depotIds: [d1, d2].sort((a, b) => a - b), customerIds: [c1] });
    expect((await t.api.post('/role/setDataScope', { roleId, depotIds: [d1] })).body.code).toBe(200);
    expect((await t.api.get(`/role/getDataScope?id=${roleId}`)).body.data).toEqual({ roleId, depotIds: [d1], customerIds: [c1] });
  });

  it('refuses a supplier as a customer, a deleted warehouse and another company’s ids, writing nothing', async () => {
    const before = (await t.api.get(`/role/getDataScope?id=${roleId}`)).body.data;
    const supplier = await partner(t.api, '供应商乙', '供应商');
    const gone = await depot(t.api, '废仓');
    await t.api.delete(`/depot/delete?id=${gone}`);
    const theirs = await depot(other.api, '别家仓');
    for (const body of [
      { roleId, customerIds: [supplier] },
      { roleId, depotIds: [gone] },
      { roleId, depotIds: [theirs] },
      { roleId, depotIds: [before.depotIds[0]], customerIds: [supplier] },
      { roleId, depotIds: ['x'] },
    ]) {
      const r = await t.api.post('/role/setDataScope', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.api.get(`/role/getDataScope?id=${roleId}`)).body.data).toEqual(before);
  });
});

describe('roles: the admin role cannot be disabled', async () => {
  const { app } = await testApp();
  it('refuses batchSetStatus off for the admin role', async () => {
    const platform = await login(app, 'admin');
    const adminRole = (await platform.api.get('/role/allList')).body.data.find((r: { name: string }) => r.name === 'admin');
    const r = await platform.api.post('/role/batchSetStatus', { status: '0', ids: String(adminRole.id) });
    expect(r.body).toEqual({ code: 500, data: { message: '角色名 admin 为系统保留，不能使用或修改' } });
    expect((await platform.api.get('/role/allList')).body.data.map((x: { name: string }) => x.name)).toContain('admin');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { jshClient } from './jsh-client.ts';
import { login, newTenant, testApp } from '../../../test-support/harness.ts';
import { world } from '../../inventory/__tests__/fixtures.ts';

/**
 * jshERP's 仓库/客户 分配用户 (DepotUserModal.vue, CustomerUserModal.vue: /user/getUserWithChecked, saved by
 * /userBusiness/updateOneValueByKeyIdAndType) and the 名称 checks of 功能管理 (/function/checkIsNameExist) and
 * api.js's checkSystemConfig (/systemConfig/checkIsNameExist), as its client sends them (issue 23).
 */
type Node = { id: number; key: number; title: string; attributes?: string; checked?: boolean; children?: Node[] };

describe("jshERP's 分配用户 and name checks against our server", () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let co: Awaited<ReturnType<typeof newTenant>>;
  let other: Awaited<ReturnType<typeof newTenant>>;
  let w: Awaited<ReturnType<typeof world>>;
  let jsh: ReturnType<typeof jshClient>;
  let me: number;
  let clerk: number;
  const ids = async (type: string, keyId: number) => ((await co.api.get(`/userBusiness/info?type=${type}&keyId=${keyId}`)).body.data?.ids ?? []) as number[];
  const tree = async (type: string, id: number, c = jsh) => (await c.getAction(`/user/getUserWithChecked?UBType=${type}&UBValue=${id}`)).data;

  beforeAll(async () => {
    ({ app } = await testApp());
    co = await newTenant(app, 'jshw');
    other = await newTenant(app, 'jshx');
    w = await world(co.api);
    jsh = jshClient(app, co.token);
    me = (await co.api.get('/user/infoWithTenant')).body.data.id;
    const role = (await co.api.get('/role/allList')).body.data[0].id as number;
    const add = await co.api.post('/user/addUser', { loginName: `clerk_${co.tenantId}`, username: '店员', roleIds: [role], orgIds: [] });
    expect(add.body.code, JSON.stringify(add.body)).toBe(200);
    clerk = add.body.data.id ?? (await co.api.get('/user/getUserList?loginName=clerk_' + co.tenantId)).body.data.rows[0].id;
  });

  it('分配用户 reads the company’s users under 用户列表, saves the checked ones, keeps their other warehouses', async () => {
    const first = await tree('UserDepot', w.depotA);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ id: 0, key: 0, title: '用户列表' });
    const users = first[0].children as Node[];
    expect(users.map((u) => u.id)).toEqual(expect.arrayContaining([me, clerk]));
    expect(users.find((u) => u.id === clerk)).toMatchObject({ title: `clerk_${co.tenantId}(店员)`, attributes: `clerk_${co.tenantId}` });
    expect(users.some((u) => u.checked)).toBe(false);

    // the clerk already holds 乙仓; 甲仓 is given to the clerk (the tree's root key 0 comes with a full check)
    expect((await co.api.post('/userBusiness/add', { type: 'UserDepot', keyId: clerk, value: `[${w.depotB}]` })).body.code).toBe(200);
    const saved = await jsh.postAction('/userBusiness/updateOneValueByKeyIdAndType', { type: 'UserDepot', keyIds: [0, clerk], oneValue: w.depotA });
    expect(saved.data.code, JSON.stringify(saved.data)).toBe(200);
    expect((await ids('UserDepot', clerk)).sort()).toEqual([w.depotA, w.depotB].sort());
    expect(await ids('UserDepot', me)).toEqual([]);
    const checked = ((await tree('UserDepot', w.depotA))[0].children as Node[]).filter((u) => u.checked).map((u) => u.id);
    expect(checked).toEqual([clerk]);

    // unchecked again: 甲仓 leaves the clerk's warehouses, 乙仓 stays; me gets 甲仓
    expect(
      (await jsh.postAction('/userBusiness/updateOneValueByKeyIdAndType', { type: 'UserDepot', keyIds: [me], oneValue: String(w.depotA) })).data.code,
    ).toBe(200);
    expect(await ids('UserDepot', clerk)).toEqual([w.depotB]);
    expect(await ids('UserDepot', me)).toEqual([w.depotA]);
    // nobody: my assignment, now empty, is removed (the roles rule again)
    expect((await jsh.postAction('/userBusiness/updateOneValueByKeyIdAndType', { type: 'UserDepot', keyIds: [], oneValue: w.depotA })).data.code).toBe(200);
    expect((await co.api.get(`/userBusiness/info?type=UserDepot&keyId=${me}`)).body.data).toBe(null);

    // customers the same way
    expect(
      (await jsh.postAction('/userBusiness/updateOneValueByKeyIdAndType', { type: 'UserCustomer', keyIds: [clerk], oneValue: w.customer })).data.code,
    ).toBe(200);
    expect(await ids('UserCustomer', clerk)).toEqual([w.customer]);
    expect(((await tree('UserCustomer', w.customer))[0].children as Node[]).filter((u) => u.checked).map((u) => u.id)).toEqual([clerk]);
  });

  it('another company’s warehouse, customer or users are refused; bad input answers the envelope and writes nothing', async () => {
    const theirs = jshClient(app, other.token);
    const before = await ids('UserDepot', clerk);
    expect((await tree('UserDepot', w.depotA, theirs)).code).toBe(404);
    const foreign = await theirs.postAction('/userBusiness/updateOneValueByKeyIdAndType', { type: 'UserDepot', keyIds: [], oneValue: w.depotB });
    expect(foreign.data.code).toBe(404);
    const theirUser = (await other.api.get('/user/infoWithTenant')).body.data.id as number;
    const notOurs = await jsh.postAction('/userBusiness/updateOneValueByKeyIdAndType', { type: 'UserDepot', keyIds: [clerk, theirUser], oneValue: w.depotA });
    expect(notOurs.data.code).toBe(400);
    expect(await ids('UserDepot', clerk)).toEqual(before);
    // a supplier is not a customer
    expect((await tree('UserCustomer', w.supplier)).code).toBe(404);
    for (const bad of [
      { type: 'UserRole', keyIds: [clerk], oneValue: w.depotA },
      { type: 'UserDepot', keyIds: 'x', oneValue: w.depotA },
      { type: 'UserDepot', keyIds: [clerk], oneValue: 'x' },
      { type: 'UserDepot', keyIds: ['x'], oneValue: w.depotA },
    ]) {
      const r = await jsh.postAction('/userBusiness/updateOneValueByKeyIdAndType', bad);
      expect(r.status, JSON.stringify(r.data)).toBe(400);
      expect(r.data.data.message).toEqual(expect.any(String));
    }
    expect(await ids('UserDepot', clerk)).toEqual(before);
    expect((await jsh.getAction('/user/getUserWithChecked', { UBType: 'Nope', UBValue: w.depotA })).status).toBe(400);
  });

  it('功能管理’s 名称 check (the platform’s) and the company name check', async () => {
    const admin = await login(app, 'admin');
    const platform = jshClient(app, admin.token);
    const rows = (await admin.api.get('/function/list')).body.data.rows as Array<{ id: number; name: string }>;
    const one = rows[3];
    expect((await platform.getAction('/function/checkIsNameExist', { name: one.name, id: 0 })).data).toEqual({ code: 200, data: { status: true } });
    // its own name while editing it, or a name nobody has: free
    expect((await platform.getAction('/function/checkIsNameExist', { name: one.name, id: one.id })).data.data.status).toBe(false);
    expect((await platform.getAction('/function/checkIsNameExist', { name: '没有这个功能', id: 0 })).data.data.status).toBe(false);
    // a company's administrator is not the platform's
    expect((await jsh.getAction('/function/checkIsNameExist', { name: one.name, id: 0 })).data.code).toBe(403);
    expect((await jsh.getAction('/systemConfig/checkIsNameExist', { name: '某公司', id: 0 })).data).toEqual({ code: 200, data: { status: false } });
  });

  it('激活码 (updatePlatformConfigByKey) sets a platform setting for the platform administrator only, by our rules', async () => {
    const admin = await login(app, 'admin');
    const platform = jshClient(app, admin.token);
    const value = async (key: string) => (await admin.api.get(`/platformConfig/getInfoByKey?platformKey=${key}`)).body.data?.platformValue;
    const code = `JSH-${co.tenantId}`;
    const r = await platform.postAction('/platformConfig/updatePlatformConfigByKey', { platformKey: 'activation_code', platformValue: code, id: 5 });
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    expect(await value('activation_code')).toBe(code);
    // a company's administrator: refused, nothing written
    const company = await jsh.postAction('/platformConfig/updatePlatformConfigByKey', { platformKey: 'activation_code', platformValue: 'mine' });
    expect(company.data.code).toBe(403);
    expect(await value('activation_code')).toBe(code);
    // a known key's rule, and the key's format
    for (const bad of [
      { platformKey: 'register_flag', platformValue: 'yes' },
      { platformKey: 'Bad Key', platformValue: '1' },
      { platformKey: 'activation_code' },
    ]) {
      const x = await platform.postAction('/platformConfig/updatePlatformConfigByKey', bad);
      expect(x.status, JSON.stringify(x.data)).toBe(400);
      expect(x.data.data.message).toEqual(expect.any(String));
    }
    expect(await value('register_flag')).toMatch(/^[01]$/);
  });
});

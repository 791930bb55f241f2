import { beforeAll, describe, expect, it } from 'vitest';
import { jshClient } from './jsh-client.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';

/**
 * jshERP's 角色管理 against our server (issue 23), as its client sends it: 分配功能 (RoleFunctionModal.vue reads
 * /function/findRoleFunction, asks /userBusiness/checkIsValueExist, saves the checked keys through
 * /userBusiness/add|update as type RoleFunctions) and 分配按钮 (RolePushBtnModal.vue reads
 * /function/findRoleFunctionsById, saves /userBusiness/updateBtnStr with btnStr as JSON text).
 */
type Grant = { functionId: number; number: string; parentNumber: string | null; text: string; pushBtn: string; btnStr: string | null };
type Node = { id: number; key: number; title: string; checked?: boolean; children?: Node[] };

const leaves = (n: Node): Node[] => (n.children ? n.children.flatMap(leaves) : [n]);

describe("jshERP's 分配功能 and 分配按钮 against our server", () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let co: Awaited<ReturnType<typeof newTenant>>;
  let other: Awaited<ReturnType<typeof newTenant>>;
  let jsh: ReturnType<typeof jshClient>;
  let roleId: number;
  let a: Grant;
  let b: Grant;
  const grants = async () => (await co.api.get(`/role/getGrants?id=${roleId}`)).body.data as Grant[];
  const held = async () => Object.fromEntries((await grants()).filter((g) => g.btnStr !== null).map((g) => [g.functionId, g.btnStr]));

  beforeAll(async () => {
    ({ app } = await testApp());
    co = await newTenant(app, 'jshr');
    other = await newTenant(app, 'jshq');
    jsh = jshClient(app, co.token);
    const r = await co.api.post('/role/add', { name: '仓管员', type: '全部数据' });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    roleId = r.body.data.id;
    const all = await grants();
    const parents = new Set(all.map((g) => g.parentNumber));
    const withButtons = all.filter((g) => !parents.has(g.number) && g.pushBtn.split(',').includes('1') && g.pushBtn.split(',').includes('2'));
    [a, b] = withButtons;
    expect(b).toBeDefined();
  });

  it('分配功能 reads the tree with nothing checked, saves two menus, then reads them checked', async () => {
    const tree = (await jsh.getAction(`/function/findRoleFunction?UBType=RoleFunctions&UBKeyId=${roleId}`)).data as Node[];
    expect(Array.isArray(tree)).toBe(true);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: 0, key: 0, title: '功能列表' });
    const all = leaves(tree[0]);
    expect(all.map((n) => n.id)).toEqual(expect.arrayContaining([a.functionId, b.functionId]));
    expect(all.some((n) => n.checked)).toBe(false);

    const exists = await jsh.getAction('/userBusiness/checkIsValueExist', { type: 'RoleFunctions', keyId: roleId });
    expect(exists.data).toEqual({ code: 200, data: { id: null } });
    const saved = await jsh.postAction('/userBusiness/add', {
      name: '仓管员',
      type: 'RoleFunctions',
      keyId: roleId,
      value: [a.functionId, b.functionId],
      description: '',
    });
    expect(saved.data.code, JSON.stringify(saved.data)).toBe(200);
    expect(await held()).toMatchObject({ [a.functionId]: '', [b.functionId]: '' });
    const again = leaves(((await jsh.getAction(`/function/findRoleFunction?UBType=RoleFunctions&UBKeyId=${roleId}`)).data as Node[])[0]);
    expect(again.filter((n) => n.checked).map((n) => n.id)).toEqual(expect.arrayContaining([a.functionId, b.functionId]));
    expect(again.filter((n) => n.checked)).toHaveLength(2);
  });

  it('分配按钮 lists the role’s menus with their buttons and saves them; 分配功能 keeps the buttons of menus it keeps', async () => {
    const list = await jsh.getAction('/function/findRoleFunctionsById', { roleId });
    expect(list.data.code).toBe(200);
    expect(list.data.data.total).toBe(2);
    expect(list.data.data.rows).toEqual(
      expect.arrayContaining([
        { id: a.functionId, name: a.text, pushBtn: a.pushBtn, btnStr: null },
        { id: b.functionId, name: b.text, pushBtn: b.pushBtn, btnStr: null },
      ]),
    );
    const btnStr = JSON.stringify([
      { funId: a.functionId, btnStr: '1,2' },
      { funId: b.functionId, btnStr: '1' },
    ]);
    const saved = await jsh.postAction('/userBusiness/updateBtnStr', { roleId, btnStr });
    expect(saved.data.code, JSON.stringify(saved.data)).toBe(200);
    expect(await held()).toMatchObject({ [a.functionId]: '1,2', [b.functionId]: '1' });
    const rows = (await jsh.getAction('/function/findRoleFunctionsById', { roleId })).data.data.rows as Array<{ id: number; btnStr: string }>;
    expect(rows.find((r) => r.id === a.functionId)!.btnStr).toBe('1,2');

    // 分配功能 again with one menu, through update: the kept menu keeps its buttons, the other is no longer granted
    const update = await jsh.putAction('/userBusiness/update', { id: null, type: 'RoleFunctions', keyId: String(roleId), value: [0, a.functionId] });
    expect(update.data.code, JSON.stringify(update.data)).toBe(200);
    const now = await held();
    expect(now[a.functionId]).toBe('1,2');
    expect(now[b.functionId]).toBeUndefined();
  });

  it('another company cannot read or change the role; bad input answers the envelope and changes nothing', async () => {
    const before = await held();
    const theirs = jshClient(app, other.token);
    const read = await theirs.getAction(`/function/findRoleFunction?UBType=RoleFunctions&UBKeyId=${roleId}`);
    expect(read.data.code).toBe(404);
    expect((await theirs.getAction('/function/findRoleFunctionsById', { roleId })).data.code).toBe(404);
    const btn = await theirs.postAction('/userBusiness/updateBtnStr', { roleId, btnStr: '[]' });
    expect(btn.data.code).not.toBe(200);
    const menus = await theirs.postAction('/userBusiness/add', { type: 'RoleFunctions', keyId: roleId, value: [b.functionId] });
    expect(menus.data.code).not.toBe(200);
    for (const bad of [
      { roleId, btnStr: 'not json' },
      { roleId, btnStr: JSON.stringify([{ funId: a.functionId, btnStr: '1;drop' }]) },
      { roleId, btnStr: JSON.stringify([{ funId: a.functionId, btnStr: '99' }]) },
      { roleId: 'x', btnStr: '[]' },
    ]) {
      const r = await jsh.postAction('/userBusiness/updateBtnStr', bad);
      expect(r.status, JSON.stringify(r.data)).toBeLessThan(500);
      expect(r.data.code, JSON.stringify(bad)).not.toBe(200);
      expect(r.data.data.message).toEqual(expect.any(String));
    }
    for (const value of [['x'], [99999999], 'oops']) {
      const r = await jsh.postAction('/userBusiness/add', { type: 'RoleFunctions', keyId: roleId, value });
      expect(r.status, JSON.stringify(r.data)).toBeLessThan(500);
      expect(r.data.code, JSON.stringify(value)).not.toBe(200);
    }
    expect(await held()).toEqual(before);
  });
});

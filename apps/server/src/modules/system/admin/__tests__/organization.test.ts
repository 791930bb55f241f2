import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../../test-support/harness.ts';

type TreeNode = { id: number; title: string; key: number; value: number; orgNo: string; children: TreeNode[] };
const titles = (nodes: TreeNode[]): unknown[] => nodes.map((n) => (n.children.length ? [n.title, titles(n.children)] : n.title));

describe('organizations: a tree of departments', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'org');
  const other = await newTenant(app, 'orgx');
  const add = async (orgNo: string, name: string, parentId?: number, sort?: string) => {
    const r = await t.api.post('/organization/add', { orgNo, name, ...(parentId ? { parentId } : {}), ...(sort ? { sort } : {}) });
    expect(r.body.code, r.text).toBe(200);
    return r.body.data.id as number;
  };
  const head = await add('01', '总经办', undefined, '1');
  const sales = await add('0101', '销售部', head, '2');
  const east = await add('010101', '华东组', sales);
  const finance = await add('02', '财务部', undefined, '3');

  it('answers the tree with title, key, value and orgNo, ordered by sort', async () => {
    const tree = (await t.api.get('/organization/getOrganizationTree')).body.data as TreeNode[];
    expect(titles(tree)).toEqual([['总经办', [['销售部', ['华东组']]]], '财务部']);
    expect(tree[0]).toMatchObject({ id: head, title: '总经办', key: head, value: head, orgNo: '01' });
    // a parent picker leaves out the node being edited and everything below it
    const picker = (await t.api.get(`/organization/getOrganizationTree?id=${sales}`)).body.data as TreeNode[];
    expect(titles(picker)).toEqual(['总经办', '财务部']);
  });

  it('finds one by id with its parent name', async () => {
    const one = (await t.api.get(`/organization/findById?id=${east}`)).body.data;
    expect(one).toMatchObject({ id: east, orgNo: '010101', name: '华东组', parentId: sales, parentName: '销售部' });
    expect((await t.api.get('/organization/checkIsNameExist?name=销售部')).body.data).toEqual({ status: true });
  });

  it('refuses a duplicate number, an unknown parent and a parent below the node itself', async () => {
    expect((await t.api.post('/organization/add', { orgNo: '01', name: '重复' })).body).toEqual({ code: 500, data: { message: '机构编号已存在' } });
    expect((await t.api.post('/organization/add', { orgNo: '09', name: '孤儿', parentId: 999999 })).status).toBe(400);
    const loop = { code: 500, data: { message: '上级机构不能是自己或自己的下级' } };
    expect((await t.api.put('/organization/update', { id: head, parentId: east })).body).toEqual(loop);
    expect((await t.api.put('/organization/update', { id: head, parentId: head })).body).toEqual(loop);
    expect((await t.api.put('/organization/update', { id: finance, orgNo: '0101' })).body.code).toBe(500);
    // moving a node under another branch is fine
    expect((await t.api.put('/organization/update', { id: east, parentId: finance })).body.code).toBe(200);
    expect((await t.api.get(`/organization/findById?id=${east}`)).body.data.parentName).toBe('财务部');
    for (const body of [{ name: '无编号' }, { orgNo: '03' }, { orgNo: '03', name: 'x', parentId: 'abc' }, { orgNo: '03', name: 'x', tenantId: 1 }]) {
      expect((await t.api.post('/organization/add', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('keeps departments that still have sub-departments or users', async () => {
    expect((await t.api.delete(`/organization/delete?id=${finance}`)).body).toEqual({ code: 500, data: { message: '该机构下还有下级机构，不能删除' } });
    const role = (await t.api.get('/role/allList')).body.data[0].id;
    await t.api.post('/user/addUser', { loginName: `${t.loginName}_s`, username: '销售', roleIds: [role], orgIds: [sales] });
    expect((await t.api.delete(`/organization/delete?id=${sales}`)).body).toEqual({ code: 500, data: { message: '该机构下还有用户，不能删除' } });
    expect((await t.api.delete(`/organization/deleteBatch?ids=${finance},${east}`)).body.code).toBe(200);
    expect(titles((await t.api.get('/organization/getOrganizationTree')).body.data)).toEqual([['总经办', ['销售部']]]);
  });

  it('never shows or changes another company’s organizations', async () => {
    const theirs = (await other.api.post('/organization/add', { orgNo: '01', name: '别家' })).body.data.id;
    expect((await t.api.get(`/organization/findById?id=${theirs}`)).status).toBe(404);
    expect((await t.api.put('/organization/update', { id: theirs, name: 'hacked' })).status).toBe(404);
    expect((await t.api.post('/organization/add', { orgNo: '77', name: '挂靠', parentId: theirs })).status).toBe(400);
    expect((await t.api.delete(`/organization/delete?id=${theirs}`)).status).toBe(404);
    expect(titles((await other.api.get('/organization/getOrganizationTree')).body.data)).toEqual(['别家']);
    expect((await t.api.get('/organization/findById?id=x')).status).toBe(400);
    expect((await t.api.get('/organization/getOrganizationTree?id=1&extra=1')).status).toBe(400);
  });
});

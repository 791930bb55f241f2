import { describe, expect, it } from 'vitest';
import { newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { okData, refusal } from './fixtures.ts';
import { CATEGORY_MSG } from '../project-category.controller.ts';

/** 项目分类: the category tree (entity kit + its controller), the project's category and the list filter by subtree. */
describe('project categories', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'prjcat');
  const api = t.api;
  const cat = async (name: string, parentId?: number) => (await okData(api.post('/projectCategory/add', { name, parentId }))).id as number;
  const root = await cat('实施交付');
  const line = await cat('智能产线', root);
  const robot = await cat('机器人工作站', line);
  const service = await cat('售后服务');
  const project = async (name: string, categoryId?: number) => okData(api.post('/project/add', { name, startDate: '2026-11-02', categoryId }));
  const tag = uniqueName('分类');
  const pRoot = await project(`${tag}甲`, root);
  const pLine = await project(`${tag}乙`, line);
  const pRobot = await project(`${tag}丙`, robot);
  const pService = await project(`${tag}丁`, service);
  await project(`${tag}戊`);
  const listed = async (q: string) =>
    ((await okData(api.get(`/project/list?name=${encodeURIComponent(tag)}&pageSize=50${q}`))).rows as Array<{ id: number }>).map((r) => r.id).sort();

  it('filters the project list by a category and everything under it', async () => {
    expect(await listed(`&categoryId=${root}`)).toEqual([pRoot.id, pLine.id, pRobot.id].sort());
    expect(await listed(`&categoryId=${line}`)).toEqual([pLine.id, pRobot.id].sort());
    expect(await listed(`&categoryId=${robot}`)).toEqual([pRobot.id]);
    expect(await listed(`&categoryId=${service}`)).toEqual([pService.id]);
    expect(await listed('')).toHaveLength(5);
    const rows = (await okData(api.get(`/project/list?name=${encodeURIComponent(tag)}&categoryId=${line}`))).rows as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.categoryId, r.categoryName]).sort()).toEqual([
      [line, '智能产线'],
      [robot, '机器人工作站'],
    ]);
    expect((await okData(api.get(`/project/detail?id=${pRobot.id}`))).project).toMatchObject({ categoryId: robot, categoryName: '机器人工作站' });
  });

  it('gives the tree to the project form (GET /project/categories)', async () => {
    const tree = (await okData(api.get('/project/categories'))) as Array<{ id: number }>;
    expect(tree.map((n) => n.id).sort()).toEqual([root, service].sort());
    expect(tree.find((n) => n.id === root)).toEqual({
      id: root,
      name: '实施交付',
      enabled: true,
      children: [{ id: line, name: '智能产线', enabled: true, children: [{ id: robot, name: '机器人工作站', enabled: true, children: [] }] }],
    });
  });

  it('changes and clears a project’s category; a missing, deleted, disabled or other company’s category is refused, writing nothing', async () => {
    await okData(api.put('/project/update', { id: pRoot.id, categoryId: service }));
    expect(await listed(`&categoryId=${service}`)).toEqual([pRoot.id, pService.id].sort());
    await okData(api.put('/project/update', { id: pRoot.id, categoryId: null }));
    expect((await okData(api.get(`/project/detail?id=${pRoot.id}`))).project).toMatchObject({ categoryId: null, categoryName: null });
    const other = await newTenant(app, 'prjcat2');
    const theirs = (await okData(other.api.post('/projectCategory/add', { name: '别家分类' }))).id as number;
    const before = (await okData(api.get('/project/list?pageSize=1'))).total;
    expect(await refusal(api.post('/project/add', { name: uniqueName('越界'), startDate: '2026-11-02', categoryId: theirs }))).toBe('项目分类不存在');
    expect(await refusal(api.put('/project/update', { id: pLine.id, name: '不应改名', categoryId: theirs }))).toBe('项目分类不存在');
    expect((await okData(api.get('/project/list?pageSize=1'))).total).toBe(before);
    expect((await okData(api.get(`/project/detail?id=${pLine.id}`))).project).toMatchObject({ name: `${tag}乙`, categoryId: line });
    expect(await refusal(api.post('/project/add', { name: 'x', startDate: '2026-11-02', categoryId: 'abc' }))).toBeTruthy();
    // disabled: no new project may take it; a project already in it keeps it through an edit
    await okData(api.post('/projectCategory/batchSetStatus', { status: false, ids: String(service) }));
    expect(await refusal(api.post('/project/add', { name: uniqueName('停用'), startDate: '2026-11-02', categoryId: service }))).toBe(
      '项目分类已停用，请选择其他分类',
    );
    expect(await refusal(api.put('/project/update', { id: pLine.id, categoryId: service }))).toBe('项目分类已停用，请选择其他分类');
    await okData(api.put('/project/update', { id: pService.id, name: `${tag}丁`, categoryId: service }));
    await okData(api.post('/projectCategory/batchSetStatus', { status: true, ids: String(service) }));
  });

  it('keeps the tree: sibling names unique, no loops, no deleting a node with children or projects', async () => {
    expect(await refusal(api.post('/projectCategory/add', { name: '智能产线', parentId: root }))).toBe('同一上级下已有此名称的分类');
    await cat('智能产线', service);
    expect(await refusal(api.put('/projectCategory/update', { id: root, name: '实施交付', parentId: robot }))).toBe(CATEGORY_MSG.parentSelf);
    expect(await refusal(api.put('/projectCategory/update', { id: line, name: '智能产线', parentId: line }))).toBe(CATEGORY_MSG.parentSelf);
    expect(await refusal(api.post('/projectCategory/add', { name: '孤儿', parentId: 999999999 }))).toContain(CATEGORY_MSG.parentMissing);
    expect(await refusal(api.delete(`/projectCategory/delete?id=${line}`))).toBe(CATEGORY_MSG.hasChildren);
    expect(await refusal(api.delete(`/projectCategory/delete?id=${robot}`))).toBe(CATEGORY_MSG.inUse);
    const spare = await cat('备用', robot);
    await okData(api.delete(`/projectCategory/delete?id=${spare}`));
    // a move inside the tree is fine: 机器人工作站 under 售后服务, and the filter follows it
    await okData(api.put('/projectCategory/update', { id: robot, name: '机器人工作站', parentId: service }));
    expect(await listed(`&categoryId=${line}`)).toEqual([pLine.id]);
  });
});

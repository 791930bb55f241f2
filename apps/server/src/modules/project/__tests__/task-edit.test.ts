import { describe, expect, it } from 'vitest';
import { newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { defaultCalendar, okData, refusal, tasksOf } from './fixtures.ts';

/**
 * Editing a task's fields and its predecessors (/project/task/update) as the project's task view does: the project
 * starts Monday 2027-03-01 on a Monday–Friday calendar; 勘察 3d → 设计 2d → 施工 4d (FS), 采购 2d on its own.
 */
describe('project task editing: fields, predecessors replaced whole, the schedule recomputed', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'prjtask');
  const api = t.api;
  await defaultCalendar(api, []);
  const project = await okData(api.post('/project/add', { name: uniqueName('编辑项目'), startDate: '2027-03-01' }));
  const add = async (name: string, duration: number) => (await okData(api.post('/project/task/add', { projectId: project.id, name, duration }))).id as number;
  const survey = await add('勘察', 3);
  const design = await add('设计', 2);
  const build = await add('施工', 4);
  const buy = await add('采购', 2);
  await okData(api.post('/project/link/add', { predId: survey, succId: design, kind: 'FS' }));
  await okData(api.post('/project/link/add', { predId: design, succId: build, kind: 'FS' }));
  const users = (await okData(api.get('/user/list?currentPage=1&pageSize=10'))).rows as Array<{ id: number }>;
  const byId = async () => new Map((await tasksOf(api, project.id)).map((x) => [x.id, x]));
  const linksOf = async () =>
    ((await okData(api.get(`/project/detail?id=${project.id}`))).links as Array<{ predId: number; succId: number; kind: string; lag: number }>)
      .map((l) => [l.predId, l.succId, l.kind, l.lag])
      .sort();

  it('changes name, duration, assignee and progress; the successors move and the reply names them', async () => {
    const r = await okData(api.put('/project/task/update', { id: design, name: '深化设计', duration: 4, assigneeId: users[0]!.id, progress: 30 }));
    // 设计 and 施工 move; 采购's float grows with the project's later finish
    expect(r.moved.sort()).toEqual([design, build, buy].sort());
    const m = await byId();
    expect(m.get(design)).toMatchObject({ name: '深化设计', duration: 4, startDate: '2027-03-04', endDate: '2027-03-09' });
    expect(m.get(build)).toMatchObject({ startDate: '2027-03-10', endDate: '2027-03-15' });
    const detail = await okData(api.get(`/project/detail?id=${project.id}`));
    expect(detail.tasks.find((x: { id: number }) => x.id === design)).toMatchObject({ assigneeId: users[0]!.id, progress: 30 });
  });

  it('pins a start date and clears it again', async () => {
    await okData(api.put('/project/task/update', { id: buy, pinnedStart: '2027-03-08' }));
    expect((await byId()).get(buy)).toMatchObject({ startDate: '2027-03-08', endDate: '2027-03-09' });
    await okData(api.put('/project/task/update', { id: buy, pinnedStart: null }));
    expect((await byId()).get(buy)).toMatchObject({ startDate: '2027-03-01', endDate: '2027-03-02' });
  });

  it('replaces the predecessors as a whole (kinds and lags kept as given) and reschedules', async () => {
    // 施工 after 设计 (FS) and after 采购 with a 5-day lag: 采购 ends on day #1, so 施工 starts on #7 at the earliest; 设计 ends #6 (exclusive #7)
    await okData(
      api.put('/project/task/update', {
        id: build,
        predecessors: [
          { predId: design, kind: 'FS', lag: 0 },
          { predId: buy, kind: 'FS', lag: 6 },
        ],
      }),
    );
    expect(await linksOf()).toEqual(
      [
        [survey, design, 'FS', 0],
        [design, build, 'FS', 0],
        [buy, build, 'FS', 6],
      ].sort(),
    );
    // 采购 finishes #2 (exclusive) + 6 = #8 → Thu 03-11 … Tue 03-16
    expect((await byId()).get(build)).toMatchObject({ startDate: '2027-03-11', endDate: '2027-03-16' });
    await okData(api.put('/project/task/update', { id: build, predecessors: [{ predId: design, kind: 'SS', lag: 1 }] }));
    expect(await linksOf()).toEqual(
      [
        [survey, design, 'FS', 0],
        [design, build, 'SS', 1],
      ].sort(),
    );
    expect((await byId()).get(build)).toMatchObject({ startDate: '2027-03-05', endDate: '2027-03-10' });
    await okData(api.put('/project/task/update', { id: build, predecessors: [{ predId: design, kind: 'FS', lag: 0 }] }));
  });

  it('refuses bad edits with a clear message and writes nothing', async () => {
    const before = await tasksOf(api, project.id);
    const links = await linksOf();
    const bad = (body: Record<string, unknown>) => refusal(api.put('/project/task/update', body));
    // a cycle: 勘察 after 施工 closes 勘察 → 设计 → 施工 → 勘察; the name change in the same call is not written either
    const cycle = await bad({ id: survey, name: '不该保存', predecessors: [{ predId: build, kind: 'FS', lag: 0 }] });
    expect(cycle).toMatch(/^任务依赖存在循环：(勘察|深化设计|施工) → .+ → \1$/);
    for (const n of ['勘察', '深化设计', '施工']) expect(cycle).toContain(n);
    expect(await bad({ id: survey, predecessors: [{ predId: survey, kind: 'FS', lag: 0 }] })).toBe('任务不能依赖自己');
    expect(
      await bad({
        id: build,
        predecessors: [
          { predId: design, kind: 'FS', lag: 0 },
          { predId: design, kind: 'SS', lag: 0 },
        ],
      }),
    ).toBe('这两个任务之间已有依赖');
    expect(await bad({ id: design, name: '  ' })).toContain('任务名称不能为空');
    expect(await bad({ id: design, duration: -1 })).toContain('工期不能为负数');
    expect(await bad({ id: design, duration: 1.5 })).toContain('工期必须是整数个工作日');
    expect(await bad({ id: design, progress: 101 })).toContain('progress');
    expect(await bad({ id: design, pinnedStart: '2027-02-30' })).toContain('日期');
    expect(await bad({ id: design, predecessors: [{ predId: survey, kind: 'XX', lag: 0 }] })).toContain('kind');
    // another project's task, and another company's task, as a predecessor
    const other = await okData(api.post('/project/add', { name: uniqueName('别的项目'), startDate: '2027-03-01' }));
    const elsewhere = (await okData(api.post('/project/task/add', { projectId: other.id, name: '别处', duration: 1 }))).id;
    expect(await bad({ id: design, predecessors: [{ predId: elsewhere, kind: 'FS', lag: 0 }] })).toBe('两个任务必须属于同一个项目');
    const t2 = await newTenant(app, 'prjtask2');
    const p2 = await okData(t2.api.post('/project/add', { name: uniqueName('他司项目'), startDate: '2027-03-01' }));
    const theirs = (await okData(t2.api.post('/project/task/add', { projectId: p2.id, name: '他司任务', duration: 1 }))).id;
    expect(await bad({ id: design, predecessors: [{ predId: theirs, kind: 'FS', lag: 0 }] })).toBe('两个任务必须属于同一个项目');
    expect(await refusal(t2.api.put('/project/task/update', { id: design, name: '越权' }))).toBe('任务不存在');
    expect(await tasksOf(api, project.id)).toEqual(before);
    expect(await linksOf()).toEqual(links);
  });
});

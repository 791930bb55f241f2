import { describe, expect, it } from 'vitest';
import { newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { buildScenario, defaultCalendar, okData, refusal, tasksOf } from './fixtures.ts';

/**
 * The 20-task scenario on a Monday–Friday calendar with a holiday on Wednesday 2027-03-17, the project
 * starting Monday 2027-03-01. Dates checked by hand (working days counted on a calendar):
 *   A 3d: Mon 03-01 … Wed 03-03;  B 4d: Thu 03-04 … Tue 03-09;  C 1d: Wed 03-10;
 *   D 5d: Thu 03-11, Fri 03-12, Mon 03-15, Tue 03-16, (03-17 holiday) Thu 03-18;
 *   E FS+2 after C: C ends on working day #8 (0-based: 03-10 is #7), +2 → #10 = Mon 03-15 … Tue 03-16;
 *   H SS+2 after D's start (#8) → #10 Mon 03-15 … Thu 03-18 (over the holiday);
 *   J FS−1 after H (ends before #13) → #12 = Thu 03-18 … Mon 03-22;
 *   K SF+3: K finishes ≥ J's start + 3 = #15 → starts #13 Fri 03-19 … Mon 03-22;
 *   G 8d after D: Fri 03-19 … Tue 03-30; I after G and F: Wed 03-31 … Mon 04-05; L: Tue 04-06 … Mon 04-12;
 *   M SS+2 after L: Thu 04-08 … Mon 04-12; O: Tue 04-13; P (milestone): Wed 04-14; Q: Wed 04-14 … Tue 04-20; R: Wed 04-21 … Thu 04-22.
 * Critical path A B C D G I L M O P Q R (float 0); E and F float 3; H J K N float 13.
 */
const EXPECTED: Record<string, [string, string, number]> = {
  A: ['2027-03-01', '2027-03-03', 0],
  B: ['2027-03-04', '2027-03-09', 0],
  C: ['2027-03-10', '2027-03-10', 0],
  D: ['2027-03-11', '2027-03-18', 0],
  E: ['2027-03-15', '2027-03-16', 3],
  F: ['2027-03-18', '2027-03-25', 3],
  G: ['2027-03-19', '2027-03-30', 0],
  H: ['2027-03-15', '2027-03-18', 13],
  I: ['2027-03-31', '2027-04-05', 0],
  J: ['2027-03-18', '2027-03-22', 13],
  K: ['2027-03-19', '2027-03-22', 13],
  L: ['2027-04-06', '2027-04-12', 0],
  M: ['2027-04-08', '2027-04-12', 0],
  N: ['2027-03-23', '2027-03-24', 13],
  O: ['2027-04-13', '2027-04-13', 0],
  P: ['2027-04-14', '2027-04-14', 0],
  Q: ['2027-04-14', '2027-04-20', 0],
  R: ['2027-04-21', '2027-04-22', 0],
};

describe('project schedule: critical path on the working calendar', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'prj');
  const api = t.api;
  await defaultCalendar(api, ['2027-03-17']);
  const project = await okData(api.post('/project/add', { name: uniqueName('排程'), startDate: '2027-03-01' }));
  const ids = await buildScenario(api, project.id);
  const byName = async () => new Map((await tasksOf(api, project.id)).map((x) => [x.name, x]));

  it('computes the hand-checked dates, float and critical path of 20 tasks around a holiday', async () => {
    const tasks = await byName();
    expect(tasks.size).toBe(20);
    for (const [name, [start, end, float]] of Object.entries(EXPECTED)) {
      const x = tasks.get(name)!;
      expect([name, x.startDate, x.endDate, x.totalFloat, x.critical]).toEqual([name, start, end, float, float === 0]);
    }
    // summaries span their children
    expect([tasks.get('设计')!.startDate, tasks.get('设计')!.endDate]).toEqual(['2027-03-01', '2027-03-18']);
    expect([tasks.get('实施')!.startDate, tasks.get('实施')!.endDate]).toEqual(['2027-03-15', '2027-04-22']);
    const detail = await okData(api.get(`/project/detail?id=${project.id}`));
    expect(detail.project.endDate).toBe('2027-04-22');
  });

  it('moves exactly the successors when one duration changes', async () => {
    const before = await byName();
    const r = await okData(api.put('/project/task/update', { id: ids.G, duration: 10 }));
    const after = await byName();
    const datesMoved = [...after.values()]
      .filter((x) => x.parentId !== null && (x.startDate !== before.get(x.name)!.startDate || x.endDate !== before.get(x.name)!.endDate))
      .map((x) => x.name)
      .sort();
    // G itself (its end) and its successors I L M O P Q R; nothing else
    expect(datesMoved).toEqual(['G', 'I', 'L', 'M', 'O', 'P', 'Q', 'R']);
    expect(after.get('G')!.endDate).toBe('2027-04-01');
    expect(after.get('R')!.endDate).toBe('2027-04-26');
    expect(after.get('E')!.totalFloat).toBe(5);
    expect(r.moved).toContain(ids.R);
    expect(r.finish).toBe('2027-04-26');
    await okData(api.put('/project/task/update', { id: ids.G, duration: 8 }));
  });

  it('pins a task to a date (manual scheduling) and lets its successors follow', async () => {
    await okData(api.put('/project/task/update', { id: ids.N, pinnedStart: '2027-04-01' }));
    const tasks = await byName();
    expect([tasks.get('N')!.startDate, tasks.get('N')!.endDate]).toEqual(['2027-04-01', '2027-04-02']);
    expect(tasks.get('K')!.startDate).toBe('2027-03-19'); // the predecessor does not move
    expect(tasks.get('R')!.endDate).toBe('2027-04-22'); // N still finishes before M
    expect(await refusal(api.put('/project/task/update', { id: ids.N, pinnedStart: '2027-02-01' }))).toContain('早于项目开始日期');
    await okData(api.put('/project/task/update', { id: ids.N, pinnedStart: null }));
  });

  it('refuses a cycle naming it, and writes nothing', async () => {
    const msg = await refusal(api.post('/project/link/add', { predId: ids.R, succId: ids.C, kind: 'FS', lag: 0 }));
    expect(msg).toMatch(/^任务依赖存在循环：/);
    expect(msg).toContain('R → C');
    expect(msg).toContain('Q → R');
    // a closed walk: it ends where it began
    const names = msg.replace('任务依赖存在循环：', '').split(' → ');
    expect(names[0]).toBe(names[names.length - 1]);
    const detail = await okData(api.get(`/project/detail?id=${project.id}`));
    expect(detail.links).toHaveLength(19);
    // a cycle already in the data (written past the checks): the re-schedule still names it by the tasks' names
    await db.system((tx) =>
      tx.query(`insert into proj_task_link(tenant_id, project_id, pred_id, succ_id, kind, lag) values ($1, $2, $3, $4, 'FS', 0)`, [
        t.tenantId,
        project.id,
        ids.R,
        ids.C,
      ]),
    );
    const again = await refusal(api.post('/project/schedule', { projectId: project.id }));
    expect(again).toContain('R → C');
    expect(again).toContain('Q → R');
    await db.system((tx) => tx.query('delete from proj_task_link where tenant_id = $1 and pred_id = $2 and succ_id = $3', [t.tenantId, ids.R, ids.C]));
    expect(await refusal(api.post('/project/link/add', { predId: ids.A, succId: ids['实施'], kind: 'FS', lag: 0 }))).toContain('汇总任务');
    expect(await refusal(api.post('/project/link/add', { predId: ids.A, succId: ids.A, kind: 'FS' }))).toContain('不能依赖自己');
    expect(await refusal(api.post('/project/task/add', { projectId: project.id, name: 'x', duration: -1 }))).toContain('工期不能为负数');
    expect(await refusal(api.post('/project/task/add', { projectId: project.id, name: 'x', duration: 1, pinnedStart: '2027-02-30' }))).toContain('日期不存在');
  });

  it('gives a project from a template the same task tree every time', async () => {
    const tpl = await okData(api.post('/project/add', { name: uniqueName('模板'), startDate: '2027-03-01', isTemplate: true }));
    await buildScenario(api, tpl.id);
    const shape = async (pid: number) => {
      const tasks = await tasksOf(api, pid);
      const name = new Map(tasks.map((x) => [x.id, x.name]));
      const detail = await okData(api.get(`/project/detail?id=${pid}`));
      return {
        tree: tasks.map((x) => [x.name, x.parentId === null ? null : name.get(x.parentId), x.duration, x.startDate, x.endDate]),
        links: detail.links.map((l: any) => [name.get(l.predId), name.get(l.succId), l.kind, l.lag]).sort(),
      };
    };
    const a = await okData(api.post('/project/add', { name: uniqueName('甲'), startDate: '2027-03-01', templateId: tpl.id }));
    const b = await okData(api.post('/project/add', { name: uniqueName('乙'), startDate: '2027-03-01', templateId: tpl.id }));
    const [sa, sb, st] = [await shape(a.id), await shape(b.id), await shape(tpl.id)];
    expect(sa.tree).toHaveLength(20);
    expect(sa).toEqual(sb);
    expect(sa).toEqual(st);
    expect(sa).toEqual(await shape(project.id));
  });
});

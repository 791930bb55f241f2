import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { demoApi, seededRandom } from '../../../platform/demo/demo-api.ts';
import { projectDemoActivity } from '../index.ts';
import { okData } from './fixtures.ts';

describe('the projects demo story', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'prjdemo');
  it('makes a template, two projects from it, a closed pilot in 项目档案 and money that the P&L and the panel show', async () => {
    await projectDemoActivity(await demoApi(app, '/api', t.loginName, t.password), seededRandom(1));
    const list = await okData(t.api.get('/project/list'));
    expect(list.total).toBe(3);
    // the closed pilot's dossier is in 项目档案, frozen when it closed
    const pilot = list.rows.find((r: any) => r.name === '华北产线试点');
    expect(pilot.status).toBe('closed');
    const archives = await okData(t.api.get(`/project/archive/all?projectId=${pilot.id}`));
    expect(archives.rows.map((r: any) => [r.reason, r.title.endsWith('华北产线试点')])).toEqual([['closed', true]]);
    expect((await okData(t.api.get(`/project/archive/detail?id=${archives.rows[0].id}`))).snapshot.header.budget).toBe('120000.000000');
    const started = list.rows.find((r: any) => r.name === '华东工厂智能产线');
    expect(started.status).toBe('online'); // its first phase went live three days ago
    const detail = await okData(t.api.get(`/project/detail?id=${started.id}`));
    expect(detail.tasks).toHaveLength(9);
    expect(detail.links).toHaveLength(7);
    const pnl = await okData(t.api.get(`/project/pnl?projectId=${started.id}`));
    // labour: 14.5 h × 1200/8 + 12 h × 220 + 3 h × 1800/8 approved
    expect(pnl).toEqual({ income: '354000', cost: '186500', expense: '9671.3', profit: '157828.7', labour: '5490', approvedHours: '29.5', net: '152338.7' });
    const time = await okData(t.api.get(`/project/time/list?projectId=${started.id}`));
    expect(time.rows.map((r: any) => r.status).sort()).toEqual(['approved', 'approved', 'approved', 'approved', 'approved', 'draft', 'submitted', 'submitted']);
    expect((await okData(t.api.get(`/project/online/list?projectId=${started.id}`))).map((r: any) => r.signer)).toEqual(['王建国']);
    expect((await okData(t.api.get('/project/panel'))).income).toBe('354000.000000');
    // the menu lists have rows: tasks with progress, two risks, the contract with what was collected
    const tasks = await okData(t.api.get(`/project/task/all?projectId=${started.id}`));
    expect(
      tasks.rows
        .filter((r: any) => r.progress > 0)
        .map((r: any) => r.name)
        .sort(),
    ).toEqual(['方案设计', '设备采购', '软件开发', '需求调研'].sort());
    expect((await okData(t.api.get('/project/risk/all'))).total).toBe(2);
    expect((await okData(t.api.get('/project/contract/all'))).rows.map((r: any) => r.collected)).toEqual(['354000.000000']);
    expect((await okData(t.api.get('/project/expenses/all'))).sums.amount).toBe('9671.300000');
    // the report: the equipment purchase (80 %) finished weeks ago on plan; the servo risk warns within the week
    expect((await okData(t.api.get('/project/report/overdue'))).rows.map((r: any) => r.name)).toContain('设备采购');
    expect((await okData(t.api.get('/project/report/risk-warning'))).rows.map((r: any) => r.name)).toEqual(['进口伺服电机交期延误']);
    expect((await okData(t.api.get('/resourcePrice/list?currentPage=1&pageSize=10'))).total).toBe(4);
    // 项目进度: the started project has begun, the survey finished late, the late purchase makes it late
    const prog = (await okData(t.api.get(`/project/report/progress?projectId=${started.id}`))).rows[0];
    expect(prog).toMatchObject({ plannedStart: new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10), done: 2, finishedLate: 1, late: true });
    expect(Number(prog.percent)).toBeGreaterThan(0);
    expect(prog.actualStart).toBe(prog.plannedStart);
    // 项目工作台: the two open tasks are the demo user's, the late purchase first
    expect((await okData(t.api.get('/project/workbench'))).tasks.map((x: any) => [x.name, x.late])).toEqual([
      ['设备采购', true],
      ['软件开发', expect.any(Boolean)],
    ]);
    // acceptance with its report file, two after-sales problems, a summary, a manual in its second version
    const acc = await okData(t.api.get('/project/acceptance/all'));
    expect(acc.rows.map((r: any) => [r.title, r.result])).toEqual([['设备到货初验', 'passed']]);
    expect((await t.api.get(`/common/download?fileName=${encodeURIComponent(acc.rows[0].fileName)}`)).text).toContain('初验报告');
    expect((await okData(t.api.get('/project/after_sales/all'))).rows.map((r: any) => r.status)).toEqual(['open', 'resolved']);
    expect((await okData(t.api.get('/project/summary/all'))).total).toBe(1);
    const manual = (await okData(t.api.get('/project/deliverables/all'))).rows[0];
    expect([manual.name, manual.version]).toEqual(['产线操作手册', 2]);
    expect((await okData(t.api.get(`/project/deliverables/versions?id=${manual.id}`))).map((v: any) => v.version)).toEqual([2, 1]);
  });
});

import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add } from './mfg-fixtures.ts';
import { twoOperationJob } from '../../shopfloor/__tests__/sf-fixtures.ts';

type Task = {
  id: number;
  taskNo: string;
  workOrderId: number;
  quantity: string;
  reportedQty: string;
  teamName: string | null;
  startAt: string;
  endAt: string;
  status: string;
};

/**
 * 日排产 and 生产任务 (issue 16), hand-computed. 200 chairs released on Tuesday 2026-12-01 08:00 on the standard week
 * (Mon–Fri 08–12, 13–17 = 480 min a day):
 *   cut  (setup 30, 3 min a unit = 630 min): Dec 1 08:00–17:00 480 min = 30 setup + 450 run → 150; Dec 2 08:00–10:30 150 min → 50.
 *   assemble (6 min a unit = 1,200 min, after the cut ends Dec 2 10:30): Dec 2 10:30–17:00 330 min → 55; Dec 3 480 → 80;
 *   Dec 4 08:00–15:30 390 → 65.  55 + 80 + 65 = 200.
 */
describe('day scheduling and production tasks', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'dps');
  const api = t.api;
  const job = await twoOperationJob(api, '200');
  await add(api, 'team', { name: `下料甲班${Date.now()}`, workCentreId: job.cut });
  await api.post('/shopfloor/settings', { overReportPct: '0', backflushDepotId: job.depotId });
  const day = async (d: string) => {
    const r = await api.get(`/productionTask/dayPlan?day=${d}`);
    expect(r.body.code, r.text).toBe(200);
    return r.body.data as { tasks: Task[]; quantity: string };
  };
  const ours = (tasks: Task[]) => tasks.map((x) => [x.workOrderId === job.op1.id ? 'cut' : 'asm', x.quantity, x.startAt.slice(11, 16), x.endAt.slice(11, 16)]);

  it('splits each operation over its working days by run time, setup first, and hands the cut to its team', async () => {
    const g = await api.post('/productionTask/generate', { from: '2026-12-01', to: '2026-12-04' });
    expect(g.body.data, g.text).toMatchObject({ created: 5, removed: 0 });
    expect(ours((await day('2026-12-01')).tasks)).toEqual([['cut', '150', '08:00', '17:00']]);
    const d2 = await day('2026-12-02');
    expect(ours(d2.tasks)).toEqual([
      ['cut', '50', '08:00', '10:30'],
      ['asm', '55', '10:30', '17:00'],
    ]);
    expect(d2.quantity).toBe('105');
    expect(d2.tasks.map((x) => x.teamName)).toEqual([expect.stringMatching(/^下料甲班/), null]);
    expect(ours((await day('2026-12-03')).tasks)).toEqual([['asm', '80', '08:00', '17:00']]);
    expect(ours((await day('2026-12-04')).tasks)).toEqual([['asm', '65', '08:00', '15:30']]);
    expect((await day('2026-12-05')).tasks).toEqual([]);
    const d1 = (await day('2026-12-01')).tasks[0]!;
    expect(d1.taskNo).toBe(`${job.op1.woNo}-20261201`);
  });

  it('a report names its task: the task counts the units and is done at its quantity; another order’s task is refused', async () => {
    const [d1] = (await day('2026-12-01')).tasks;
    const [, asm2] = (await day('2026-12-02')).tasks;
    await api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'start' });
    const wrong = await api.post('/shopfloor/report', { workOrderId: job.op1.id, goodQty: '10', taskId: asm2!.id });
    expect(wrong.body.data.message).toBe('生产任务不存在或不属于该工单');
    const card = async () => (await api.get(`/shopfloor/scan?code=${encodeURIComponent(job.op1.woNo)}`)).body.data.goodQty;
    expect(await card()).toBe('0');
    // 400 legs in stock, 4 a chair backflushed: 100 chairs can be cut
    const r1 = await api.post('/shopfloor/report', { workOrderId: job.op1.id, goodQty: '40', taskId: d1!.id });
    expect(r1.body.code, r1.text).toBe(200);
    expect((await day('2026-12-01')).tasks[0]).toMatchObject({ reportedQty: '40', status: 'open' });
    const r2 = await api.post('/shopfloor/report', { workOrderId: job.op1.id, goodQty: '60', taskId: d1!.id });
    expect(r2.body.code, r2.text).toBe(200);
    expect((await day('2026-12-01')).tasks[0]).toMatchObject({ reportedQty: '100', status: 'open' });
    expect(await card()).toBe('100');
    await api.post('/shopfloor/execute', { workOrderId: job.op2.id, action: 'start' });
    const r3 = await api.post('/shopfloor/report', { workOrderId: job.op2.id, goodQty: '55', taskId: asm2!.id });
    expect(r3.body.code, r3.text).toBe(200);
    expect((await day('2026-12-02')).tasks[1]).toMatchObject({ reportedQty: '55', status: 'done' });
  });

  it('planning again replaces the tasks nothing was reported on and keeps the reported ones', async () => {
    const g = await api.post('/productionTask/generate', { from: '2026-12-01', to: '2026-12-04' });
    expect(g.body.data, g.text).toMatchObject({ created: 3, removed: 3 });
    expect((await day('2026-12-01')).tasks.map((x) => [x.quantity, x.reportedQty])).toEqual([['150', '100']]);
    expect((await day('2026-12-02')).tasks.map((x) => [x.quantity, x.reportedQty])).toEqual([
      ['50', '0'],
      ['55', '55'],
    ]);
  });

  it('refuses bad ranges and dates and shows nothing of another company', async () => {
    const bad = async (body: object) => (await api.post('/productionTask/generate', body)).body;
    expect((await bad({ from: '2026-12-04', to: '2026-12-01' })).data.message).toBe('结束日期不能早于开始日期');
    expect((await bad({ from: '2026-01-01', to: '2026-12-31' })).data.message).toBe('一次最多安排62天');
    expect((await bad({ from: '2026-02-30', to: '2026-03-01' })).code).toBe(400);
    expect((await api.get('/productionTask/dayPlan?day=2026-13-01')).body.code).toBe(400);
    const other = await newTenant(app, 'dps2');
    expect((await other.api.get('/productionTask/dayPlan?day=2026-12-02')).body.data.tasks).toEqual([]);
    expect((await other.api.post('/productionTask/generate', { from: '2026-12-01', to: '2026-12-04' })).body.data).toMatchObject({ created: 0 });
    const theirs = await other.api.post('/shopfloor/report', { workOrderId: job.op1.id, goodQty: '1', taskId: 1 });
    expect(theirs.body.data.message).toBe('工单不存在');
    expect((await day('2026-12-02')).tasks).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';
import { twoOperationJob } from './sf-fixtures.ts';

/**
 * 生产任务 (/manufacture/production_task) and 日排产 (/manufacture/day_schedule) are screens of their own: a user
 * holding only one of them reaches what it shows (work orders and their start/finish; one day of the schedule)
 * and nothing more.
 */
describe('production task and day schedule screens', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'sft');
  const job = await twoOperationJob(t.api, '5');
  const tasks = await userWith(app, t.api, [await roleWith(t.api, { '/manufacture/production_task': '1' })]);
  const day = await userWith(app, t.api, [await roleWith(t.api, { '/manufacture/day_schedule': '1' })]);
  const search = encodeURIComponent(JSON.stringify({ makeOrderId: job.mo }));

  it('a task clerk lists the job’s work orders, starts, pauses and resumes one, and cannot report on it', async () => {
    const list = await tasks.api.get(`/workOrder/list?search=${search}`);
    expect(list.body.code, list.text).toBe(200);
    expect(list.body.data.rows.map((r: { woNo: string }) => r.woNo)).toEqual([job.op1.woNo, job.op2.woNo]);
    const start = await tasks.api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'start' });
    expect(start.body.data, start.text).toMatchObject({ status: 'started', message: '操作成功' });
    const again = await tasks.api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'start' });
    expect(again.body.code).not.toBe(200);
    for (const action of ['pause', 'resume']) {
      const r = await tasks.api.post('/shopfloor/execute', { workOrderId: job.op1.id, action });
      expect(r.body.code, r.text).toBe(200);
    }
    // reporting is the workstation's (生产报工), not the task list's
    const report = await tasks.api.post('/shopfloor/report', { workOrderId: job.op1.id, goodQty: '1' });
    expect(report.body.code).toBe(403);
    const after = (await t.api.get(`/workOrder/list?search=${search}`)).body.data.rows;
    expect([after[0].status, Number(after[0].goodQty ?? 0)]).toEqual(['started', 0]);
  });

  it('the day schedule reads one day of the plan and refuses the work order list', async () => {
    const g = await day.api.get('/schedule/gantt?from=2026-12-01%2000:00:00&to=2026-12-02%2000:00:00');
    expect(g.body.code, g.text).toBe(200);
    const ours = g.body.data.bars.filter((b: { id: number }) => b.id === job.op1.id || b.id === job.op2.id);
    expect(ours.map((b: { woNo: string; plannedStart: string }) => [b.woNo, b.plannedStart.slice(0, 10)])).toEqual([
      [job.op1.woNo, '2026-12-01'],
      [job.op2.woNo, '2026-12-01'],
    ]);
    const other = await day.api.get('/schedule/gantt?from=2026-12-03%2000:00:00&to=2026-12-04%2000:00:00');
    expect(other.body.data.bars.some((b: { id: number }) => b.id === job.op1.id)).toBe(false);
    expect((await day.api.get(`/workOrder/list?search=${search}`)).body.code).toBe(403);
  });

  it('scheduling again is the day schedule’s: a task clerk is refused, the planner moves what is not started', async () => {
    expect((await tasks.api.post('/schedule/run', { direction: 'forward', from: '2026-12-07 08:00:00' })).body.code).toBe(403);
    const run = await day.api.post('/schedule/run', { direction: 'forward', from: '2026-12-07 08:00:00' });
    expect(run.body.code, run.text).toBe(200);
    // op1 was started above and stays; op2 (not started) moves to Monday the 7th
    const g = (await day.api.get('/schedule/gantt?from=2026-12-07%2000:00:00&to=2026-12-08%2000:00:00')).body.data;
    expect(g.bars.filter((b: { id: number }) => b.id === job.op2.id || b.id === job.op1.id).map((b: { id: number }) => b.id)).toEqual([job.op2.id]);
  });
});

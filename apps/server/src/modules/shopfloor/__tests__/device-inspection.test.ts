import { describe, expect, it } from 'vitest';
import { newTenant, testApp, type Client } from '../../../test-support/harness.ts';
import { add } from '../../manufacturing/__tests__/mfg-fixtures.ts';

const dueDatesOf = async (api: Client, planId: number) => {
  const r = await api.get(`/deviceInspectionTask/list?pageSize=100&search=${encodeURIComponent(JSON.stringify({ planId }))}`);
  expect(r.body.code, r.text).toBe(200);
  return (r.body.data.rows as Array<{ dueDate: string }>).map((t) => t.dueDate.slice(0, 10)).sort();
};

/** Inspection plans recur on the work centre's calendar (Mon–Fri, Wed 2026-12-02 a holiday) through the job queue. */
describe('device inspection plans and tasks', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'sfi');
  const api = t.api;
  const cal = await add(api, 'workCalendar', {
    name: '点检日历',
    workdays: '1,2,3,4,5',
    shift1Start: '08:00',
    shift1End: '17:00',
    days: [{ day: '2026-12-02', kind: 'holiday' }],
  });
  const centre = await add(api, 'workCentre', { name: '机加', code: 'JJ', kind: 'centre', capacity: 1, calendarId: cal });
  const type = await add(api, 'deviceType', { name: '数控车床' });
  const pressure = await add(api, 'deviceInspectionItem', {
    deviceTypeId: type,
    name: '液压压力',
    valueKind: 'range',
    lowerLimit: 0.4,
    upperLimit: 0.6,
    unit: 'MPa',
  });
  const noise = await add(api, 'deviceInspectionItem', { deviceTypeId: type, name: '异响', valueKind: 'passFail' });
  const lathe = await add(api, 'device', { code: 'CK-01', name: '数控车床1号', deviceTypeId: type, workCentreId: centre, status: 'running' });
  // every 2 working days from Monday 11-30, and weekly from Wednesday 11-25
  const daily = await add(api, 'deviceInspectionPlan', { name: '两日点检', deviceId: lathe, every: 2, unit: 'day', startDate: '2026-11-30' });
  const weekly = await add(api, 'deviceInspectionPlan', { name: '周点检', deviceId: lathe, every: 1, unit: 'week', startDate: '2026-11-25' });
  const generate = async (asOf: string) => {
    const r = await api.post('/device/inspection/generate', { asOf });
    expect(r.body.code, r.text).toBe(200);
    return r.body.data.created as number;
  };

  it('creates the hand-checked due dates around the holiday, once', async () => {
    expect(await generate('2026-12-10')).toBe(7);
    // Mon 30; Tue 1 + Thu 3 (Wed is a holiday); Fri 4 + Mon 7; Tue 8 + Wed 9
    expect(await dueDatesOf(api, daily)).toEqual(['2026-11-30', '2026-12-03', '2026-12-07', '2026-12-09']);
    // Wed 25; Wed 2 is a holiday → Thu 3; Wed 9
    expect(await dueDatesOf(api, weekly)).toEqual(['2026-11-25', '2026-12-03', '2026-12-09']);
    // a second run creates nothing new; a later day only what fell due since
    expect(await generate('2026-12-10')).toBe(0);
    expect(await generate('2026-12-11')).toBe(1);
    expect(await dueDatesOf(api, daily)).toEqual(['2026-11-30', '2026-12-03', '2026-12-07', '2026-12-09', '2026-12-11']);
    // two instances running at once (on PostgreSQL two transactions): one task for Tue 12-15 between them
    const both = await Promise.all([generate('2026-12-15'), generate('2026-12-15')]);
    expect(both[0] + both[1]).toBe(1);
    expect((await dueDatesOf(api, daily)).at(-1)).toBe('2026-12-15');
    const bad = await api.post('/device/inspection/generate', { asOf: '2026-02-30' });
    expect(bad.body.code).not.toBe(200);
    expect(bad.body.data.message).toContain('asOf');
  });

  it('records results per item: out of range is abnormal, a missing value is refused', async () => {
    const list = await api.get(`/deviceInspectionTask/list?search=${encodeURIComponent(JSON.stringify({ planId: weekly }))}`);
    const task = (list.body.data.rows as Array<{ id: number; dueDate: string; status: string }>).find((x) => x.dueDate.startsWith('2026-11-25'))!;
    expect(task.status).toBe('open');
    const info = (await api.get(`/deviceInspectionTask/info?id=${task.id}`)).body.data;
    expect((info.results as Array<{ itemId: number }>).map((r) => r.itemId).sort()).toEqual([pressure, noise].sort());
    const save = (value: number | null, passed: boolean) =>
      api.put('/deviceInspectionTask/update', {
        id: task.id,
        inspector: '张工',
        results: [
          { itemId: pressure, value },
          { itemId: noise, passed },
        ],
      });
    const missing = await save(null, true);
    expect(missing.body.data.message).toBe('点检项目“液压压力”未填写测量值');
    expect((await api.get(`/deviceInspectionTask/info?id=${task.id}`)).body.data.status).toBe('open');
    expect((await save(0.7, true)).body.code).toBe(200);
    const abnormal = (await api.get(`/deviceInspectionTask/info?id=${task.id}`)).body.data;
    expect(abnormal.status).toBe('abnormal');
    expect(abnormal.results.find((r: { itemId: number }) => r.itemId === pressure).passed).toBe(false);
    expect((await save(0.5, true)).body.code).toBe(200);
    expect((await api.get(`/deviceInspectionTask/info?id=${task.id}`)).body.data.status).toBe('normal');
  });

  it('refuses an item whose limits are the wrong way round', async () => {
    const r = await api.post('/deviceInspectionItem/add', { deviceTypeId: type, name: '温度', valueKind: 'range', lowerLimit: 80, upperLimit: 20 });
    expect(r.body.data.message).toBe('下限 80 不能大于上限 20');
  });
});

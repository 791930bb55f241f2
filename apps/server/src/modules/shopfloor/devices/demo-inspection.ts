import type { DemoApi } from '../../../platform/demo/demo-api.ts';

const DAY_MS = 86_400_000;
const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The demo's inspections (点检): what is checked on the pressing devices (air pressure within 0.5–0.7 MPa, no
 * leak), a weekly plan for the press started six weeks ago, the tasks the job made since, all but the latest
 * inspected — one of them found the pressure low, the week before the press broke down.
 */
export async function seedDemoInspection(api: DemoApi, pressTypeId: number, pressId: number): Promise<void> {
  const pressure = (
    await api.post('/deviceInspectionItem/add', {
      deviceTypeId: pressTypeId,
      name: '气源压力',
      method: '读压力表',
      valueKind: 'range',
      lowerLimit: 0.5,
      upperLimit: 0.7,
      unit: 'MPa',
    })
  ).id as number;
  const leak = (await api.post('/deviceInspectionItem/add', { deviceTypeId: pressTypeId, name: '气缸无泄漏', method: '目视、耳听', valueKind: 'passFail' }))
    .id as number;
  const plan = (await api.post('/deviceInspectionPlan/add', { name: '压装机周点检', deviceId: pressId, every: 1, unit: 'week', startDate: day(-42) }))
    .id as number;
  await api.post('/device/inspection/generate', {});
  const tasks = (await api.get(`/deviceInspectionTask/list?currentPage=1&pageSize=50&search=${encodeURIComponent(JSON.stringify({ planId: plan }))}`))
    .rows as Array<{
    id: number;
    dueDate: string;
  }>;
  const older = tasks.sort((a, b) => a.dueDate.localeCompare(b.dueDate)).slice(0, -1);
  for (const [i, t] of older.entries()) {
    // the inspection of about four weeks ago found the pressure low and a hiss at the cylinder
    const bad = i === 2;
    await api.put('/deviceInspectionTask/update', {
      id: t.id,
      inspector: '赵工',
      inspectedAt: `${t.dueDate.slice(0, 10)} 08:30:00`,
      results: [
        { itemId: pressure, value: bad ? 0.42 : 0.6 },
        { itemId: leak, passed: !bad, ...(bad && { remark: '气缸处有漏气声' }) },
      ],
    });
  }
}

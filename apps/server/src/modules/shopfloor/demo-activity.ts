import type { DemoActivity } from '../../platform/demo/demo-api.ts';
import { seedDemoDevices } from './demo-devices.ts';
import { seedDemoWeighing } from './weighing/demo-weighing.ts';
import { seedBackdatedOutput } from './demo-backdated.ts';

/**
 * Shop floor in 演示公司 (issue 17), after manufacturing's story: the first operation of each released
 * work order started and reported in a few batches (some scrap with a defect type), so the workstation,
 * the reporting statistics and the production panel show figures; the next one started and paused (the task
 * list shows each state); the workshop's devices with a past and an open repair order; and three weeks of chairs
 * reported day by day (补报, demo-backdated.ts).
 */
export const shopfloorDemoActivity: DemoActivity = async (api, rand) => {
  const wos = (await api.get('/workOrder/list?currentPage=1&pageSize=50')).rows as Array<{ id: number; seq: number; status: string; quantity: string }>;
  const first = wos.filter((w) => w.status === 'released' && w.seq === Math.min(...wos.map((x) => x.seq)));
  await seedDemoDevices(api);
  // three weeks of chairs reported day by day (补报), for the output per day
  await seedBackdatedOutput(api);
  if (!first.length) return;
  const defect = (await api.post('/defectType/add', { name: '装配不良', code: 'SF-DEMO-01', severity: 'minor' })).id as number;
  const people = ['张师傅', '李师傅', '王师傅'];
  for (const w of first.slice(0, 3)) {
    await api.post('/shopfloor/execute', { workOrderId: w.id, action: 'start' });
    const batch = Math.max(1, Math.floor(Number(w.quantity) / 4));
    for (let i = 0; i < 2; i++) {
      const scrap = rand() < 0.5 ? 1 : 0;
      await api.post('/shopfloor/report', {
        workOrderId: w.id,
        goodQty: String(batch - scrap),
        ...(scrap && { scrapQty: '1', defectTypeId: defect }),
        person: people[Math.floor(rand() * people.length)],
        hours: String(1 + Math.floor(rand() * 4)),
      });
    }
  }
  const next = first[3] ?? wos.find((w) => w.status === 'released' && !first.slice(0, 3).includes(w));
  if (next) {
    await api.post('/shopfloor/execute', { workOrderId: next.id, action: 'start' });
    await api.post('/shopfloor/execute', { workOrderId: next.id, action: 'pause' });
  }
  await seedDemoWeighing(api, rand, first.slice(0, 3));
};

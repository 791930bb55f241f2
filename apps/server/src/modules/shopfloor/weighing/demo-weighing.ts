import type { DemoApi } from '../../../platform/demo/demo-api.ts';

const DAY = 86_400_000;

/**
 * 演示公司's weighing (issue 17): one station, switched off and on a port that is not there, so a start never tries to
 * open it; three weeks of weighed units on the started work orders (about 8 kg a unit, 0.25 kg tare), as a browser's
 * scale would post them.
 */
export async function seedDemoWeighing(api: DemoApi, rand: () => number, workOrders: Array<{ id: number }>): Promise<void> {
  const station = (
    await api.post('/shopfloor/weighing/station/add', {
      name: '包装称重站',
      devicePath: '/dev/ttyUSB0',
      baud: 9600,
      frameFormat: 'toledo',
      tare: '0.25',
      enabled: false,
    })
  ).id as number;
  if (!workOrders.length) return;
  const now = Date.now();
  for (let day = 20; day >= 0; day--) {
    const at = new Date(now - day * DAY);
    if (at.getDay() === 0) continue;
    const units = 1 + Math.floor(rand() * 3);
    for (let i = 0; i < units; i++) {
      const takenAt = new Date(Math.min(now - 60_000, now - day * DAY + (i - 2) * 3_600_000)).toISOString();
      await api.post('/shopfloor/weighing/record', {
        workOrderId: workOrders[(day + i) % workOrders.length]!.id,
        stationId: station,
        gross: (8 + Math.floor(rand() * 500) / 1000).toFixed(3),
        unit: 'kg',
        takenAt,
      });
    }
  }
}

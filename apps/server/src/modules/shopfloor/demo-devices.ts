import type { DemoApi } from '../../platform/demo/demo-api.ts';
import { seedDemoInspection } from './devices/demo-inspection.ts';

const DAY_MS = 86_400_000;
/** A moment `days` from today (negative: past) at `hour`, as the API takes it. */
const at = (days: number, hour: number) => `${new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)} ${String(hour).padStart(2, '0')}:00:00`;

/**
 * The demo's devices (设备类型, 设备台账, 维修单): a cutting saw, an assembly press and a packing sealer at the
 * chair workshop's work centres, bought over the last years; the press broke down three weeks ago (repaired
 * and closed after a day) and the sealer is reported now, waiting for a repairer (no downtime yet).
 */
export async function seedDemoDevices(api: DemoApi): Promise<void> {
  const centres = (await api.get('/workCentre/list?currentPage=1&pageSize=50')).rows as Array<{ id: number; kind: string }>;
  const at3 = centres.filter((c) => c.kind === 'centre').slice(0, 3);
  if (!at3.length) return;
  const type = async (name: string, code: string) => (await api.post('/deviceType/add', { name, code })).id as number;
  const cutting = await type('切割设备', 'DT-CUT');
  const pressing = await type('压装设备', 'DT-PRS');
  const devices = [
    { code: 'SB-001', name: '数控锯床', deviceTypeId: cutting, purchaseDate: at(-900, 0).slice(0, 10) },
    { code: 'SB-002', name: '气动压装机', deviceTypeId: pressing, purchaseDate: at(-420, 0).slice(0, 10) },
    { code: 'SB-003', name: '封箱机', deviceTypeId: pressing, purchaseDate: at(-120, 0).slice(0, 10) },
  ];
  const ids: number[] = [];
  for (const [i, d] of devices.entries()) {
    ids.push((await api.post('/device/add', { ...d, workCentreId: at3[i % at3.length].id, status: 'running' })).id as number);
  }
  await api.post('/repairOrder/add', {
    repairNo: 'WX-DEMO-001',
    deviceId: ids[1],
    fault: '气缸漏气，压装力不足',
    assignee: '赵工',
    downFrom: at(-21, 9),
    downTo: at(-20, 11),
    status: 'closed',
    remark: '更换气缸密封圈',
  });
  await api.post('/repairOrder/add', { repairNo: 'WX-DEMO-002', deviceId: ids[2], fault: '封箱胶带偶尔卡带', status: 'reported' });
  await seedDemoInspection(api, pressing, ids[1]);
}

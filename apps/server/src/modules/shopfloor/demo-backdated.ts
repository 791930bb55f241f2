import type { DemoApi } from '../../platform/demo/demo-api.ts';

const DAY = 86_400_000;
const dayText = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The weekdays (UTC) of the last `days` days before today, oldest first. */
function pastWeekdays(days: number): string[] {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const out: string[] = [];
  for (let i = days; i >= 1; i--) {
    const d = new Date(today - i * DAY);
    if (![0, 6].includes(d.getUTCDay())) out.push(dayText(d.getTime()));
  }
  return out;
}

/**
 * 演示公司's last three weeks of chairs, entered as 补报 (back-dated reports, as a supervisor enters paper reports): a stock
 * order of 60 office chairs released three weeks ago, its cut, assembly and packing started and reported day by day
 * through `/shopfloor/report`'s `reportTime`, so 生产数据面板's output per day has bars on each past working day. The
 * operations pass units on as a line does: what the cut made one day the assembly takes, packing follows.
 */
export async function seedBackdatedOutput(api: DemoApi) {
  const routes = (await api.get('/route/list?currentPage=1&pageSize=50')).rows as Array<{ name: string; materialId: number }>;
  const chair = routes.find((r) => r.name === '办公椅工艺')?.materialId;
  const days = pastWeekdays(21);
  if (!chair || !days.length) return;
  const mo = (await api.post('/makeOrder/add', { orderType: 'stock', orderDate: days[0], lines: [{ lineType: 'product', materialId: chair, quantity: '60' }] }))
    .id;
  await api.post('/makeOrder/release', { id: mo, from: `${days[0]} 08:00:00`, releasedAt: `${days[0]} 07:30:00` });
  const search = encodeURIComponent(JSON.stringify({ makeOrderId: mo }));
  const ops = ((await api.get(`/workOrder/list?search=${search}&pageSize=10`)).rows as Array<{ id: number; seq: number }>).sort((a, b) => a.seq - b.seq);
  const made = ops.map(() => 0);
  const perDay = [12, 8, 6];
  const people = ['张师傅', '李师傅', '王师傅'];
  for (const day of days) {
    for (let i = 0; i < ops.length; i++) {
      const received = i === 0 ? 60 : made[i - 1]!;
      const qty = Math.min(received - made[i]!, perDay[i] ?? 6);
      if (qty <= 0) continue;
      const hour = String(9 + i * 3).padStart(2, '0');
      if (!made[i]) await api.post('/shopfloor/execute', { workOrderId: ops[i]!.id, action: 'start', time: `${day} ${hour}:00:00` });
      await api.post('/shopfloor/report', {
        workOrderId: ops[i]!.id,
        goodQty: String(qty),
        person: people[i % people.length],
        hours: String(2 + ((made[i]! / qty) % 3)),
        reportTime: `${day} ${hour}:50:00`,
      });
      made[i] = made[i]! + qty;
    }
  }
}

import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add } from '../../manufacturing/__tests__/mfg-fixtures.ts';
import { twoOperationJob } from './sf-fixtures.ts';

// 补报 (docs/shopfloor.md "Back-dated reports"): a report dated in the past posts its backflush document, its journal entry,
// its labour and the panel's output on that day; a future time, a time before the release or the start, a closed period are
// refused with nothing written.
const at = (daysAgo: number, time = '10:00:00') => `${new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)} ${time}`;

describe('back-dated shop-floor reports (补报)', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'sfback');
  const api = t.api;
  const job = await twoOperationJob(api, '10', { releasedAt: at(6, '08:00:00') });
  await api.post('/shopfloor/settings', { overReportPct: '0', backflushDepotId: job.depotId });
  const report = (workOrderId: number, body: object) => api.post('/shopfloor/report', { workOrderId, ...body });
  const written = () =>
    db.system((tx) =>
      tx.one<{ reports: number; docs: number; entries: number; events: number }>(
        `select (select count(*)::int from sf_report where tenant_id = $1) as reports,
                (select count(*)::int from depot_head where tenant_id = $1) as docs,
                (select count(*)::int from fin_entry where tenant_id = $1) as entries,
                (select count(*)::int from sf_event where tenant_id = $1) as events`,
        [t.tenantId],
      ),
    );

  it('starts 5 days ago and reports 3 days ago: the report, its backflush document and journal entry, the panel are dated that day', async () => {
    expect((await api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'start', time: at(5, '08:00:00') })).body.data.status).toBe('started');
    const r = await report(job.op1.id, { goodQty: '4', person: '张三', hours: '2', reportTime: at(3) });
    expect(r.body.code, r.text).toBe(200);
    const headerId = r.body.data.backflushHeaderId as number;
    expect(headerId).toBeGreaterThan(0);
    const rows = await db.system((tx) =>
      tx.one<{ report_day: string; created: string; labour: string; oper_time: string; entry_date: string | null; entries: number }>(
        `select to_char(r.report_day, 'YYYY-MM-DD') as report_day, to_char(r.created_at, 'YYYY-MM-DD HH24:MI:SS') as created, r.labour_cost::text as labour,
                to_char(h.oper_time, 'YYYY-MM-DD HH24:MI:SS') as oper_time,
                (select to_char(min(e.entry_date), 'YYYY-MM-DD') from fin_entry e where e.tenant_id = h.tenant_id and e.source_kind = 'depot' and e.source_id = h.id) as entry_date,
                (select count(*)::int from fin_entry e where e.tenant_id = h.tenant_id and e.source_kind = 'depot' and e.source_id = h.id) as entries
           from sf_report r join depot_head h on h.tenant_id = r.tenant_id and h.id = r.backflush_header_id
          where r.tenant_id = $1 and r.id = $2`,
        [t.tenantId, r.body.data.id],
      ),
    );
    expect(rows).toMatchObject({ report_day: at(3).slice(0, 10), created: at(3), oper_time: at(3), entry_date: at(3).slice(0, 10), entries: 1 });
    expect(Number(rows!.labour)).toBe(120);
    // the last operation's report 2 days ago is output of that day on 生产数据面板, today's is not
    await api.post('/shopfloor/execute', { workOrderId: job.op2.id, action: 'start', time: at(3, '11:00:00') });
    expect((await report(job.op2.id, { goodQty: '3', reportTime: at(2) })).body.code).toBe(200);
    const output = (await api.get('/manufacture/dataPanelData')).body.data.output as Array<{ day: string; good: string }>;
    expect(output.find((d) => d.day === at(2).slice(0, 10))?.good).toBe('3');
    expect(output.find((d) => d.day === at(0).slice(0, 10))?.good).toBe('0');
    const stats = (await api.get(`/shopfloor/reportStats?by=day&from=${at(3).slice(0, 10)}&to=${at(3).slice(0, 10)}`)).body.data;
    expect(JSON.stringify(stats)).toContain('"goodQty":4');
  });

  it('refuses a future time, a time before the release or the start, a bad time, writing nothing', async () => {
    const before = await written();
    const future = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect((await report(job.op1.id, { goodQty: '1', reportTime: future })).body.data.message).toBe('补报时间不能晚于当前时间');
    expect((await report(job.op1.id, { goodQty: '1', reportTime: at(5, '07:00:00') })).body.data.message).toMatch(
      new RegExp(`^补报时间不能早于工单 ${job.op1.woNo} 的开工时间 ${at(5, '08:00:00')}$`),
    );
    expect((await report(job.op1.id, { goodQty: '1', reportTime: at(7) })).body.data.message).toMatch(/^补报时间不能早于工单 .+ 的下达时间 /);
    expect((await report(job.op1.id, { goodQty: '1', reportTime: '2026-02-30 10:00:00' })).body.code).toBe(400);
    expect((await report(job.op1.id, { goodQty: '1', reportTime: 'yesterday' })).body.code).toBe(400);
    expect((await api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'pause', time: at(7) })).body.data.message).toMatch(
      /^补报时间不能早于工单 .+ 的下达时间 /,
    );
    expect(await written()).toEqual(before);
  });

  it('a release may be back-dated (补录), never into the future', async () => {
    const mo = await add(api, 'makeOrder', {
      orderType: 'stock',
      orderDate: at(1).slice(0, 10),
      lines: [{ lineType: 'product', materialId: job.chair, quantity: '2' }],
    });
    const future = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect((await api.post('/makeOrder/release', { id: mo, releasedAt: future })).body.data.message).toBe('下达时间不能晚于当前时间');
    expect((await api.get(`/makeOrder/info?id=${mo}`)).body.data.status ?? 'draft').toBe('draft');
    expect((await api.post('/makeOrder/release', { id: mo, releasedAt: at(1, '08:00:00') })).body.code).toBe(200);
    const wo = (await api.get(`/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: mo }))}`)).body.data.rows[0] as { id: number };
    expect((await api.post('/shopfloor/execute', { workOrderId: wo.id, action: 'start', time: at(1, '07:59:00') })).body.data.message).toMatch(
      new RegExp(`的下达时间 ${at(1, '08:00:00')}$`),
    );
    expect((await api.post('/shopfloor/execute', { workOrderId: wo.id, action: 'start', time: at(1, '09:00:00') })).body.data.status).toBe('started');
  });

  it('refuses a time in a closed account period with finance’s message, writing nothing', async () => {
    const month = at(3).slice(0, 7);
    expect((await api.post('/accountPeriod/add', { period: month, closed: true })).body.code).toBe(200);
    const before = await written();
    const r = await report(job.op1.id, { goodQty: '1', reportTime: at(3, '15:00:00') });
    expect(r.body.data.message).toBe(`账期 ${month} 已结账，不能记账`);
    expect(await written()).toEqual(before);
    const card = (await api.get(`/shopfloor/scan?code=${encodeURIComponent(job.op1.woNo)}`)).body.data;
    expect(card.goodQty).toBe('4');
  });
});

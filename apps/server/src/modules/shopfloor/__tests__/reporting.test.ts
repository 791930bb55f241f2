import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add } from '../../manufacturing/__tests__/mfg-fixtures.ts';
import { twoOperationJob } from './sf-fixtures.ts';

type Card = { id: number; woNo: string; status: string; received: string; available: string; goodQty: string; scrapQty: string; progress: number };

describe('work order execution and production reporting', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'sf');
  const api = t.api;
  const job = await twoOperationJob(api, '10');
  const defect = await add(api, 'defectType', { name: '划伤', code: `D${Date.now()}` });
  await api.post('/shopfloor/settings', { overReportPct: '0', backflushDepotId: job.depotId });
  const card = async (code: string) => (await api.get(`/shopfloor/scan?code=${encodeURIComponent(code)}`)).body.data as Card;
  const report = (workOrderId: number, body: object) => api.post('/shopfloor/report', { workOrderId, ...body });

  it('scans, starts, pauses, resumes; a report needs a running operation and writes nothing when refused', async () => {
    const c = await card(job.op1.woNo);
    expect(c).toMatchObject({ id: job.op1.id, received: '10', available: '10', goodQty: '0', progress: 0 });
    expect((await report(job.op1.id, { goodQty: '1' })).body.data.message).toBe(`工单 ${job.op1.woNo} 未开工，请先开工再报工`);
    expect((await api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'start' })).body.data.status).toBe('started');
    expect((await api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'start' })).body.data.message).toBe(
      `工单 ${job.op1.woNo} 进行中，不能开工`,
    );
    await api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'pause' });
    expect((await report(job.op1.id, { goodQty: '1' })).body.data.message).toBe(`工单 ${job.op1.woNo} 已暂停，请先恢复再报工`);
    await api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'resume' });
    expect((await card(job.op1.woNo)).goodQty).toBe('0');
    expect((await api.get('/shopfloor/scan?code=NO-SUCH')).body.data.message).toBe('工单 NO-SUCH 不存在');
  });

  it('reports good and scrap; the next operation cannot report more than it received; the tolerance widens it', async () => {
    expect((await report(job.op1.id, { goodQty: '7', scrapQty: '1' })).body.data.message).toBe('有报废数量时请选择不良类型');
    const r = await report(job.op1.id, { goodQty: '7', scrapQty: '1', defectTypeId: defect, person: '张三', hours: '1.5' });
    expect(r.body.code, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ goodQty: '7', scrapQty: '1', status: 'started', progress: 70 });
    expect((await report(job.op1.id, { goodQty: '3' })).body.data.message).toBe(`工单 ${job.op1.woNo} 报工数量超过可报数量：本次 3，最多还可报 2`);
    await api.post('/shopfloor/execute', { workOrderId: job.op2.id, action: 'start' });
    expect((await card(job.op2.woNo)).received).toBe('7');
    expect((await report(job.op2.id, { goodQty: '8' })).body.data.message).toBe(`工单 ${job.op2.woNo} 报工数量超过可报数量：本次 8，最多还可报 7`);
    expect((await card(job.op2.woNo)).goodQty).toBe('0');
    await api.post('/shopfloor/settings', { overReportPct: '20', backflushDepotId: job.depotId });
    expect((await card(job.op2.woNo)).available).toBe('8.4');
    expect((await report(job.op2.id, { goodQty: '8' })).body.code).toBe(200);
    await api.post('/shopfloor/settings', { overReportPct: '0', backflushDepotId: job.depotId });
  });

  it('refuses garbage and other companies’ records', async () => {
    expect((await report(job.op1.id, { goodQty: '-1' })).body.code).toBe(400);
    expect((await report(job.op1.id, { goodQty: '0' })).body.data.message).toBe('合格数与报废数合计须大于0');
    const other = await newTenant(app, 'sf2');
    const theirDefect = await add(other.api, 'defectType', { name: '别家', code: `X${Date.now()}` });
    expect((await report(job.op1.id, { goodQty: '1', scrapQty: '1', defectTypeId: theirDefect })).body.data.message).toBe('不良类型不存在');
    expect((await other.api.post('/shopfloor/report', { workOrderId: job.op1.id, goodQty: '1' })).body.data.message).toBe('工单不存在');
    expect((await card(job.op1.woNo)).goodQty).toBe('7');
  });
});

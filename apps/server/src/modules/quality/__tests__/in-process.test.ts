import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { twoOperationJob } from '../../shopfloor/__tests__/sf-fixtures.ts';
import { incomingTemplate, inspectionsOf, ok, values } from './fixtures.ts';

type Wo = { goodQty: string | number | null; scrapQty: string | number | null; heldQty: string | number | null; status: string };

describe('quality: in-process inspection of operation reports holds the next operation', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'qip');
  const api = t.api;
  const job = await twoOperationJob(api, '10', { inspectCut: true });
  const items = await incomingTemplate(api, job.chair, 'IP', 2, 'inProcess');
  await ok(api.post('/shopfloor/settings', { overReportPct: '0', backflushDepotId: job.depotId }));
  const report = (workOrderId: number, goodQty: string) => api.post('/shopfloor/report', { workOrderId, goodQty, hours: '0.5' });
  const wo = async (id: number) => {
    const w = await ok<Wo>(api.get(`/workOrder/info?id=${id}`));
    return { good: Number(w.goodQty ?? 0), scrap: Number(w.scrapQty ?? 0), held: Number(w.heldQty ?? 0), status: w.status };
  };
  const decide = async (number: string, body: Record<string, unknown>, bad: number[] = []) => {
    const [insp] = await inspectionsOf(api, number, 'inProcess');
    await ok(api.post('/quality/inspection/results', { id: insp!.id, results: values(items, 2, bad) }));
    return api.post('/quality/inspection/verdict', { id: insp!.id, ...body });
  };

  it('a report of an inspected step opens an inspection for its good units; the next operation may report only what passed', async () => {
    await ok(api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'start' }));
    await ok(api.post('/shopfloor/execute', { workOrderId: job.op2.id, action: 'start' }));
    const first = await ok<{ inspectionNumber: string }>(report(job.op1.id, '6'));
    expect(first.inspectionNumber).toMatch(/^QC/);
    const [insp] = await inspectionsOf(api, first.inspectionNumber, 'inProcess');
    expect(insp).toMatchObject({ status: 'pending', sampleSize: 2, heldQty: 0 });
    expect(await wo(job.op1.id)).toMatchObject({ good: 6, held: 6 });

    const refused = await report(job.op2.id, '1');
    expect(refused.body.data.message).toBe(`工单 ${job.op2.woNo} 报工数量超过可报数量：本次 1，最多还可报 0（上道工序另有 6 待制程检验放行）`);
    // the scan card shows what the next operation received: nothing yet
    const card = await ok<{ received: string | number }>(api.get(`/shopfloor/scan?code=${encodeURIComponent(job.op2.woNo)}`));
    expect(Number(card.received)).toBe(0);
    // the work order screen: per operation, the units held with their inspection, and what the next may report
    type Op = { id: number; heldQty: string; available: string; inspections: Array<{ id: number; number: string; lotQty: string }> };
    const held = await ok<Op[]>(api.get(`/shopfloor/jobHeld?workOrderId=${job.op2.id}`));
    expect(held.map((o) => [o.id, o.heldQty, o.available])).toEqual([
      [job.op1.id, '6', '4'],
      [job.op2.id, '0', '0'],
    ]);
    expect(held[0]!.inspections).toEqual([{ id: insp!.id, number: insp!.number, lotQty: '6' }]);

    await ok(decide(first.inspectionNumber, { verdict: 'pass' }));
    expect(await wo(job.op1.id)).toMatchObject({ good: 6, held: 0 });
    const released = await ok<Op[]>(api.get(`/shopfloor/jobHeld?workOrderId=${job.op1.id}`));
    expect(released.map((o) => [o.heldQty, o.available, o.inspections.length])).toEqual([
      ['0', '4', 0],
      ['0', '6', 0],
    ]);
    const next = await ok<{ inspectionNumber: string | null }>(report(job.op2.id, '6'));
    // the assembly step needs no inspection
    expect(next.inspectionNumber).toBeNull();
    expect((await report(job.op2.id, '1')).body.data.message).toBe(`工单 ${job.op2.woNo} 报工数量超过可报数量：本次 1，最多还可报 0`);
  });

  it('fail with scrap moves the units from good to scrap; rework returns them to the operation; return is refused', async () => {
    const second = await ok<{ inspectionNumber: string; status: string }>(report(job.op1.id, '4'));
    // everything reported, but 4 wait for inspection: the cut is done, the assembly is not through
    expect(await wo(job.op1.id)).toMatchObject({ good: 10, held: 4, status: 'done' });
    expect((await decide(second.inspectionNumber, { verdict: 'fail', disposition: 'return' })).body.data.message).toBe(
      `质检单 ${second.inspectionNumber} 是制程检验，不能退货，请选择返工、报废或照用`,
    );
    const scrapped = await ok<{ ncrNumber: string; scrapNumber: string | null }>(
      decide(second.inspectionNumber, { verdict: 'fail', disposition: 'scrap' }, [1]),
    );
    expect(scrapped.ncrNumber).toMatch(/^NCR/);
    expect(scrapped.scrapNumber).toBeNull(); // work in progress is not on the ledger
    // by hand: 10 good − 4 scrapped = 6 good, 4 scrap, nothing held; the assembly received 6 and reported 6
    expect(await wo(job.op1.id)).toMatchObject({ good: 6, scrap: 4, held: 0, status: 'done' });
    expect((await report(job.op2.id, '1')).body.data.message).toBe(`工单 ${job.op2.woNo} 报工数量超过可报数量：本次 1，最多还可报 0`);

    // a second company (the fixture's names are fixed): a job of 5 whose cut is reworked
    const t2 = await newTenant(app, 'qip2');
    const other = await twoOperationJob(t2.api, '5', { inspectCut: true });
    const items2 = await incomingTemplate(t2.api, other.chair, 'IP', 2, 'inProcess');
    await ok(t2.api.post('/shopfloor/settings', { overReportPct: '0', backflushDepotId: other.depotId }));
    await ok(t2.api.post('/shopfloor/execute', { workOrderId: other.op1.id, action: 'start' }));
    const lot = await ok<{ inspectionNumber: string }>(t2.api.post('/shopfloor/report', { workOrderId: other.op1.id, goodQty: '5' }));
    const wo2 = async (id: number) => {
      const w = await ok<Wo>(t2.api.get(`/workOrder/info?id=${id}`));
      return { good: Number(w.goodQty ?? 0), scrap: Number(w.scrapQty ?? 0), held: Number(w.heldQty ?? 0), status: w.status };
    };
    expect(await wo2(other.op1.id)).toMatchObject({ good: 5, held: 5, status: 'done' });
    const [insp2] = await inspectionsOf(t2.api, lot.inspectionNumber, 'inProcess');
    await ok(t2.api.post('/quality/inspection/results', { id: insp2!.id, results: values(items2, 2, [2]) }));
    const reworked = await ok<{ ncrNumber: string }>(t2.api.post('/quality/inspection/verdict', { id: insp2!.id, verdict: 'fail', disposition: 'rework' }));
    expect(reworked.ncrNumber).toMatch(/^NCR/);
    // back to the operation: reported again, inspected again
    expect(await wo2(other.op1.id)).toMatchObject({ good: 0, scrap: 0, held: 0, status: 'started' });
    const again = await ok<{ inspectionNumber: string }>(t2.api.post('/shopfloor/report', { workOrderId: other.op1.id, goodQty: '5' }));
    expect(again.inspectionNumber).not.toBe(lot.inspectionNumber);
    expect(await wo2(other.op1.id)).toMatchObject({ good: 5, held: 5, status: 'done' });
    const detail = await ok<{ ncrs: Array<{ status: string; disposition: string }> }>(t2.api.get(`/quality/inspection/detail?id=${insp2!.id}`));
    expect(detail.ncrs).toMatchObject([{ status: 'closed', disposition: 'rework' }]);
  });
});

import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { printable, statementsOf } from '../../../test-support/statements.ts';
import { add, bomOf, material } from '../../manufacturing/__tests__/mfg-fixtures.ts';

const MATERIALS = 10;
// 29 before issue 17's cut (settings and the job read twice, a references check with nothing named, the barcode rows
// read apart, the issued quantities re-summed from the ledger, four writes of the shop floor's own; inside the document's
// save, a journal-entry lookup for a document just created and the document type read back for the after-audit hook);
// 18 after it. 10 since: the backflushed materials read with the work order, the report's log row written with the
// report; inside the document's save, the approval check read with the save's context, the quarantine setting and the
// stock rows' creation with their locking, the chart of accounts with finance's read of the document, the day
// summaries and the log row with the number.
const BUDGET = 10;

describe('a production report with a backflush of 10 materials: its statements', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'sfq');
  const api = t.api;
  const depotId = await add(api, 'depot', { name: `倒冲仓${Date.now()}` });
  const product = await material(api, '压测成品');
  const mats: number[] = [];
  for (let i = 0; i < MATERIALS; i++) mats.push(await material(api, `料${i}`, { price: String(1 + i), stock: { depotId, qty: 900 } }));
  for (const m of mats) await add(api, 'itemPlan', { materialId: m, source: 'buy', leadDays: 1, backflush: true });
  const centre = await add(api, 'workCentre', { name: `工位${Date.now()}`, code: `Q${Date.now()}`, kind: 'centre', capacity: 1, costPerHour: '60' });
  const processId = await add(api, 'process', { name: `工序${Date.now()}`, workCentreId: centre });
  const route = await add(api, 'route', {
    name: `路线${Date.now()}`,
    materialId: product,
    operations: [{ seq: 10, processId, workCentreId: centre, setupMinutes: '0', runMinutes: '1' }],
  });
  await add(
    api,
    'bom',
    bomOf(
      product,
      mats.map((m, i) => ({ materialId: m, qty: String(i + 1) })),
      { routeId: route },
    ),
  );
  const mo = await add(api, 'makeOrder', {
    orderType: 'stock',
    orderDate: '2026-11-30',
    lines: [{ lineType: 'product', materialId: product, quantity: '100' }],
  });
  expect((await api.post('/makeOrder/release', { id: mo, from: '2026-12-01 08:00:00' })).body.code).toBe(200);
  const wo = (await api.get(`/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: mo }))}`)).body.data.rows[0] as { id: number };
  await api.post('/shopfloor/settings', { overReportPct: '0', backflushDepotId: depotId });
  await api.post('/shopfloor/execute', { workOrderId: wo.id, action: 'start' });
  const report = (goodQty: string) => api.post('/shopfloor/report', { workOrderId: wo.id, goodQty, hours: '0.5' });
  const issued = async () =>
    ((await api.get(`/workOrder/info?id=${wo.id}`)).body.data.materials as Array<{ materialId: number; issuedQty: string | number }>).map((m) => [
      m.materialId,
      new Decimal(m.issuedQty).toFixed(),
    ]);

  it('stays within its statement budget, and the issued quantities add up report after report', async () => {
    expect((await report('1')).body.code).toBe(200); // warms the session cache
    let reply: Awaited<ReturnType<typeof report>> | undefined;
    const txs = await statementsOf(db, async () => (reply = await report('2')));
    const seen = txs[txs.length - 1]!;
    expect(reply!.body.code, reply!.text).toBe(200);
    expect(reply!.body.data.backflushHeaderId).toBeGreaterThan(0);
    if (process.env.SF_REPORT_STATEMENTS_PRINT)
      console.log(
        txs.map((x) => x.length),
        seen.length,
        printable(seen),
      );
    expect(seen.length).toBeLessThanOrEqual(BUDGET);
    // the log rows written with other statements: the backflush document's (its number and lines) and the report's
    const logs = await db.system((tx) =>
      tx.query<{ operation: string; entity: string; record_ids: string; content: Record<string, unknown> }>(
        `select operation, entity, record_ids, content from sys_log where tenant_id = $1 and id > (
           select max(id) from sys_log where tenant_id = $1 and entity = 'workOrder' and operation = 'start') order by id`,
        [t.tenantId],
      ),
    );
    const numbers = await db.system((tx) =>
      tx.query<{ id: number; number: string }>('select id, number from depot_head where tenant_id = $1 and doc_key = $2 order by id', [
        t.tenantId,
        'backflush',
      ]),
    );
    expect(numbers.every((h) => /^[A-Z]+\d{12,}$/.test(h.number))).toBe(true);
    expect(logs).toEqual(
      numbers.flatMap((h, i) => [
        { operation: 'add', entity: 'depotHead', record_ids: String(h.id), content: { number: h.number, lines: MATERIALS } },
        { operation: 'report', entity: 'workOrder', record_ids: String(wo.id), content: { good: String(i + 1), scrap: '0' } },
      ]),
    );
    // 1 + 2 units reported, material i takes i + 1 per unit
    expect(await issued()).toEqual(mats.map((m, i) => [m, String(3 * (i + 1))]));
  });

  it('refuses a report whose backflush would oversell, and writes nothing of it', async () => {
    // material 9 takes 10 a unit: 30 are out, 870 left; 90 units would need 900
    const r = await report('90');
    expect(r.body.data.message).toMatch(/^商品“料9”在仓库“倒冲仓\d+”库存不足：当前库存 870，需要 900/);
    expect(await issued()).toEqual(mats.map((m, i) => [m, String(3 * (i + 1))]));
    expect((await api.get(`/shopfloor/card?id=${wo.id}`)).body.data).toMatchObject({ goodQty: '3', status: 'started' });
    expect((await report('0.5')).body.data).toMatchObject({ goodQty: '3.5', progress: 3.5 });
    expect(await issued()).toEqual(mats.map((m, i) => [m, new Decimal(3.5).times(i + 1).toFixed()]));
  });

  it('gives a backflush back from the issued quantities when inventory un-audits it, and takes it again on re-audit', async () => {
    const r = await report('1');
    const id = r.body.data.backflushHeaderId as number;
    const at = (units: number) => mats.map((m, i) => [m, new Decimal(units).times(i + 1).toFixed()]);
    expect(await issued()).toEqual(at(4.5));
    expect((await api.post('/depotHead/batchSetStatus', { status: '0', ids: String(id) })).body.code).toBe(200);
    expect(await issued()).toEqual(at(3.5));
    expect((await api.post('/depotHead/batchSetStatus', { status: '1', ids: String(id) })).body.code).toBe(200);
    expect(await issued()).toEqual(at(4.5));
  });
});

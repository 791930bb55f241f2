import { describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/database.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { PERIOD_MSG } from '../documents/document-store.ts';
import { NUMBER_MSG } from '../documents/numbering.ts';
import { assertLedgerInvariants, line, save, saved, stock, world } from './fixtures.ts';

/** Rows a refused call must not have added: documents, lines, ledger rows and log entries. */
const footprint = async (db: Database, tenantId: number) =>
  db.system((tx) =>
    tx.one<{ heads: number; items: number; ledger: number; logs: number }>(
      `select (select count(*)::int from depot_head where tenant_id = $1) as heads, (select count(*)::int from depot_item where tenant_id = $1) as items,
              (select count(*)::int from stock_ledger where tenant_id = $1) as ledger, (select count(*)::int from sys_log where tenant_id = $1 and entity = 'depotHead') as logs`,
      [tenantId],
    ),
  );

describe('closed account periods', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'period');
  const w = await world(t.api);
  const nail = await w.material('钉子', 'NAIL');
  const OCT = '2026-10-15 09:00:00';
  const open = await saved(t.api, '入库', '其它', [line('NAIL', 10, 2, w.depotA)], { organId: w.supplier, operTime: OCT });
  const audited = await saved(t.api, '入库', '其它', [line('NAIL', 5, 2, w.depotA)], { organId: w.supplier, operTime: OCT, status: '1' });
  const nov = await saved(t.api, '出库', '其它', [line('NAIL', 1, 0, w.depotA)], { organId: w.customer });
  const period = (await t.api.post('/accountPeriod/add', { period: '2026-10', closed: true })).body.data.id as number;
  // another company closing November changes nothing here (row-level security)
  const other = await newTenant(app, 'period2');
  await other.api.post('/accountPeriod/add', { period: '2026-11', closed: true });

  const refused = (r: { body: { code: number; data: { message: string } } }, message: string) => {
    expect(r.body.code, JSON.stringify(r.body)).toBe(500);
    expect(r.body.data.message).toBe(message);
  };

  it('refuses to save, change, audit, un-audit or delete a document dated in a closed period, writing nothing', async () => {
    const before = await footprint(db, t.tenantId);
    const stockBefore = await stock(db, t.tenantId, nail, w.depotA);
    refused(
      await save(t.api, '入库', '其它', [line('NAIL', 1, 2, w.depotA)], { organId: w.supplier, operTime: '2026-10-31 23:59:59' }),
      PERIOD_MSG.closed('2026-10', '保存'),
    );
    const change = (id: number, operTime: string) =>
      t.api.put('/depotHead/updateDepotHeadAndDetail', {
        info: { id, type: '入库', subType: '其它', operTime, organId: w.supplier },
        rows: [line('NAIL', 3, 2, w.depotA)],
      });
    refused(await change(open.id, '2026-11-02 10:00:00'), PERIOD_MSG.closedDoc(open.number, '2026-10', '修改'));
    // moving a November document into the closed month is a save dated there
    const moveIn = await t.api.put('/depotHead/updateDepotHeadAndDetail', {
      info: { id: nov.id, type: '出库', subType: '其它', operTime: OCT, organId: w.customer },
      rows: [line('NAIL', 1, 0, w.depotA)],
    });
    refused(moveIn, PERIOD_MSG.closed('2026-10', '保存'));
    refused(await t.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(open.id) }), PERIOD_MSG.closedDoc(open.number, '2026-10', '审核'));
    refused(await t.api.post('/depotHead/batchSetStatus', { status: '0', ids: String(audited.id) }), PERIOD_MSG.closedDoc(audited.number, '2026-10', '反审核'));
    refused(await t.api.delete(`/depotHead/delete?id=${open.id}`), PERIOD_MSG.closedDoc(open.number, '2026-10', '删除'));
    // a batch with one closed document is refused as a whole
    refused(await t.api.delete(`/depotHead/deleteBatch?ids=${nov.id},${open.id}`), PERIOD_MSG.closedDoc(open.number, '2026-10', '删除'));
    expect(await footprint(db, t.tenantId)).toEqual(before);
    expect(await stock(db, t.tenantId, nail, w.depotA)).toEqual(stockBefore);
    expect((await t.api.get(`/depotHead/getDetailByNumber?number=${nov.number}`)).body.data.status).toBe('0');
  });

  it('lets documents of open months through, and the closed month again once reopened', async () => {
    await saved(t.api, '出库', '其它', [line('NAIL', 1, 0, w.depotA)], { organId: w.customer });
    expect((await t.api.put('/accountPeriod/update', { id: period, closed: false })).body.code).toBe(200);
    expect((await t.api.delete(`/depotHead/delete?id=${open.id}`)).body.code).toBe(200);
    expect((await t.api.post('/depotHead/batchSetStatus', { status: '0', ids: String(audited.id) })).body.code).toBe(200);
    // 10 + 5 in at 2, two out of 1 at the average 2, the deleted 10 reversed at what it posted
    expect(await stock(db, t.tenantId, nail, w.depotA)).toEqual({ qty: 3, value: 6 });
    await assertLedgerInvariants(db, t.tenantId);
  });
});

describe('identification-number series (编号规则)', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'serial');
  const w = await world(t.api);
  await w.material('螺丝', 'SCREW');
  await saved(t.api, '入库', '其它', [line('SCREW', 100, 1, w.depotA)], { organId: w.supplier });
  const ymd = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const out = (n = 1) => save(t.api, '出库', '其它', [line('SCREW', n, 0, w.depotA)], { organId: w.customer });
  const number = async (n = 1) => {
    const r = await out(n);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data.number as string;
  };
  const rule = async (body: object) => {
    const r = await t.api.post('/serialRule/add', body);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id as number;
  };
  const nextOf = async (id: number) => (await t.api.get(`/serialRule/info?id=${id}`)).body.data.nextNumber as number;

  it('numbers by the ARCHITECTURE prefixes without a rule, and by the type’s enabled rule when there is one', async () => {
    expect(await number()).toMatch(new RegExp(`^QTCK${ymd()}\\d{4}$`));
    // a rule for another type, and a disabled one for this type, change nothing
    await rule({ name: '入库单号', code: 'otherIn', prefix: 'IN', dateFormat: 'none', numberLength: 3, nextNumber: 1 });
    const off = await rule({ name: '停用', code: 'otherOut', prefix: 'OFF', dateFormat: 'none', numberLength: 3, nextNumber: 1 });
    expect((await t.api.post('/serialRule/batchSetStatus', { status: false, ids: String(off) })).body.code).toBe(200);
    expect(await number()).toMatch(/^QTCK/);
    // the rule named by the number prefix: prefix, year and month, then five digits from 7
    const id = await rule({ name: '出库单号', code: 'QTCK', prefix: 'OUT-', dateFormat: 'yyyyMM', numberLength: 5, nextNumber: 7 });
    const month = ymd().slice(0, 6);
    expect(await number()).toBe(`OUT-${month}00007`);
    // a refused save (not enough stock) gives its number back: no gap
    expect((await out(100000)).body.code).toBe(500);
    expect(await number()).toBe(`OUT-${month}00008`);
    expect(await nextOf(id)).toBe(9);
    const inbound = await saved(t.api, '入库', '其它', [line('SCREW', 1, 1, w.depotA)], { organId: w.supplier });
    expect(inbound.number).toBe('IN001');
    expect((await t.api.post('/serialRule/batchSetStatus', { status: false, ids: String(id) })).body.code).toBe(200);
    expect(await number()).toMatch(new RegExp(`^QTCK${ymd()}\\d{4}$`));
    for (const r of [off, id]) expect((await t.api.delete(`/serialRule/delete?id=${r}`)).body.code).toBe(200);
  });

  it('skips numbers already taken when a rule is set back, and refuses once the sequence outgrows its length', async () => {
    const id = await rule({ name: '其它出库', code: 'otherOut', prefix: 'X', dateFormat: 'yyyyMMdd', numberLength: 1, nextNumber: 8 });
    expect(await number()).toBe(`X${ymd()}8`);
    expect((await t.api.put('/serialRule/update', { id, nextNumber: 8 })).body.code).toBe(200);
    expect(await number()).toBe(`X${ymd()}9`);
    const before = await footprint(db, t.tenantId);
    const r = await out();
    expect(r.body.code).toBe(500);
    expect(r.body.data.message).toBe(NUMBER_MSG.exhausted('其它出库'));
    expect(await footprint(db, t.tenantId)).toEqual(before);
    expect(await nextOf(id)).toBe(10);
    expect((await t.api.delete(`/serialRule/delete?id=${id}`)).body.code).toBe(200);
  });

  it('skips, in the one statement, every number of the day’s series a rule made already', async () => {
    const series = async () =>
      (await db.system((tx) =>
        tx.one<{ v: number }>(
          `select coalesce(max(last_value), 0)::int as v from doc_number_series where tenant_id = $1 and prefix = 'QTCK' and day = $2::date`,
          [t.tenantId, new Date().toISOString().slice(0, 10)],
        ),
      ))!.v;
    const last = await series();
    const n = (v: number) => `QTCK${ymd()}${String(v).padStart(4, '0')}`;
    // a rule making the series' own texts takes the next two
    const id = await rule({ name: '同文', code: 'otherOut', prefix: `QTCK${ymd()}`, dateFormat: 'none', numberLength: 4, nextNumber: last + 1 });
    expect([await number(), await number()]).toEqual([n(last + 1), n(last + 2)]);
    expect((await t.api.delete(`/serialRule/delete?id=${id}`)).body.code).toBe(200);
    expect(await number()).toBe(n(last + 3));
    expect(await series()).toBe(last + 3);
  });

  it('numbers a sale in the statement sent with its journal entry, and a refused number leaves neither', async () => {
    const journal = () =>
      db.system((tx) =>
        tx.one<{ entries: number; items: number }>(
          `select (select count(*)::int from fin_entry where tenant_id = $1) as entries, (select count(*)::int from fin_open_item where tenant_id = $1) as items`,
          [t.tenantId],
        ),
      );
    const sale = () => save(t.api, '出库', '销售', [line('SCREW', 1, 5, w.depotA)], { organId: w.customer, accountId: w.account, changeAmount: '5' });
    const ok = await sale();
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
    const posted = await db.system((tx) =>
      tx.one<{ n: number }>(`select count(*)::int as n from fin_entry where tenant_id = $1 and source_kind = 'depot' and source_id = $2`, [
        t.tenantId,
        ok.body.data.id,
      ]),
    );
    expect(posted!.n).toBe(1);
    expect(ok.body.data.number).toMatch(new RegExp(`^XSCK${ymd()}\\d{4}$`));
    const id = await rule({ name: '销售', code: 'saleOut', prefix: 'S', dateFormat: 'none', numberLength: 1, nextNumber: 9 });
    expect((await sale()).body.data.number).toBe('S9');
    const [before, money] = [await footprint(db, t.tenantId), await journal()];
    const r = await sale();
    expect(r.body.code).toBe(500);
    expect(r.body.data.message).toBe(NUMBER_MSG.exhausted('销售'));
    expect([await footprint(db, t.tenantId), await journal()]).toEqual([before, money]);
    expect(await nextOf(id)).toBe(10);
    expect((await t.api.delete(`/serialRule/delete?id=${id}`)).body.code).toBe(200);
  });

  it('gives concurrent saves unique numbers without gaps', async () => {
    const id = await rule({ name: '并发', code: 'otherOut', prefix: 'C', dateFormat: 'none', numberLength: 4, nextNumber: 1 });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => out(i === 5 ? 100000 : 1)));
    const numbers = results
      .filter((r) => r.body.code === 200)
      .map((r) => r.body.data.number as string)
      .sort();
    expect(numbers).toEqual(Array.from({ length: 11 }, (_, i) => `C${String(i + 1).padStart(4, '0')}`));
    expect(await nextOf(id)).toBe(12);
    await assertLedgerInvariants(db, t.tenantId);
  });
});

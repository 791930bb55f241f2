import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';
import { line, save, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { assertJournalInvariants, journalCounts } from './journal-fixtures.ts';
import { finSave } from './fin-fixtures.ts';

// Period close (docs/finance.md "Period close"): closing balances carried, a permission of its own,
// postings into a closed month refused by name, reopen only with a reason, every step logged.
describe('closing and reopening a month', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'finclose');
  const w = await world(t.api);
  await w.material('水杯', 'CUP1', {}, {});
  // September: buy 10 at 4 (40), sell 3 at 10 (30, on credit); October: sell 2 at 10, receive 25 of the September sale
  await saved(t.api, '入库', '采购', [line('CUP1', 10, 4, w.depotA)], { organId: w.supplier, operTime: '2026-09-03 10:00:00' });
  const sale = await saved(t.api, '出库', '销售', [line('CUP1', 3, 10, w.depotA)], { organId: w.customer, operTime: '2026-09-15 10:00:00' });
  await saved(t.api, '出库', '销售', [line('CUP1', 2, 10, w.depotA)], { organId: w.customer, operTime: '2026-10-08 10:00:00' });
  const rec = await finSave(t.api, '收款', [{ billId: sale.id, eachAmount: 25 }], {
    organId: w.customer,
    accountId: w.account,
    billTime: '2026-10-20 10:00:00',
  });
  expect(rec.code, JSON.stringify(rec)).toBe(200);
  const closing = async (period: string) => {
    const r = await t.api.get(`/finance/closingBalances?period=${period}`);
    expect(r.body.code, r.text).toBe(200);
    return r.body.data as { rows: { code: string; organName: string | null; balance: number }[]; total: number; sums: { balance: number } };
  };
  const byCode = (rows: { code: string; balance: number }[]) => Object.fromEntries(rows.map((r) => [r.code, r.balance]));

  it('closes October and, before it, September: each carries its closing balances, equal to the journal through it', async () => {
    const r = await t.api.post('/finance/period/close', { period: '2026-10' });
    expect(r.body.code, r.text).toBe(200);
    expect(r.body.data.closed).toEqual(['2026-09', '2026-10']);
    const sep = await closing('2026-09');
    // hand computation: inventory 40 − 12 sold = 28; payable −40; receivable 30; revenue −30; cost 12
    expect(byCode(sep.rows)).toMatchObject({ '1122': 30, '1405': 28, '2202': -40, '6001': -30, '6401': 12 });
    const oct = await closing('2026-10');
    // October adds a sale of 20 (cost 8) and a receipt of 25: receivable 30 + 20 − 25 = 25, inventory 20, bank 25
    expect(byCode(oct.rows)).toMatchObject({ '1122': 25, '1405': 20, '2202': -40, '6001': -50, '6401': 20 });
    expect(oct.rows.find((x) => x.code.startsWith('1002.'))!.balance).toBe(25);
    expect(oct.sums.balance).toBe(0);
    // every closing row equals the journal's lines through the month
    const diff = await db.system((tx) =>
      tx.query(
        `select * from fin_period_balance b full join (
           select account_id, coalesce(partner_id, 0) partner_id, sum(debit) d, sum(credit) c from fin_journal_line where tenant_id = $1 and period <= 202610 group by 1, 2
         ) l using (account_id, partner_id) where (b.tenant_id = $1 and b.period = 202610 or b.tenant_id is null)
           and (b.debit is distinct from l.d or b.credit is distinct from l.c)`,
        [t.tenantId],
      ),
    );
    expect(diff).toEqual([]);
    const list = (await t.api.get('/finance/period/list')).body.data.rows as { period: string; closed: boolean; lastAction: string }[];
    expect(list.filter((p) => p.period <= '2026-10').map((p) => [p.period, p.closed, p.lastAction])).toEqual([
      ['2026-10', true, 'close'],
      ['2026-09', true, 'close'],
    ]);
    expect((await t.api.post('/finance/period/close', { period: '2026-10' })).body.data.message).toBe('账期 2026-10 已结账');
    expect((await t.api.post('/finance/period/close', { period: '2099-01' })).body.data.message).toBe('账期 2099-01 尚未结束，不能结账');
  });

  it('refuses a back-dated posting into a closed month, naming it, and writes nothing', async () => {
    const before = await journalCounts(db, t.tenantId);
    const back = await save(t.api, '出库', '销售', [line('CUP1', 1, 10, w.depotA)], { organId: w.customer, operTime: '2026-09-28 10:00:00' });
    expect(back.body.data.message).toBe('单据日期所在的账期 2026-09 已结账，不能保存单据');
    const receipt = await finSave(t.api, '收款', [{ billId: sale.id, eachAmount: 1 }], {
      organId: w.customer,
      accountId: w.account,
      billTime: '2026-10-31 12:00:00',
    });
    expect(receipt.data.message).toContain('2026-10');
    expect(await journalCounts(db, t.tenantId)).toEqual(before);
  });

  it('reopens only the latest closed month, only with a reason, and logs who and why', async () => {
    expect((await t.api.post('/finance/period/reopen', { period: '2026-10' })).body.data.message).toBe('请填写反结账原因');
    expect((await t.api.post('/finance/period/reopen', { period: '2026-10', reason: '   ' })).body.data.message).toBe('请填写反结账原因');
    expect((await t.api.post('/finance/period/reopen', { period: '2026-09', reason: '补录' })).body.data.message).toBe('请先反结账 2026-10，再反结账 2026-09');
    const r = await t.api.post('/finance/period/reopen', { period: '2026-10', reason: '补录十月费用' });
    expect(r.body.code, r.text).toBe(200);
    expect((await closing('2026-10')).rows).toEqual([]);
    expect((await closing('2026-09')).total).toBeGreaterThan(0);
    const events = (await t.api.get('/finance/period/events?period=2026-10')).body.data.rows;
    expect(events.map((e: { action: string; reason: string | null; loginName: string }) => [e.action, e.reason, e.loginName])).toEqual([
      ['reopen', '补录十月费用', t.loginName],
      ['close', null, t.loginName],
    ]);
    const log = await db.system((tx) =>
      tx.query<{ operation: string; content: unknown }>(
        `select operation, content from sys_log where tenant_id = $1 and entity = 'accountPeriod' order by id`,
        [t.tenantId],
      ),
    );
    expect(log.map((l) => l.operation)).toEqual(['close', 'reopen']);
    expect(log[1].content).toMatchObject({ period: '2026-10', reason: '补录十月费用' });
    // October posts again; reopening an open month is refused
    await saved(t.api, '出库', '销售', [line('CUP1', 1, 10, w.depotA)], { organId: w.customer, operTime: '2026-10-28 10:00:00' });
    expect((await t.api.post('/finance/period/reopen', { period: '2026-10', reason: 'x' })).body.data.message).toBe('账期 2026-10 未结账，不需要反结账');
    // closing again writes the new figures: receivable 25 + 10
    expect((await t.api.post('/finance/period/close', { period: '2026-10' })).body.data.closed).toEqual(['2026-10']);
    expect(byCode((await closing('2026-10')).rows)['1122']).toBe(35);
    await assertJournalInvariants(db, t.tenantId);
  });

  it('needs the period-close permission: the menu to see, its button to close or reopen', async () => {
    const viewer = await userWith(app, t.api, [await roleWith(t.api, { '/financial/period_close': '' })]);
    const closer = await userWith(app, t.api, [await roleWith(t.api, { '/financial/period_close': '1' })]);
    expect((await viewer.api.get('/finance/period/list')).body.code).toBe(200);
    expect((await viewer.api.get('/finance/closingBalances?period=2026-09')).body.code).toBe(200);
    expect((await viewer.api.get('/accountHead/list?type=收款')).status).toBe(403);
    expect((await viewer.api.post('/finance/period/close', { period: '2026-11' })).status).toBe(403);
    expect((await viewer.api.post('/finance/period/reopen', { period: '2026-10', reason: 'x' })).status).toBe(403);
    const r = await closer.api.post('/finance/period/reopen', { period: '2026-10', reason: '调整' });
    expect(r.body.code, r.text).toBe(200);
  });
});

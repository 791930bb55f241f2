import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import { testApp } from '../../../test-support/harness.ts';
import { bidWorld, journalBalanced, okData, refusal, roleBalance, TO_OPENING } from './fixtures.ts';

let app: FastifyInstance;
let db: Database;
beforeAll(async () => {
  ({ app, db } = await testApp());
});

const eq = (a: string, b: string) => expect(new Decimal(a).eq(b), `${a} = ${b}`).toBe(true);

describe('a tender project from information to its result, with its deposit on the journal', () => {
  it('information → won with a deposit paid and recovered: the journal balances and the summary is back at zero', async () => {
    const w = await bidWorld(app);
    const id = await w.project();
    const detail = await okData(w.t.api.get(`/bidding/project/detail?id=${id}`));
    expect(detail.status).toBe('info');
    expect(detail.items.map((i: any) => [i.lot, i.name, i.qty])).toEqual([
      ['一标段', '服务器', '10.000000'],
      ['二标段', '交换机', '20.500000'],
    ]);
    await w.walk(id, ['survey', 'qualification', 'registration']);

    const dep = await okData(w.t.api.post('/bidding/deposit/add', { projectId: id, amount: '20000.125', accountId: w.bank }));
    expect(dep.number).toMatch(/^BZJ\d{6}$/);
    expect(await refusal(w.t.api.post('/bidding/deposit/pay', { id: dep.id, date: '2026-11-05' }))).toBe(`申请单 ${dep.number} 尚未审核通过，不能支付`);
    await okData(w.t.api.post('/bidding/deposit/audit', { id: dep.id }));
    await okData(w.t.api.post('/bidding/deposit/pay', { id: dep.id, date: '2026-11-05' }));
    // the deposit is a receivable from the tendering party, paid out of the bank
    eq(await roleBalance(db, w.t.tenantId, 'receivable', w.party), '20000.125');
    eq(await roleBalance(db, w.t.tenantId, 'bank'), '-20000.125');
    const out = await okData(w.t.api.get('/bidding/deposit/summary'));
    eq(out.total, '20000.125');
    expect(out.byProject).toEqual([expect.objectContaining({ id, count: 1 })]);
    expect(out.byPartner).toEqual([expect.objectContaining({ id: w.party, count: 1 })]);

    await w.walk(id, ['proposal', 'opening']);
    await okData(
      w.t.api.post('/bidding/opening/save', {
        projectId: id,
        bidders: [
          { name: '本公司', isSelf: true, openingPrice: '950000' },
          { name: '竞争对手甲', openingPrice: '980000', analysis: '价格偏高' },
          { name: '竞争对手乙', openingPrice: '1010000' },
        ],
      }),
    );
    const bidders = (await okData(w.t.api.get(`/bidding/project/detail?id=${id}`))).bidders;
    const self = bidders.find((b: any) => b.isSelf);
    expect(await okData(w.t.api.post('/bidding/result/register', { projectId: id, winnerId: self.id }))).toMatchObject({ status: 'won' });

    // closing with the deposit out is refused, naming it
    expect(await refusal(w.t.api.post('/bidding/project/move', { id, to: 'closed' }))).toContain(
      `保证金 ${dep.number}（20000.125000） 尚未回收或没收，不能关闭`,
    );
    expect(await refusal(w.t.api.post('/bidding/deposit/recover', { id: dep.id, date: '2026-11-01' }))).toBe('回收日期 2026-11-01 不能早于支付日期 2026-11-05');
    await okData(w.t.api.post('/bidding/deposit/recover', { id: dep.id, date: '2026-11-25' }));
    expect(await refusal(w.t.api.post('/bidding/deposit/recover', { id: dep.id, date: '2026-11-25' }))).toContain('已回收或没收');
    eq(await roleBalance(db, w.t.tenantId, 'receivable', w.party), '0');
    eq(await roleBalance(db, w.t.tenantId, 'bank'), '0');
    const after = await okData(w.t.api.get('/bidding/deposit/summary'));
    eq(after.total, '0');
    expect(after.rows).toEqual([]);
    await journalBalanced(db, w.t.tenantId);
    // the finance reports name the entries by the application's number: 明细账 of the party, 账户流水 of the bank
    const ledger = await okData(w.t.api.get(`/finance/generalLedger?organId=${w.party}&beginMonth=2026-11&endMonth=2026-11`));
    expect(ledger.rows.map((r: any) => [r.operTime, r.number, r.docType, r.debit, r.credit])).toEqual([
      ['2026-11-05', dep.number, '投标保证金', 20000.125, 0],
      ['2026-11-25', dep.number, '投标保证金', 0, 20000.125],
    ]);
    const flow = await okData(w.t.api.get(`/account/findAccountInOutList?accountId=${w.bank}`));
    expect(flow.rows.map((r: any) => [r.operTime, r.number, r.type, r.organName, r.changeAmount])).toEqual([
      ['2026-11-25', dep.number, '投标保证金', detail.tendererName, 20000.125],
      ['2026-11-05', dep.number, '投标保证金', detail.tendererName, -20000.125],
    ]);

    await okData(w.t.api.post('/bidding/project/move', { id, to: 'closed' }));
    const log = (await okData(w.t.api.get(`/bidding/project/detail?id=${id}`))).log.map((l: any) => l.to);
    expect(log).toEqual(['info', 'survey', 'qualification', 'registration', 'proposal', 'opening', 'won', 'closed']);
  });

  it('a lost project with a forfeited deposit posts the expense; a fee is an expense too', async () => {
    const w = await bidWorld(app);
    const id = await w.project();
    await w.walk(id, TO_OPENING.slice(0, 3));
    const dep = await okData(w.t.api.post('/bidding/deposit/add', { projectId: id, amount: '5000' }));
    const fee = await okData(w.t.api.post('/bidding/fee/add', { projectId: id, amount: '300.5', accountId: w.bank, purpose: '标书费' }));
    expect(fee.number).toMatch(/^TBF/);
    for (const [k, m] of [
      ['deposit', dep],
      ['fee', fee],
    ] as const) {
      await okData(w.t.api.post(`/bidding/${k}/audit`, { id: m.id }));
      await okData(w.t.api.post(`/bidding/${k}/pay`, { id: m.id, date: '2026-11-06' }));
    }
    // a fee is not a deposit: it cannot be recovered
    expect(await refusal(w.t.api.post('/bidding/deposit/recover', { id: fee.id, date: '2026-11-25' }))).toBe('申请单不存在或已删除');
    eq(await roleBalance(db, w.t.tenantId, 'otherExpense'), '300.5');
    await w.walk(id, TO_OPENING.slice(3));
    await okData(
      w.t.api.post('/bidding/opening/save', {
        projectId: id,
        bidders: [
          { name: '本公司', isSelf: true, openingPrice: '900000' },
          { name: '对手', openingPrice: '880000' },
        ],
      }),
    );
    const rival = (await okData(w.t.api.get(`/bidding/project/detail?id=${id}`))).bidders.find((b: any) => !b.isSelf);
    expect(await okData(w.t.api.post('/bidding/result/register', { projectId: id, winnerId: rival.id }))).toMatchObject({ status: 'lost' });
    await okData(w.t.api.post('/bidding/deposit/forfeit', { id: dep.id, date: '2026-11-26' }));
    eq(await roleBalance(db, w.t.tenantId, 'otherExpense'), '5300.5');
    eq(await roleBalance(db, w.t.tenantId, 'receivable', w.party), '0');
    eq(await roleBalance(db, w.t.tenantId, 'cash'), '-5000');
    eq((await okData(w.t.api.get('/bidding/deposit/summary'))).total, '0');
    await journalBalanced(db, w.t.tenantId);
    const money = (await okData(w.t.api.get(`/bidding/money/list?projectId=${id}`))).rows;
    expect(money.map((m: any) => [m.number, m.payState]).sort()).toEqual(
      [
        [dep.number, 'forfeited'],
        [fee.number, 'paid'],
      ].sort(),
    );
    // the analysis: one decided project, lost, 900000 against 880000 (+2.27 %)
    const a = await okData(w.t.api.get('/bidding/analysis'));
    expect(a).toMatchObject({ won: 0, lost: 1, winRate: '0.00' });
    expect(a.projects[0]).toMatchObject({ id, ourPrice: '900000.000000', winningPrice: '880000.000000', gapPercent: '2.27' });
  });
});

describe('refusals write nothing', () => {
  it('refuses a step out of order, dates out of order, negative prices and another company’s ids', async () => {
    const w = await bidWorld(app);
    const id = await w.project();
    expect(await refusal(w.t.api.post('/bidding/project/move', { id, to: 'opening' }))).toBe(
      '项目“' + (await okData(w.t.api.get(`/bidding/project/detail?id=${id}`))).name + '”当前为“项目信息”，不能转为“开标”（下一步：踏勘调研、放弃）',
    );
    expect((await okData(w.t.api.get(`/bidding/project/detail?id=${id}`))).status).toBe('info');
    expect(await refusal(w.t.api.post('/bidding/project/move', { id, to: 'won' }))).toContain('不能转为“中标”');
    expect(await refusal(w.t.api.post('/bidding/result/register', { projectId: id, winnerId: 1 }))).toContain('尚未开标');

    const before = (await okData(w.t.api.get('/bidding/project/list'))).total;
    expect(
      await refusal(w.t.api.post('/bidding/project/add', { name: 'x', tendererId: w.party, registrationDeadline: '2026-12-01', openingDate: '2026-11-20' })),
    ).toBe('报名截止日期 2026-12-01 不能晚于开标日期 2026-11-20');
    expect(await refusal(w.t.api.post('/bidding/project/add', { name: 'x', tendererId: w.party, openingDate: '2026-11-20', validUntil: '2026-11-19' }))).toBe(
      '投标有效期 2026-11-19 不能早于开标日期 2026-11-20',
    );
    expect(await refusal(w.t.api.put('/bidding/project/update', { id, openingDate: '2026-11-01' }))).toBe(
      '报名截止日期 2026-11-10 不能晚于开标日期 2026-11-01',
    );
    expect(await refusal(w.t.api.post('/bidding/project/add', { name: 'x', tendererId: w.party, budget: '-1' }))).toContain('预算只能是非负数');
    expect(await refusal(w.t.api.post('/bidding/project/add', { name: 'x', tendererId: w.party, items: [{ lot: 'A', name: 'n', qty: '0' }] }))).toContain(
      '数量必须大于0',
    );
    expect((await okData(w.t.api.get('/bidding/project/list'))).total).toBe(before);

    await w.walk(id, TO_OPENING);
    expect(await refusal(w.t.api.post('/bidding/opening/save', { projectId: id, bidders: [{ name: '对手', openingPrice: '-5' }] }))).toContain(
      '开标价只能是非负数',
    );
    expect(
      await refusal(
        w.t.api.post('/bidding/opening/save', {
          projectId: id,
          bidders: [
            { name: '对手', openingPrice: '5' },
            { name: '对手', openingPrice: '6' },
          ],
        }),
      ),
    ).toBe('投标单位“对手”重复');
    expect((await okData(w.t.api.get(`/bidding/project/detail?id=${id}`))).bidders).toEqual([]);
    expect(await refusal(w.t.api.post('/bidding/deposit/add', { projectId: id, amount: '-100' }))).toContain('金额只能是非负数');

    // another company's project, party and account are not found
    const other = await bidWorld(app);
    expect(await refusal(other.t.api.get(`/bidding/project/detail?id=${id}`))).toBe('投标项目不存在或已删除');
    expect(await refusal(other.t.api.post('/bidding/deposit/add', { projectId: id, amount: '1' }))).toBe('投标项目不存在或已删除');
    expect(await refusal(other.t.api.post('/bidding/project/add', { name: 'x', tendererId: w.party }))).toBe('招标方不存在');
    const mine = await other.project();
    expect(await refusal(other.t.api.post('/bidding/deposit/add', { projectId: mine, amount: '1', accountId: w.bank }))).toBe('结算账户不存在');
    expect((await okData(other.t.api.get('/bidding/money/list'))).total).toBe(0);
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp, uniqueName, type Client } from '../../../test-support/harness.ts';
import { crmWorld, okData, refusal } from './fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterEach(() => vi.useRealTimers());

const material = async (api: Client) => (await okData(api.post('/material/add', { name: uniqueName('产品'), unit: '个' }))).id as number;

async function withRates(api: Client) {
  for (const [currency, rateDate, rate] of [
    ['USD', '2026-11-01', 7],
    ['USD', '2026-11-20', 7.1],
    ['USD', '2026-12-01', 7.3],
    ['HKD', '2026-01-01', 1],
  ] as const) {
    await okData(api.post('/crmExchangeRate/add', { currency, rateDate, rate }));
  }
}

describe('opportunities and the board', () => {
  it('converts amounts at the day’s rate to the cent and totals each stage of the board', async () => {
    const w = await crmWorld(app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 10));
    await withRates(w.t.api);
    const customer = await w.lead(w.seller1.api);
    const board0 = await okData(w.seller1.api.get('/crm/board'));
    expect(board0.stages.map((s: any) => [s.name, s.probability, s.count])).toEqual([
      ['初步接洽', '10', 0],
      ['需求确认', '30', 0],
      ['方案报价', '60', 0],
      ['谈判审核', '80', 0],
    ]);
    const [s1, s2] = board0.stages.map((s: any) => s.id);
    const add = (api: Client, body: object) => okData(api.post('/crm/opportunity/add', { name: uniqueName('商机'), partnerId: customer, ...body }));
    // 100.005 USD at the rate of 2026-11-20 (7.1; the rate of 12-01 is not yet in force) = 710.0355 → 710.04
    expect(await add(w.seller1.api, { currency: 'USD', amount: '100.005' })).toMatchObject({ rate: '7.100000', baseAmount: '710.04' });
    // 1.005 × 1: a float would give 1.00
    expect((await add(w.seller1.api, { currency: 'HKD', amount: 1.005 })).baseAmount).toBe('1.01');
    const m = await material(w.t.api);
    const withLines = await add(w.seller1.api, { currency: 'CNY', lines: [{ materialId: m, qty: '2', price: '33.335' }] });
    expect(withLines.baseAmount).toBe('66.67');
    const other = await add(w.seller2.api, { currency: 'CNY', amount: '1000', stageId: s2 });
    expect(await refusal(w.seller1.api.post('/crm/opportunity/add', { name: 'x', partnerId: customer, currency: 'JPY', amount: 5 }))).toBe(
      '缺少 JPY 在 2026-11-26 或之前的汇率，请先在汇率中录入',
    );
    expect(
      await refusal(
        w.seller1.api.post('/crm/opportunity/add', {
          name: 'x',
          partnerId: customer,
          currency: 'CNY',
          amount: 5,
          lines: [{ materialId: m, qty: 1, price: 4 }],
        }),
      ),
    ).toBe('金额 5 与产品明细合计 4 不符');

    const b = await okData(w.seller1.api.get('/crm/board'));
    expect(b.stages.slice(0, 2).map((s: any) => [s.count, s.total, s.weighted, s.cards.length])).toEqual([
      [3, '777.72', '77.77', 3],
      [1, '1000.00', '300.00', 1],
    ]);
    const mine = await okData(w.seller1.api.get(`/crm/board?ownerId=${w.seller2.id}`));
    expect(await refusal(w.seller1.api.get('/crm/board?ownerId=987654321'))).toBe('用户不存在或不属于本公司');
    expect(mine.stages.map((s: any) => s.count)).toEqual([0, 1, 0, 0]);

    await okData(w.seller1.api.put('/crm/opportunity/move', { id: withLines.id, stageId: s2 }));
    const moved = await okData(w.seller1.api.get('/crm/board'));
    expect(moved.stages.slice(0, 2).map((s: any) => [s.count, s.total])).toEqual([
      [2, '711.05'],
      [2, '1066.67'],
    ]);
    expect(moved.stages[1].cards.map((c: any) => c.id).sort()).toEqual([withLines.id, other.id].sort());
    const detail = await okData(w.seller1.api.get(`/crm/opportunity/detail?id=${withLines.id}`));
    expect(detail).toMatchObject({ stageId: s2, amount: '66.670000', lines: [{ materialId: m, qty: '2.000000', price: '33.335000', amount: '66.670000' }] });
    expect(s1).toBeTypeOf('number');
  });

  it('closes as won (the customer’s deal clock restarts) or lost with a reason; a closed one no longer moves', async () => {
    const w = await crmWorld(app);
    const customer = await w.lead(w.seller1.api);
    const a = await okData(w.seller1.api.post('/crm/opportunity/add', { name: 'A', partnerId: customer, currency: 'CNY', amount: 10 }));
    const b = await okData(w.seller1.api.post('/crm/opportunity/add', { name: 'B', partnerId: customer, currency: 'CNY', amount: 20 }));
    expect(await refusal(w.seller1.api.post('/crm/opportunity/close', { id: b.id, result: 'lost' }))).toContain('输单需填写原因');
    await okData(w.seller1.api.post('/crm/opportunity/close', { id: b.id, result: 'lost', reason: '价格太高' }));
    await okData(w.seller1.api.post('/crm/opportunity/close', { id: a.id, result: 'won' }));
    const { db } = await testApp();
    const deal = await db.system((tx) =>
      tx.one<{ d: Date | null }>('select last_deal_at as d from crm_customer where tenant_id = $1 and partner_id = $2', [w.t.tenantId, customer]),
    );
    expect(deal!.d).not.toBeNull();
    const stages = (await okData(w.seller1.api.get('/crm/board'))).stages;
    expect(stages.map((s: any) => s.count)).toEqual([0, 0, 0, 0]);
    expect(await refusal(w.seller1.api.put('/crm/opportunity/move', { id: a.id, stageId: stages[1].id }))).toBe('商机已关闭（赢单或输单），不能修改');
    const dash = await okData(w.seller1.api.get('/crm/dashboard'));
    expect(dash.wonByMonth).toEqual([expect.objectContaining({ total: '10.00', n: 1 })]);
    const tl = (await okData(w.seller1.api.get(`/crm/customer/detail?partnerId=${customer}`))).timeline.filter((e: any) => e.kind === 'opportunity');
    expect(tl.map((e: any) => [e.text, e.subtype]).sort()).toEqual([
      ['A', 'won'],
      ['B', 'lost'],
    ]);
  });

  it('a task template creates its dated tasks, each a type-1 message to its assignee', async () => {
    const w = await crmWorld(app);
    const customer = await w.lead(w.seller1.api);
    const opp = await okData(w.seller1.api.post('/crm/opportunity/add', { name: uniqueName('商机'), partnerId: customer, currency: 'CNY', amount: 10 }));
    const tpl = await okData(
      w.seller1.api.post('/crm/taskTemplate/save', {
        name: uniqueName('标准流程'),
        items: [
          { title: '首次拜访', offsetDays: 0 },
          { title: '发送报价', offsetDays: 3, assigneeId: w.seller2.id },
          { title: '跟进回款', offsetDays: 30 },
        ],
      }),
    );
    const tasks = await okData(w.seller1.api.post('/crm/opportunity/applyTemplate', { id: opp.id, templateId: tpl.id, startDate: '2026-12-30' }));
    expect(tasks.map((x: any) => [x.title, x.dueDate, x.assigneeId])).toEqual([
      ['首次拜访', '2026-12-30', w.seller1.id],
      ['发送报价', '2027-01-02', w.seller2.id],
      ['跟进回款', '2027-01-29', w.seller1.id],
    ]);
    const inbox = async (api: Client) =>
      (await okData(api.post('/msg/list', { currentPage: 1, pageSize: 20 }))).rows
        .filter((m: any) => m.type === '1')
        .map((m: any) => m.msgTitle)
        .sort();
    expect(await inbox(w.seller1.api)).toEqual(['商机任务：首次拜访', '商机任务：跟进回款'].sort());
    expect(await inbox(w.seller2.api)).toEqual(['商机任务：发送报价']);
    expect((await okData(w.seller1.api.get(`/crm/opportunity/detail?id=${opp.id}`))).tasks).toHaveLength(3);
    const foreign = await crmWorld(app);
    expect(
      await refusal(w.seller1.api.post('/crm/taskTemplate/save', { name: 'x', items: [{ title: 'y', offsetDays: 1, assigneeId: foreign.seller1.id }] })),
    ).toBe('任务负责人不存在或不属于本公司');
    expect(await refusal(foreign.t.api.post('/crm/opportunity/applyTemplate', { id: opp.id, templateId: tpl.id }))).toBe('商机不存在');
  });
});

describe('customer archives', () => {
  it('sets stage, grade and tags from the company’s labels, filters by tag, and a follow-up shows on the timeline', async () => {
    const w = await crmWorld(app);
    await okData(w.t.api.post('/crmLabel/add', { name: 'VIP', color: '#ff0000' }));
    const a = await w.lead(w.seller1.api);
    await okData(w.seller1.api.post('/crm/lead/convert', { partnerId: a }));
    expect(await refusal(w.seller1.api.put('/crm/customer/update', { partnerId: a, tags: ['VIP', '不存在'] }))).toBe('标签不存在：不存在');
    await okData(w.seller1.api.put('/crm/customer/update', { partnerId: a, tags: ['VIP'], grade: 'A', customerStage: '成交' }));
    expect(await refusal(w.seller2.api.put('/crm/customer/update', { partnerId: a, grade: 'B' }))).toBe('只能操作自己负责的客户');
    const list = await okData(w.seller1.api.get('/crm/customer/list?tag=VIP'));
    expect(list.rows).toEqual([
      expect.objectContaining({ id: expect.anything(), tags: 'VIP', grade: 'A', customerStage: '成交', ownerName: w.seller1.loginName }),
    ]);
    await okData(w.seller1.api.post('/crm/follow/add', { partnerId: a, kind: 'call', content: '电话沟通需求', nextFollowDate: '2026-11-27' }));
    const d = await okData(w.seller1.api.get(`/crm/customer/detail?partnerId=${a}`));
    expect(d.nextFollowDate).toBe('2026-11-27');
    expect(d.timeline[0]).toMatchObject({ kind: 'follow', subtype: 'call', text: '电话沟通需求', userName: w.seller1.loginName });
    const due = await okData(w.seller1.api.get('/crm/follow/due'));
    expect(due.map((x: any) => Number(x.partnerId))).toEqual([a]);
    const follows = await okData(w.seller1.api.get('/crm/follow/list?mine=true'));
    expect(follows.total).toBe(1);
  });
});

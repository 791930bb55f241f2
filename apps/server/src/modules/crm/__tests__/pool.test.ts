import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp, uniqueName } from '../../../test-support/harness.ts';
import { crmWorld, okData, refusal, stateOf } from './fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;
/** Sets the process clock the CRM reads (clock.ts); the database's own now() is untouched. */
const setClock = (base: number, days: number) => vi.setSystemTime(new Date(base + days * DAY));

describe('the high seas', () => {
  it('claims within the cap, refuses a held customer, warns, then reclaims after N days without follow-up', async () => {
    const w = await crmWorld(app);
    const base = Date.UTC(2026, 0, 5, 9);
    vi.useFakeTimers({ toFake: ['Date'] });
    setClock(base, 0);
    await okData(w.t.api.put('/crm/pool/setting', { poolEnabled: true, followDays: 10, dealDays: 0, claimCap: 2, warnDays: 3 }));
    const [a, b, c] = [await w.lead(w.t.api, { toPool: true }), await w.lead(w.t.api, { toPool: true }), await w.lead(w.t.api, { toPool: true })];
    const pool = await okData(w.seller1.api.get('/crm/pool/list?pageSize=100'));
    expect(pool.rows.map((r: any) => Number(r.id)).sort()).toEqual([a, b, c].sort());

    await okData(w.seller1.api.post('/crm/pool/claim', { partnerId: a }));
    await okData(w.seller1.api.post('/crm/pool/claim', { partnerId: b }));
    expect(await refusal(w.seller1.api.post('/crm/pool/claim', { partnerId: c }))).toBe('已达到持有客户上限（2 个），请先释放客户');
    expect((await stateOf(app, w.t.tenantId, c))!.owner).toBeNull();
    expect(await refusal(w.seller2.api.post('/crm/pool/claim', { partnerId: a }))).toBe('该客户已被他人领取');
    expect(await refusal(w.seller2.api.post('/crm/follow/add', { partnerId: c, kind: 'call', content: '你好' }))).toBe('该客户在公海中，请先领取');

    setClock(base, 6);
    await okData(w.seller1.api.post('/crm/follow/add', { partnerId: b, kind: 'visit', content: '上门拜访' }));

    setClock(base, 8);
    const warned = await okData(w.t.api.post('/crm/pool/reclaim'));
    expect(warned).toEqual({ reclaimed: 0, byFollow: 0, byDeal: 0, warned: 1 });
    const inbox = await okData(w.seller1.api.post('/msg/list', { currentPage: 1, pageSize: 10 }));
    const warning = inbox.rows.find((m: any) => m.msgTitle === '1 个客户即将回收到公海');
    expect(warning, JSON.stringify(inbox)).toBeTruthy();
    expect(warning.msgContent).toContain('2026-01-15');
    // a second run the same day does not warn again
    expect((await okData(w.t.api.post('/crm/pool/reclaim'))).warned).toBe(0);

    setClock(base, 10);
    expect(await okData(w.t.api.post('/crm/pool/reclaim'))).toEqual({ reclaimed: 1, byFollow: 1, byDeal: 0, warned: 0 });
    expect((await stateOf(app, w.t.tenantId, a))!.owner).toBeNull();
    expect(Number((await stateOf(app, w.t.tenantId, b))!.owner)).toBe(w.seller1.id);
    const timeline = (await okData(w.t.api.get(`/crm/customer/detail?partnerId=${a}`))).timeline;
    expect(timeline[0]).toMatchObject({ kind: 'pool', subtype: 'reclaim', text: 'follow', time: expect.stringMatching(/^2026-01-15/) });

    // the follow-up on day 6 holds b until day 16
    setClock(base, 16);
    expect((await okData(w.t.api.post('/crm/pool/reclaim'))).byFollow).toBe(1);
    expect((await stateOf(app, w.t.tenantId, b))!.owner).toBeNull();
  });

  it('reclaims after N days without a deal, and a next follow-up date holds the follow-up clock', async () => {
    const w = await crmWorld(app);
    const base = Date.UTC(2026, 2, 2, 9);
    vi.useFakeTimers({ toFake: ['Date'] });
    setClock(base, 0);
    await okData(w.t.api.put('/crm/pool/setting', { poolEnabled: true, followDays: 5, dealDays: 20, claimCap: 0, warnDays: 0 }));
    const a = await w.lead(w.seller1.api);
    await okData(w.seller1.api.post('/crm/follow/add', { partnerId: a, kind: 'call', content: '约好下月再谈', nextFollowDate: '2026-03-18' }));
    setClock(base, 20);
    // 16 + 5 = 21 days for the follow-up rule, 20 for the deal rule: the deal rule takes it
    expect(await okData(w.t.api.post('/crm/pool/reclaim'))).toMatchObject({ reclaimed: 1, byDeal: 1 });
  });

  it('does not run the reclaim for a seller, nor while the pool is off', async () => {
    const w = await crmWorld(app);
    expect(await refusal(w.seller1.api.post('/crm/pool/reclaim'))).toBe('只有管理员或主管可以立即回收');
    expect(await refusal(w.seller1.api.put('/crm/pool/setting', { claimCap: 1 }))).toBe('只有管理员或主管可以修改公海规则');
    vi.useFakeTimers({ toFake: ['Date'] });
    // the test clock stays before the company's trial ends: sessions check it in the process
    setClock(Date.UTC(2025, 0, 1), 0);
    const a = await w.lead(w.seller1.api);
    setClock(Date.UTC(2025, 0, 1), 400);
    expect((await okData(w.t.api.post('/crm/pool/reclaim'))).reclaimed).toBe(0);
    expect(Number((await stateOf(app, w.t.tenantId, a))!.owner)).toBe(w.seller1.id);
  });
});

describe('leads', () => {
  it('converts a lead into a customer enabled for documents, held by the converter', async () => {
    const w = await crmWorld(app);
    const a = await w.lead(w.t.api, { toPool: true });
    expect(await stateOf(app, w.t.tenantId, a)).toMatchObject({ owner: null, status: 'lead', enabled: false });
    await okData(w.seller2.api.post('/crm/lead/convert', { partnerId: a }));
    expect(await stateOf(app, w.t.tenantId, a)).toMatchObject({ owner: String(w.seller2.id), status: 'customer', enabled: true });
    expect(await refusal(w.seller2.api.post('/crm/lead/convert', { partnerId: a }))).toBe('该客户不是潜在客户，无需转换');
    const archive = await okData(w.seller2.api.get('/crm/customer/list?mine=true'));
    expect(archive.rows.map((r: any) => Number(r.id))).toEqual([a]);
    const leads = await okData(w.seller2.api.get('/crm/lead/list'));
    expect(leads.rows.map((r: any) => Number(r.id))).not.toContain(a);
  });

  it('refuses a duplicate name, phone or tax number (force lets a shared phone through) and writes nothing', async () => {
    const w = await crmWorld(app);
    const name = uniqueName('华东贸易');
    await w.lead(w.seller1.api, { name, phone: '13800000001', taxNum: '91310000ABC' });
    const before = await okData(w.t.api.get('/crm/lead/list?pageSize=100'));
    expect(await refusal(w.seller2.api.post('/crm/lead/add', { name }))).toBe(`疑似重复客户：${name}（名称相同）`);
    expect(await refusal(w.seller2.api.post('/crm/lead/add', { name: uniqueName('x'), phone: '13800000001' }))).toBe(`疑似重复客户：${name}（电话相同）`);
    expect(await refusal(w.seller2.api.post('/crm/lead/add', { name: uniqueName('x'), taxNum: '91310000abc' }))).toBe(
      `疑似重复客户：${name}（纳税人识别号相同）`,
    );
    expect((await okData(w.t.api.get('/crm/lead/list?pageSize=100'))).total).toBe(before.total);
    const dup = await okData(w.seller2.api.get(`/crm/lead/duplicates?phone=13800000001&taxNum=91310000ABC`));
    expect(dup).toEqual([expect.objectContaining({ name, matches: ['phone', 'taxNum'] })]);
    await okData(w.seller2.api.post('/crm/lead/add', { name: uniqueName('分公司'), phone: '13800000001', force: true }));
    expect(await refusal(w.seller2.api.post('/crm/lead/add', { name, force: true }))).toContain('名称相同');
  });

  it('assigns and releases: a manager gives a customer to a seller, the seller releases it; others may not', async () => {
    const w = await crmWorld(app);
    const a = await w.lead(w.t.api, { toPool: true });
    expect(await refusal(w.seller1.api.post('/crm/pool/assign', { partnerId: a, userId: w.seller1.id }))).toBe('只有管理员或主管可以分配客户');
    await okData(w.t.api.post('/crm/pool/assign', { partnerId: a, userId: w.seller1.id }));
    expect(await refusal(w.seller2.api.post('/crm/pool/release', { partnerId: a }))).toBe('只能释放自己负责的客户');
    await okData(w.seller1.api.post('/crm/pool/release', { partnerId: a, reason: '无意向' }));
    const tl = (await okData(w.t.api.get(`/crm/customer/detail?partnerId=${a}`))).timeline.map((e: any) => e.subtype);
    expect(tl).toEqual(['release', 'assign', 'create']);
  });
});

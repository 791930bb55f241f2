import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Session } from '../../../../platform/auth/session.ts';
import type { Database } from '../../../../platform/db/database.ts';
import { newTenant, testApp, type Client } from '../../../../test-support/harness.ts';
import { seedDemoActivity } from '../../../system/demo-activity.ts';
import { randomHistory } from '../../__tests__/random-scenario.ts';
import type { Result, RunCtx } from '../report.ts';
import { day } from './scenario.ts';
import { inOutDetailReport as oldDetail, inOutSummaryReport as oldSummary } from './old/in-out.ts';
import { inventoryAgeReport as oldAge } from './old/ageing.ts';
import { safetyStockReport as oldSafety } from './old/warning.ts';
import { buyAndSaleStatistics as oldBuyAndSale, trendStatistics as oldTrend } from './old/statistics.ts';
import { salePanelData as oldSalePanel } from './old/sale-panel.ts';

type Filters = Record<string, string | number>;
type Run = (c: RunCtx, f: never, page: { limit: number; offset: number }) => Promise<Result>;
const json = (x: unknown) => JSON.parse(JSON.stringify(x));

/**
 * Every report rewritten on the summary rows (issue 12) gives exactly the figures of the query it
 * replaced (kept in ./old), on the demo company and on a random history, for a spread of filters,
 * cut days (bounds with a time of day) and pages.
 */
async function compare(app: FastifyInstance, db: Database, who: { tenantId: number; userId: number; api: Client }, codes: string[]) {
  const session = { tenantId: who.tenantId, userId: who.userId, admin: true, roleType: '全部数据', priceMasked: false } as unknown as Session;
  const old = (run: Run, f: Filters, page: { limit: number; offset: number }) =>
    db.tenant(who.tenantId, async (tx) => json(await run({ tx, session, scope: null }, f as never, page)));
  const now = async (url: string, f: Filters, page: { currentPage: number; pageSize: number }) => {
    const qs = new URLSearchParams(Object.entries({ ...f, ...page }).map(([k, v]) => [k, String(v)]));
    const r = await who.api.get(`${url}?${qs}`);
    expect(r.body.code, `${url}?${qs}: ${r.text}`).toBe(200);
    return r.body.data;
  };
  const periods: Filters[] = [
    {},
    { beginTime: day(30), endTime: day(5) },
    { beginTime: `${day(40)} 13:00:00`, endTime: `${day(10)} 15:30:00` },
    { beginTime: `${day(20)} 09:00:00`, endTime: `${day(20)} 16:00:00` },
    { beginTime: day(12) },
    // whole days across month ends: month rows for the whole months, day rows for the cut ones
    { beginTime: day(75), endTime: day(33) },
    { beginTime: day(45) },
    { endTime: day(20) },
    { endTime: `${day(3)} 12:00:00` },
    { beginTime: day(60), docType: 'saleOut,purchaseIn,opening' },
    { beginTime: day(60), materialParam: codes[0] },
    { beginTime: `${day(25)} 10:00:00`, docType: 'transfer' },
  ];
  const pages = [
    { currentPage: 1, pageSize: 10 },
    { currentPage: 3, pageSize: 7 },
    { currentPage: 1, pageSize: 1000 },
    { currentPage: 500, pageSize: 10 },
  ];
  let compared = 0;
  for (const [url, run, extra] of [
    ['/report/inOutSummary', oldSummary.run, [] as Filters[]],
    ['/report/inOutDetail', oldDetail.run, [{ number: 'CK' }, { beginTime: day(50), number: 'RK', docType: 'purchaseIn' }]],
  ] as const)
    for (const f of [...periods, ...extra])
      for (const p of pages) {
        const want = await old(run as Run, f, { limit: p.pageSize, offset: (p.currentPage - 1) * p.pageSize });
        const { nextCursor, ...got } = await now(url, f, p);
        expect(got, `${url} ${JSON.stringify(f)} ${JSON.stringify(p)}`).toEqual(want);
        if (url === '/report/inOutDetail') expect(nextCursor === null).toBe(want.rows.length < p.pageSize);
        compared += want.rows.length;
      }
  // keyset paging: following nextCursor page after page lists exactly the old rows, in order
  for (const f of periods.slice(0, 4)) {
    const want = await old(oldDetail.run as Run, f, { limit: 100000, offset: 0 });
    const walked: unknown[] = [];
    for (let cursor: string | null = '', i = 0; cursor !== null && i < 1000; i++) {
      const r = await now('/report/inOutDetail', { ...f, ...(cursor ? { cursor } : {}) }, { currentPage: cursor ? 99 : 1, pageSize: 7 });
      expect(r.total).toBe(want.total);
      walked.push(...r.rows);
      cursor = r.nextCursor;
    }
    expect(walked, `keyset ${JSON.stringify(f)}`).toEqual(want.rows);
    compared += walked.length;
  }
  for (const f of [{ days: 90 }, { days: 30 }, { days: 7 }, { days: 1 }])
    for (const p of pages.slice(0, 3)) {
      const want = await old(oldAge.run as Run, f, { limit: p.pageSize, offset: (p.currentPage - 1) * p.pageSize });
      expect(await now('/report/inventoryAge', f, p), `inventoryAge ${JSON.stringify(f)}`).toEqual(want);
      compared += want.rows.length;
    }
  // the safety-stock screen now lists only the rows with a limit: the old rows that have one
  const all = await old(oldSafety.run as Run, {}, { limit: 100000, offset: 0 });
  const limited = all.rows.filter((r: { lowSafeStock: unknown; highSafeStock: unknown }) => r.lowSafeStock !== null || r.highSafeStock !== null);
  expect(await now('/material/safetyStockList', {}, { currentPage: 1, pageSize: 1000 })).toEqual({ rows: limited, total: limited.length });
  const home = await db.tenant(who.tenantId, async (tx) => json({ ...(await oldBuyAndSale(tx, session)), ...(await oldTrend(tx, session)) }));
  expect({ ...(await now('/depotHead/getBuyAndSaleStatistics', {}, {} as never)), ...(await now('/depotHead/getTrendStatistics', {}, {} as never)) }).toEqual(
    home,
  );
  // the sales panel: today's and the month's sales and top customers from the summaries
  const panel = await db.tenant(who.tenantId, async (tx) => json(await oldSalePanel(tx, session)));
  expect(await now('/depotHead/salePanelData', {}, {} as never)).toEqual(panel);
  return { compared, limited: limited.length, home, panel };
}

describe('reports on summary rows equal the ledger queries they replaced (issue 12)', async () => {
  const { app, db } = await testApp();

  it('on a random history', { timeout: 120_000 }, async () => {
    const t = await newTenant(app, 'rsum');
    const w = await randomHistory(t.api, 7, 140);
    const userId = (await db.system((tx) => tx.one<{ id: number }>('select id from sys_user where tenant_id = $1', [t.tenantId])))!.id;
    const r = await compare(app, db, { tenantId: t.tenantId, userId: Number(userId), api: t.api }, ['R1']);
    expect(r.compared).toBeGreaterThan(500);
    expect(r.limited).toBeGreaterThan(0);
    expect(r.home.monthSale).not.toBe(0);
    expect(r.panel.topCustomers.length).toBeGreaterThan(0);
    expect(w.docs.length).toBeGreaterThan(20);
    const bad = await t.api.get('/report/inOutDetail?cursor=bm90LWEta2V5');
    expect(bad.body).toMatchObject({ code: 400, data: { message: expect.stringContaining('cursor 无效') } });
  });

  it('inventory age over three years of receipts (the oldest receipt walked by years, months, then days)', { timeout: 120_000 }, async () => {
    const t = await newTenant(app, 'rage');
    await randomHistory(t.api, 23, 100, 1100);
    const userId = (await db.system((tx) => tx.one<{ id: number }>('select id from sys_user where tenant_id = $1', [t.tenantId])))!.id;
    const session = { tenantId: t.tenantId, userId: Number(userId), admin: true, roleType: '全部数据', priceMasked: false } as unknown as Session;
    let dated = 0;
    for (const days of [90, 400, 800, 2000]) {
      const want = await db.tenant(t.tenantId, async (tx) =>
        json(await (oldAge.run as Run)({ tx, session, scope: null }, { days } as never, { limit: 1000, offset: 0 })),
      );
      const got = await t.api.get(`/report/inventoryAge?days=${days}&currentPage=1&pageSize=1000`);
      expect(got.body.data, `inventoryAge days=${days}`).toEqual(want);
      dated += want.rows.filter((r: { oldestDate: string | null }) => r.oldestDate && r.oldestDate < day(365)).length;
    }
    // some listed stock dates from more than a year back: the walk crossed year rows
    expect(dated).toBeGreaterThan(0);
  });

  it('on the demo story (the four months of trading a first start shows)', { timeout: 300_000 }, async () => {
    const t = await newTenant(app, 'rdemo');
    // the master data the demo company is seeded with and the story looks up by name
    for (const [url, name] of [
      ['/depot/add', '总仓'],
      ['/depot/add', '杭州分仓'],
      ['/account/add', '现金'],
      ['/account/add', '工商银行'],
      ['/materialCategory/add', '手机配件'],
      ['/materialCategory/add', '电子产品'],
    ])
      expect((await t.api.post(url, { name })).body.code).toBe(200);
    await seedDemoActivity(app, '/api', t.loginName, t.password);
    const userId = (await db.system((tx) => tx.one<{ id: number }>('select id from sys_user where tenant_id = $1', [t.tenantId])))!.id;
    const r = await compare(app, db, { tenantId: t.tenantId, userId: Number(userId), api: t.api }, ['耳机']);
    expect(r.compared).toBeGreaterThan(500);
    expect(r.home.yearSale).not.toBe(0);
  });
});

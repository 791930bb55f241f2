import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { ok, supplierWithUser } from './portal-world.ts';

type Line = { itemId: number; orderId: number; orderNumber: string; lineNo: number; qty: number; materialName: string; orderStatus: string };
type Page = { rows: Line[]; total: number };

/**
 * Issue 22: the supplier's order list pages by lines, newest order first (order date, then the later order), lines
 * in line order. Deep pages count lines per order first and read only the orders the page falls on
 * (db/migrations/205); every page here is compared with the order expected from the orders made (dates, ids, line
 * counts), with lines a change left deleted, an order without lines, a completed order (open=1 leaves it out) and
 * another supplier's orders between them.
 */
describe('supplier portal: the order list pages the same at every depth', async () => {
  const { app, db } = await testApp();
  const buyer = await newTenant(app, 'portalpage');
  const depotId = (await ok<{ id: number }>(buyer.api.post('/depot/add', { name: '分页仓' }))).id;
  const code = `PPG-${buyer.tenantId}`;
  await ok(buyer.api.post('/material/add', { name: '垫圈', unit: '个', barCodes: [{ barCode: code, commodityUnit: '个' }] }));
  const sup = await supplierWithUser(app, buyer.api, '垫圈厂');
  const other = await supplierWithUser(app, buyer.api, '别家垫圈');
  const rows = (n: number, from = 1) => Array.from({ length: n }, (_, k) => ({ barCode: code, operNumber: from + k, unitPrice: 2, depotId }));
  const order = async (supplierId: number, day: string, lines: number, status = '1') =>
    (
      await ok<{ id: number }>(
        buyer.api.post('/depotHead/addDepotHeadAndDetail', {
          info: { type: '其它', subType: '采购订单', operTime: `${day} 09:00:00`, organId: supplierId, status },
          rows: rows(lines),
        }),
      )
    ).id;

  // [order id, date, live lines]: two orders on one day (the later id first), one changed from 6 lines to 2
  const made: Array<{ id: number; day: string; lines: number }> = [];
  for (const [day, lines] of [
    ['2026-09-03', 3],
    ['2026-09-05', 1],
    ['2026-09-05', 4],
    ['2026-09-01', 2],
    ['2026-09-08', 5],
    ['2026-09-02', 3],
  ] as const) {
    made.push({ id: await order(sup.supplierId, day, lines), day, lines });
    await order(other.supplierId, day, 2);
  }
  const changed = await order(sup.supplierId, '2026-09-04', 6, '0');
  await ok(
    buyer.api.put('/depotHead/updateDepotHeadAndDetail', {
      info: { id: changed, type: '其它', subType: '采购订单', operTime: '2026-09-04 09:00:00', organId: sup.supplierId },
      rows: rows(2, 7),
    }),
  );
  await ok(buyer.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(changed) }));
  made.push({ id: changed, day: '2026-09-04', lines: 2 });
  // an audited order whose lines were all deleted shows nowhere; a completed one only without open=1
  const empty = await order(sup.supplierId, '2026-09-06', 1);
  await db.system((tx) => tx.query('update depot_item set delete_flag = true where tenant_id = $1 and header_id = $2', [buyer.tenantId, empty]));
  const done = await order(sup.supplierId, '2026-09-07', 2);
  await db.system((tx) => tx.query(`update depot_head set status = '2' where tenant_id = $1 and id = $2`, [buyer.tenantId, done]));
  made.push({ id: done, day: '2026-09-07', lines: 2 });

  const expected = (open: boolean) =>
    made
      .filter((o) => !open || o.id !== done)
      .sort((a, b) => b.day.localeCompare(a.day) || b.id - a.id)
      .flatMap((o) => Array.from({ length: o.lines }, (_, k) => [o.id, k + 1] as [number, number]));
  const list = (q: string) => ok<Page>(sup.api.get(`/portal/order/list?${q}`));

  it('gives every page the lines expected at its place, and the same total', async () => {
    for (const open of [false, true]) {
      const want = expected(open);
      expect(want.length).toBe(open ? 20 : 22);
      const all = await list(`currentPage=1&pageSize=100${open ? '&open=1' : ''}`);
      expect(all.total).toBe(want.length);
      expect(all.rows.map((r) => [r.orderId, r.lineNo])).toEqual(want);
      for (const size of [1, 3, 7]) {
        const pages = Math.ceil(want.length / size);
        for (let p = 1; p <= pages + 1; p++) {
          const page = await list(`currentPage=${p}&pageSize=${size}${open ? '&open=1' : ''}`);
          expect(page.total).toBe(want.length);
          // the whole reply of each row is the one the single long page gives
          expect(page.rows).toEqual(all.rows.slice((p - 1) * size, p * size));
        }
      }
    }
  });

  it('pages a number search and one order the same way', async () => {
    const newest = (await list('currentPage=1&pageSize=100')).rows[0]!;
    const one = await list(`orderId=${newest.orderId}&pageSize=2&currentPage=2`);
    expect(one.total).toBe(5);
    expect(one.rows.map((r) => r.lineNo)).toEqual([3, 4]);
    const byNumber = await list(`number=${encodeURIComponent(newest.orderNumber)}&pageSize=4&currentPage=2`);
    expect(byNumber.total).toBe(5);
    expect(byNumber.rows.map((r) => [r.orderId, r.lineNo])).toEqual([[newest.orderId, 5]]);
    // another supplier's order asked by id: nothing, and no count of its lines
    const theirs = (await ok<Page>(other.api.get('/portal/order/list?pageSize=1'))).rows[0]!.orderId;
    expect(await list(`orderId=${theirs}`)).toEqual({ rows: [], total: 0 });
  });
});

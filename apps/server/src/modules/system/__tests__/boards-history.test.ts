import { describe, expect, it } from 'vitest';
import type { Session } from '../../../platform/auth/session.ts';
import { newTenant, testApp, type Client } from '../../../test-support/harness.ts';
import { line, save, world } from '../../inventory/__tests__/fixtures.ts';
import { random } from '../../inventory/__tests__/random-scenario.ts';
import { managementTwo } from '../board/board.service.ts';
import { managementTwo as oldManagementTwo } from './old/management-two.ts';
import { oldOpenWork } from './old/open-work.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** n days before today at the given hour, as the API writes dates. */
function at(n: number, hour: number): string {
  const d = new Date(Date.now() - n * 86400000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(hour)}:00:00`;
}
const json = (x: unknown) => JSON.parse(JSON.stringify(x));

/**
 * Fifteen months of random trading on both sides — purchase requests, orders, moves and returns, with and without a
 * partner, edits that move a document to another day or partner, deletes, audits and un-audits — so the 12-month window, its edges and the year's top
 * partners all have rows, including rows that net to zero.
 */
async function randomTrading(api: Client, seed: number, steps: number) {
  const w = await world(api);
  await w.material('看板品', 'MG2');
  const ok = (res: { body: { code: number } }) => expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  ok(await api.put('/systemConfig/update', { minusStockFlag: true }));
  const add = async (name: string, type: string) => (await api.post('/supplier/add', { name, type })).body.data.id as number;
  const customers = [w.customer, await add('客户二', '客户'), await add('客户三', '客户')];
  const suppliers = [w.supplier, await add('供应商二', '供应商'), await add('供应商三', '供应商')];
  const r = random(seed);
  const kinds: Array<[string, string, number[]]> = [
    ['其它', '销售订单', customers],
    ['出库', '销售', customers],
    ['入库', '销售退货', customers],
    ['其它', '采购订单', suppliers],
    ['入库', '采购', suppliers],
    ['出库', '采购退货', suppliers],
    ['其它', '请购单', []],
  ];
  const docs: Array<{ id: number; kind: [string, string, number[]]; audited: boolean }> = [];
  const info = (partners: number[]) => ({
    ...(r.int(6) && partners.length ? { organId: r.pick(partners) } : {}),
    operTime: at(r.int(3) ? r.int(460) : r.int(40), 8 + r.int(10)),
  });
  const rows = () => [line('MG2', 1 + r.int(9), 1 + r.int(30), w.depotA)];
  for (let i = 0; i < steps; i++) {
    const roll = r.int(12);
    if (roll >= 10 && docs.length) {
      // audited or back to unaudited: the open-work counts follow the status
      const d = r.pick(docs);
      ok(await api.post('/depotHead/batchSetStatus', { status: d.audited ? '0' : '1', ids: String(d.id) }));
      d.audited = !d.audited;
    } else if (roll < 7 || !docs.length) {
      const kind = r.pick(kinds);
      const audited = r.int(2) === 1;
      const res = await save(api, kind[0], kind[1], rows(), { ...info(kind[2]), status: audited ? '1' : '0' });
      ok(res);
      docs.push({ id: res.body.data.id, kind, audited });
    } else if (!docs.some((x) => !x.audited)) {
      continue;
    } else if (roll < 9) {
      const d = r.pick(docs.filter((x) => !x.audited));
      ok(
        await api.put('/depotHead/updateDepotHeadAndDetail', {
          info: { id: d.id, type: d.kind[0], subType: d.kind[1], ...info(d.kind[2]), status: '0' },
          rows: rows(),
        }),
      );
    } else {
      const d = r.pick(docs.filter((x) => !x.audited));
      ok(await api.delete(`/depotHead/delete?id=${d.id}`));
      docs.splice(docs.indexOf(d), 1);
    }
  }
  return docs.map((d) => d.id);
}

// Issue 24 item 3: the boards' rewritten figures equal the queries they replaced (kept in ./old) on a random history —
// management two read in one pass over its 12-month window (both sides; company-wide, own-data and masked roles),
// the workbenches' open work counted from the unaudited documents and the open orders only.
describe('boards read at any length of history equal the queries they replaced', async () => {
  const { app, db } = await testApp();

  it('on fifteen months of random trading', { timeout: 180_000 }, async () => {
    const t = await newTenant(app, 'mtwo');
    const docs = await randomTrading(t.api, 24, 110);
    expect(docs.length).toBeGreaterThan(30);
    // some orders partly delivered (status 3), as a linked inbound or outbound leaves them
    await db.system((tx) =>
      tx.query(`update depot_head set status = '3' where tenant_id = $1 and doc_key in ('saleOrder', 'purchaseOrder', 'purchaseApply') and id % 3 = 0`, [
        t.tenantId,
      ]),
    );
    const userId = Number((await db.system((tx) => tx.one<{ id: number }>('select id from sys_user where tenant_id = $1', [t.tenantId])))!.id);
    const sessions = [
      { admin: true, roleType: '全部数据', priceMasked: false },
      { admin: false, roleType: '个人数据', priceMasked: false },
      { admin: false, roleType: '全部数据', priceMasked: true },
    ].map((x) => ({ tenantId: t.tenantId, userId, ...x }) as unknown as Session);
    for (const side of ['sale', 'buy'] as const) {
      const api = json((await t.api.get(side === 'sale' ? '/board/management/two' : '/board/management/two/buy')).body.data);
      for (const session of sessions) {
        const [before, now] = await db.tenant(t.tenantId, async (tx) => [
          json(await oldManagementTwo(tx, session, side)),
          json(await managementTwo(tx, session, side)),
        ]);
        expect(now, `${side} ${session.roleType} masked ${session.priceMasked}`).toEqual(before);
        if (session.admin) expect(api).toEqual(before);
      }
      // the scenario reaches every part of the reply
      expect(api.months).toHaveLength(12);
      expect(api.months.some((m: { moveAmount: string }) => Number(m.moveAmount) !== 0)).toBe(true);
      expect(api.topPartners.length).toBeGreaterThan(0);
    }

    const old = await db.tenant(t.tenantId, (tx) => oldOpenWork(tx, t.tenantId));
    const wb = (await t.api.get('/board/workbenchData')).body.data;
    expect({ unaudited: wb.global.unaudited, openSaleOrders: wb.business.openSaleOrders, openPurchaseOrders: wb.business.openPurchaseOrders }).toEqual({
      unaudited: old.unaudited,
      openSaleOrders: old.openSaleOrders,
      openPurchaseOrders: old.openPurchaseOrders,
    });
    const pw = (await t.api.get('/board/purchaseWorkbenchData')).body.data;
    const count = (list: Array<{ key: string; count: number }>, key: string) => list.find((x) => x.key === key)!.count;
    expect({
      requests: count(pw.todos, 'requestsAwaiting'),
      ordersToAudit: count(pw.todos, 'ordersToAudit'),
      inboundsToAudit: count(pw.todos, 'inboundsToAudit'),
      openOrders: count(pw.figures, 'openOrders'),
    }).toEqual({ requests: old.requests, ordersToAudit: old.ordersToAudit, inboundsToAudit: old.inboundsToAudit, openOrders: old.openOrders });
    // the scenario has every kind of count and audited documents the counts leave out
    for (const n of [old.unaudited, old.openSaleOrders, old.openPurchaseOrders, old.requests, old.ordersToAudit, old.inboundsToAudit])
      expect(n).toBeGreaterThan(0);
    const audited = await db.system((tx) =>
      tx.one<{ n: number }>(`select count(*)::int as n from depot_head where tenant_id = $1 and status = '1' and doc_key in ('saleOut', 'purchaseIn')`, [
        t.tenantId,
      ]),
    );
    expect(audited!.n).toBeGreaterThan(0);
  });
});

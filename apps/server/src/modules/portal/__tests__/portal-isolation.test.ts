import { describe, expect, it } from 'vitest';
import { newTenant, testApp, type Client } from '../../../test-support/harness.ts';
import { supplierPreamble } from '../../../platform/db/database.ts';
import { SUPPLIER_SHELL } from '../../../platform/http/route.ts';
import { supplierRoutes as orderRoutes } from '../portal.routes.ts';
import { planSupplierRoutes } from '../plan-stock.routes.ts';
import { future, ok, purchaseOrder, supplierWithUser } from './portal-world.ts';

/**
 * Issue 22's isolation sweep: two suppliers of one company and a supplier of another. Every portal route is
 * called by the first supplier with the others' ids: no row of theirs comes back or changes. Every internal
 * route refuses a supplier user. At the SQL level, a portal transaction that forgets the supplier filter still
 * sees one supplier, cannot read internal tables, and cannot write a row for another supplier.
 */
const supplierRoutes = [...orderRoutes, ...planSupplierRoutes];

describe('supplier portal isolation', async () => {
  const { app, db } = await testApp();
  const a = await newTenant(app, 'portalA');
  const b = await newTenant(app, 'portalB');

  async function party(buyer: Client, tenantId: number, name: string) {
    const depotId = (await ok<{ id: number }>(buyer.post('/depot/add', { name: `${name}仓` }))).id;
    const code = `${name}-${tenantId}`;
    await ok(buyer.post('/material/add', { name: `${name}专用料`, unit: '个', barCodes: [{ barCode: code, commodityUnit: '个' }] }));
    const sup = await supplierWithUser(app, buyer, name);
    const order = await purchaseOrder(buyer, sup.supplierId, depotId, [[code, 5, 2]]);
    const itemId = (await ok<{ rows: Array<{ itemId: number }> }>(sup.api.get('/portal/order/list'))).rows[0]!.itemId;
    await ok(sup.api.post('/portal/order/confirm', { orderId: order.id, lines: [{ itemId, action: 'propose', qty: 4, date: future() }] }));
    await ok(sup.api.post('/portal/order/progress', { itemId, percent: 30 }));
    const advice = await ok<{ id: number; number: string }>(
      sup.api.post('/portal/advice/add', { orderId: order.id, shipDate: future(), lines: [{ itemId, qty: 1 }] }),
    );
    const plan = await ok<{ id: number; number: string }>(
      buyer.post('/portal/buyer/plan/add', { supplierId: sup.supplierId, lines: [{ itemId, planDate: future(), qty: 2 }] }),
    );
    await ok(sup.api.post('/portal/stock/report', { rows: [{ itemId, qty: 7, remark: `${name}库存备注` }] }));
    // order numbers repeat across companies (each numbers its own), so the other company's is no secret
    const secrets = [advice.number, plan.number, `${name}专用料`, `${name}库存备注`, ...(tenantId === a.tenantId ? [order.number] : [])];
    return { ...sup, tenantId, order, itemId, advice, plan, depotId, code, secrets };
  }
  const me = await party(a.api, a.tenantId, 'SUPME');
  const neighbour = await party(a.api, a.tenantId, 'SUPNB');
  const stranger = await party(b.api, b.tenantId, 'SUPXT');
  const others = [neighbour, stranger];
  // the neighbour has a second open order: its panel differs from mine
  await purchaseOrder(a.api, neighbour.supplierId, neighbour.depotId, [[neighbour.code, 3, 2]]);

  const snapshot = () =>
    db.system(async (tx) => {
      const out: string[] = [];
      for (const o of others)
        for (const t of [
          'portal_line',
          'portal_progress_log',
          'arrival_advice',
          'arrival_advice_line',
          'portal_shipping_plan',
          'portal_shipping_plan_line',
          'portal_supplier_stock',
        ])
          out.push(
            (await tx.one<{ h: string }>(
              `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) h from ${t} x where tenant_id = $1 and supplier_id = $2`,
              [o.tenantId, o.supplierId],
            ))!.h,
          );
      return out;
    });

  /** Each supplier route with the calls that name another supplier's ids (own order with a foreign line, too). */
  const attacks = (o: (typeof others)[number]): Record<string, Array<() => Promise<{ body: unknown; status: number }>>> => ({
    '/portal/order/list': [() => me.api.get(`/portal/order/list?orderId=${o.order.id}`), () => me.api.get(`/portal/order/list?number=${o.order.number}`)],
    '/portal/order/detail': [() => me.api.get(`/portal/order/detail?id=${o.order.id}`)],
    '/portal/order/confirm': [
      () => me.api.post('/portal/order/confirm', { orderId: o.order.id, lines: [{ itemId: o.itemId, action: 'confirm' }] }),
      () => me.api.post('/portal/order/confirm', { orderId: me.order.id, lines: [{ itemId: o.itemId, action: 'confirm' }] }),
    ],
    '/portal/order/progress': [() => me.api.post('/portal/order/progress', { itemId: o.itemId, percent: 99 })],
    '/portal/advice/add': [
      () => me.api.post('/portal/advice/add', { orderId: o.order.id, shipDate: future(), lines: [{ itemId: o.itemId, qty: 1 }] }),
      () => me.api.post('/portal/advice/add', { orderId: me.order.id, shipDate: future(), lines: [{ itemId: o.itemId, qty: 1 }] }),
    ],
    '/portal/advice/list': [() => me.api.get('/portal/advice/list'), () => me.api.get('/portal/advice/list?status=sent')],
    '/portal/advice/detail': [() => me.api.get(`/portal/advice/detail?id=${o.advice.id}`)],
    '/portal/invite/accept': [() => me.api.post('/portal/invite/accept', { token: o.token, password: 'hijack123' })],
    '/portal/plan/list': [() => me.api.get('/portal/plan/list'), () => me.api.get('/portal/plan/list?status=published')],
    '/portal/plan/detail': [() => me.api.get(`/portal/plan/detail?id=${o.plan.id}`)],
    '/portal/plan/ack': [() => me.api.post('/portal/plan/ack', { id: o.plan.id, remark: 'hijack' })],
    '/portal/stock/report': [() => me.api.post('/portal/stock/report', { rows: [{ itemId: o.itemId, qty: 1 }] })],
    '/portal/stock/list': [() => me.api.get('/portal/stock/list')],
    '/portal/panel': [() => me.api.get('/portal/panel')],
  });

  it('leaks no row of another supplier through any portal route, and changes none', async () => {
    const before = await snapshot();
    for (const o of others) {
      const calls = attacks(o);
      expect(Object.keys(calls).sort()).toEqual(supplierRoutes.map((r) => r.url).sort());
      for (const [url, list] of Object.entries(calls))
        for (const call of list) {
          const text = JSON.stringify((await call()).body);
          for (const secret of o.secrets) expect(text, `${url} shows ${secret}`).not.toContain(secret);
        }
    }
    expect(await snapshot()).toEqual(before);
    // and its own rows do come back: the sweep is not passing on empty replies
    const own = JSON.stringify((await me.api.get('/portal/order/list')).body);
    for (const secret of ['SUPME专用料', me.order.number]) expect(own).toContain(secret);
    expect(JSON.stringify((await me.api.get('/portal/plan/list')).body)).toContain(me.plan.number);
    expect(JSON.stringify((await me.api.get('/portal/stock/list')).body)).toContain('SUPME库存备注');
    // the panel counts my one open order, not the neighbour's two
    expect((await ok<{ openOrders: number }>(me.api.get('/portal/panel'))).openOrders).toBe(1);
    const board = await ok<Array<{ supplierId: number; openOrders: number }>>(a.api.get(`/portal/buyer/panel?supplierId=${neighbour.supplierId}`));
    expect(board.map((r) => r.openOrders)).toEqual([2]);
  });

  it('refuses a supplier user every internal route', async () => {
    const doc = JSON.parse((await app.inject({ url: '/docs/json' })).body) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const portal = new Set(supplierRoutes.map((r) => r.url));
    let tried = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const url = path.replace(/^\/api/, '');
      if (portal.has(url) || SUPPLIER_SHELL.has(url) || url.includes('{')) continue;
      for (const [method, op] of Object.entries(ops)) {
        if (!op.security) continue; // public routes need no sign-in
        const r = await (method === 'get' ? me.api.get(url) : method === 'put' ? me.api.put(url) : method === 'delete' ? me.api.delete(url) : me.api.post(url));
        // refused, or stopped by its own input schema before any handler runs
        const status = r.status === 400 && JSON.stringify(r.body).includes('参数错误') ? 403 : r.status;
        expect(status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(403);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect((await me.api.get('/material/list?currentPage=1&pageSize=10')).status).toBe(403);
    expect((await me.api.get('/depotHead/list?currentPage=1&pageSize=10&type=其它&subType=采购订单')).status).toBe(403);
  });

  it('at the SQL level, row-level security keeps one supplier even when a query forgets the filter', async () => {
    const seen = await db.tenant(a.tenantId, async (tx) => {
      await tx.exec(supplierPreamble(me.supplierId));
      return {
        heads: await tx.query<{ organ_id: number }>('/* rls-probe */ select organ_id from depot_head'),
        items: await tx.query<{ id: number }>('/* rls-probe */ select id from depot_item'),
        advices: await tx.query<{ supplier_id: number }>('/* rls-probe */ select supplier_id from arrival_advice'),
        lines: await tx.query<{ supplier_id: number }>('/* rls-probe */ select supplier_id from portal_line'),
        partners: await tx.query<{ id: number }>('/* rls-probe */ select id from partner'),
        plans: await tx.query<{ supplier_id: number }>('/* rls-probe */ select supplier_id from portal_shipping_plan'),
        planLines: await tx.query<{ supplier_id: number }>('/* rls-probe */ select supplier_id from portal_shipping_plan_line'),
        stock: await tx.query<{ supplier_id: number }>('/* rls-probe */ select supplier_id from portal_supplier_stock'),
        // the panel function answers for the session's supplier whatever it is asked for
        panel: await tx.one<{ open_orders: number }>('select open_orders from erp_portal_panel($1)', [neighbour.supplierId]),
        // material rows are not granted: a line's material comes through the checked function, for own lines only
        ownMaterial: await tx.query<{ name: string }>('select name from erp_portal_item_material(array[$1]::bigint[])', [me.itemId]),
        otherMaterial: await tx.query<{ name: string }>('select name from erp_portal_item_material(array[$1]::bigint[])', [neighbour.itemId]),
        // the order list's line counts (read past the line policy): own orders only, whatever ids it is given
        counts: await tx.query<{ header_id: string; lines: number }>('select header_id::text, lines from erp_portal_line_counts($1::bigint[])', [
          [me.order.id, neighbour.order.id, stranger.order.id],
        ]),
      };
    });
    expect(new Set(seen.heads.map((h) => Number(h.organ_id)))).toEqual(new Set([me.supplierId]));
    expect(seen.items.map((i) => Number(i.id))).toEqual([me.itemId]);
    expect(seen.advices.map((x) => Number(x.supplier_id))).toEqual([me.supplierId]);
    expect(seen.lines.map((x) => Number(x.supplier_id))).toEqual([me.supplierId]);
    expect(seen.partners.map((p) => Number(p.id))).toEqual([me.supplierId]);
    for (const rows of [seen.plans, seen.planLines, seen.stock]) expect(rows.map((x) => Number(x.supplier_id))).toEqual([me.supplierId]);
    expect(seen.panel!.open_orders).toBe(1);
    expect(seen.ownMaterial.map((m) => m.name)).toEqual(['SUPME专用料']);
    expect(seen.otherMaterial).toEqual([]);
    expect(seen.counts).toEqual([{ header_id: String(me.order.id), lines: 1 }]);
    // an internal table is not granted at all
    for (const table of ['sys_user', 'material', 'stock_balance'])
      await expect(
        db.tenant(a.tenantId, async (tx) => (await tx.exec(supplierPreamble(me.supplierId)), tx.query(`/* rls-probe */ select * from ${table}`))),
        table,
      ).rejects.toThrow(/permission denied/);
    // a write for another supplier fails the policy's check
    await expect(
      db.tenant(a.tenantId, async (tx) => {
        await tx.exec(supplierPreamble(me.supplierId));
        return tx.query(`insert into portal_progress_log(tenant_id, item_id, supplier_id, percent) values ($1, $2, $3, 1)`, [
          a.tenantId,
          neighbour.itemId,
          neighbour.supplierId,
        ]);
      }),
    ).rejects.toThrow(/row-level security/);
    // the staff's own transaction is not narrowed: the buyer sees both suppliers of its company
    const staff = await db.tenant(a.tenantId, (tx) => tx.query<{ supplier_id: number }>('/* rls-probe */ select distinct supplier_id from arrival_advice'));
    expect(new Set(staff.map((s) => Number(s.supplier_id)))).toEqual(new Set([me.supplierId, neighbour.supplierId]));
  });
});

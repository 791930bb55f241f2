import { describe, expect, it } from 'vitest';
import { client, newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { roleWith, userWith } from '../admin/__tests__/fixtures.ts';
import { future, past, today, ok, supplierWithUser } from '../../portal/__tests__/portal-world.ts';

type Item = { key: string; count?: number; orders?: number; amount?: string | null; link: string };
type Bench = { todos: Item[]; figures: Item[]; shortcuts: Array<{ key: string; link: string }> };
const byKey = (items: Item[]) => Object.fromEntries(items.map((i) => [i.key, i]));

/**
 * 采购工作台: each to-do counted by hand from the documents made here — one request awaiting an order (a draft one
 * does not count), one order to audit, an audited order with one line late and one due this week, an arrival advice
 * to receive, a supplier's proposal to decide, an inbound to audit, an order its portal supplier has not answered
 * (the plain supplier's audited orders do not wait for a confirmation: it has no portal sign-in) — this month's
 * amounts, the shortcuts; a role
 * granted only the workbench and the purchase orders sees only what opens those.
 */
describe('purchase workbench', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'pwb');
  const w = await world(t.api);
  await w.material('采购件', 'PWB-1');
  const now = `${today()} 09:00:00`;
  const inDays = (n: number) => new Date(Date.now() + n * 864e5).toISOString().slice(0, 10);
  await saved(t.api, '其它', '请购单', [line('PWB-1', 6, 0, w.depotA)], { operTime: now, status: '1' });
  await saved(t.api, '其它', '请购单', [line('PWB-1', 1, 0, w.depotA)], { operTime: now, status: '0' });
  await saved(t.api, '其它', '采购订单', [line('PWB-1', 2, 3, w.depotA)], { organId: w.supplier, operTime: now, status: '0' });
  await saved(t.api, '其它', '采购订单', [line('PWB-1', 3, 2, w.depotA)], { organId: w.supplier, operTime: now, deliveryDate: past(), status: '1' });
  await saved(t.api, '其它', '采购订单', [line('PWB-1', 5, 1, w.depotA)], { organId: w.supplier, operTime: now, deliveryDate: inDays(3), status: '1' });
  // a portal supplier: an order whose line it proposes to move, and an advice the buyer has yet to receive
  const sup = await supplierWithUser(app, t.api, '工作台厂');
  const portalOrder = await saved(t.api, '其它', '采购订单', [line('PWB-1', 4, 10, w.depotA)], {
    organId: sup.supplierId,
    operTime: now,
    deliveryDate: future(),
    status: '1',
  });
  const itemId = (await ok<{ rows: Array<{ itemId: number }> }>(sup.api.get(`/portal/order/list?orderId=${portalOrder.id}`))).rows[0]!.itemId;
  await ok(sup.api.post('/portal/order/confirm', { orderId: portalOrder.id, lines: [{ itemId, action: 'propose', qty: 4, date: inDays(30) }] }));
  await ok(sup.api.post('/portal/advice/add', { orderId: portalOrder.id, shipDate: today(), lines: [{ itemId, qty: 1 }] }));
  await saved(t.api, '入库', '采购', [line('PWB-1', 1, 2, w.depotA)], { organId: w.supplier, operTime: now, status: '0' });
  // an order the portal supplier has not answered yet
  const unanswered = await saved(t.api, '其它', '采购订单', [line('PWB-1', 2, 5, w.depotA)], {
    organId: sup.supplierId,
    operTime: now,
    deliveryDate: future(),
    status: '1',
  });
  const counts = async () => Object.fromEntries((await ok<Bench>(t.api.get('/board/purchaseWorkbenchData'))).todos.map((x) => [x.key, x.count]));

  it('counts the to-dos, this month’s figures and gives the shortcuts', async () => {
    const d = await ok<Bench>(t.api.get('/board/purchaseWorkbenchData'));
    const todos = byKey(d.todos);
    expect(Object.fromEntries(d.todos.map((x) => [x.key, x.count]))).toEqual({
      requestsAwaiting: 1,
      ordersToAudit: 1,
      awaitingConfirmation: 1,
      lateLines: 1,
      arrivalsToReceive: 1,
      inboundsToAudit: 1,
      proposalsToDecide: 1,
    });
    expect(todos.lateLines).toMatchObject({ orders: 1, link: '/bill/purchase_order' });
    expect(todos.arrivalsToReceive!.link).toBe('/portal/arrival_advice');
    const f = byKey(d.figures);
    // orders this month: 2×3 + 3×2 + 5×1 + 4×10 + 2×5 = 67 (drafts count, as in the summaries); the draft inbound 1×2
    expect(Number(f.monthOrdered!.amount)).toBe(67);
    expect([Number(f.monthReceived!.amount), f.monthReceived!.count]).toEqual([2, 1]);
    expect(f.openOrders!.count).toBe(4);
    expect(f.openLines!.count).toBe(4);
    expect(f.dueThisWeek!.count).toBe(1);
    expect(d.shortcuts.map((s) => s.link)).toContain('/portal/supplier_performance');
    // deciding the proposal clears that to-do; its accepted date (in 30 days) is the line's due date, not late
    await ok(t.api.post('/portal/buyer/decide', { itemIds: [itemId], accept: true }));
    const after = byKey((await ok<Bench>(t.api.get('/board/purchaseWorkbenchData'))).todos);
    expect([after.proposalsToDecide!.count, after.lateLines!.count]).toEqual([0, 1]);
  });

  it('counts an order as awaiting its supplier until the supplier confirms it, and again after a rejected proposal', async () => {
    expect((await counts()).awaitingConfirmation).toBe(1);
    const itemOf = async () => (await ok<{ rows: Array<{ itemId: number }> }>(sup.api.get(`/portal/order/list?orderId=${unanswered.id}`))).rows[0]!.itemId;
    const item = await itemOf();
    await ok(sup.api.post('/portal/order/confirm', { orderId: unanswered.id, lines: [{ itemId: item, action: 'propose', qty: 1 }] }));
    expect([(await counts()).awaitingConfirmation, (await counts()).proposalsToDecide]).toEqual([0, 1]);
    await ok(t.api.post('/portal/buyer/decide', { itemIds: [item], accept: false }));
    expect([(await counts()).awaitingConfirmation, (await counts()).proposalsToDecide]).toEqual([1, 0]);
    await ok(sup.api.post('/portal/order/confirm', { orderId: unanswered.id, lines: [{ itemId: item, action: 'confirm' }] }));
    expect((await counts()).awaitingConfirmation).toBe(0);
  });

  it('shows a role only what its menus open, without purchase amounts when prices are masked', async () => {
    const role = await roleWith(t.api, { '/board/purchase_workbench': '3', '/bill/purchase_order': '1' });
    expect((await t.api.put('/role/update', { id: role, priceMasking: true })).body.code).toBe(200);
    const clerk = await userWith(app, t.api, [role]);
    const d = await ok<Bench>(clerk.api.get('/board/purchaseWorkbenchData'));
    expect(d.todos.map((x) => x.key)).toEqual(['ordersToAudit', 'awaitingConfirmation', 'lateLines']);
    expect(d.shortcuts.map((x) => x.link)).toEqual(['/bill/purchase_order']);
    expect(byKey(d.figures).monthOrdered!.amount).toBeNull();
    expect((await client(app).get('/board/purchaseWorkbenchData')).status).toBe(401);
    // another company's workbench counts nothing of this one; its user without the workbench's menu is refused
    const x = await newTenant(app, 'pwbx');
    const other = await ok<Bench>(x.api.get('/board/purchaseWorkbenchData'));
    expect(other.todos.every((i) => i.count === 0)).toBe(true);
    const none = await userWith(app, x.api, [await roleWith(x.api, { '/bill/purchase_order': '1' })]);
    expect((await none.api.get('/board/purchaseWorkbenchData')).status).toBe(403);
  });
});

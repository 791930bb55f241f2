import { Decimal } from 'decimal.js';
import type { DemoActivity, DemoApi } from '../../platform/demo/demo-api.ts';

/** The demo supplier user of 演示公司 (issue 22): signs in to the portal as gys_demo / gys123. */
export const DEMO_SUPPLIER_LOGIN = { loginName: 'gys_demo', password: 'gys123' };

const day = (offset: number) => new Date(Date.now() + offset * 864e5).toISOString().slice(0, 10);

/**
 * 演示公司's supplier portal: the supplier of the newest open purchase order gets a portal user (invited, first
 * password set), confirms one order, proposes a later date on another, reports progress and sends two arrival
 * advices; the buyer accepts the proposal and turns the first advice into a draft inbound. All through the API.
 */
export const portalDemoActivity: DemoActivity = async (api) => {
  if (!api.as) return;
  const orders = (await api.get(`/depotHead/list?type=${encodeURIComponent('其它')}&subType=${encodeURIComponent('采购订单')}&status=1,3&pageSize=1`))
    .rows as Array<{
    organId: number;
  }>;
  if (!orders[0]) return;
  // sign-in names are global: a second demo story (another company's, in the tests) takes a name of its own
  const tenantId = (await api.get('/user/infoWithTenant')).tenantId as number;
  const invite = async (loginName: string) =>
    api.post('/portal/user/invite', { supplierId: orders[0]!.organId, loginName, username: '供应商联系人' }).then((r) => ({ ...r, loginName }));
  const sent = await invite(DEMO_SUPPLIER_LOGIN.loginName).catch(() => invite(`${DEMO_SUPPLIER_LOGIN.loginName}_${tenantId}`));
  await api.post('/portal/invite/accept', { token: sent.token, password: DEMO_SUPPLIER_LOGIN.password });
  const sup = await api.as(sent.loginName, DEMO_SUPPLIER_LOGIN.password);
  const lines = (await sup.get('/portal/order/list?open=1&pageSize=100')).rows as Array<{ orderId: number; itemId: number; qty: number; received: number }>;
  const orderIds = [...new Set(lines.map((l) => l.orderId))];
  const of = (id: number | undefined) => lines.filter((l) => l.orderId === id);
  const [first, second, third] = orderIds;
  if (first) await sup.post('/portal/order/confirm', { orderId: first, lines: of(first).map((l) => ({ itemId: l.itemId, action: 'confirm' })) });
  if (second) {
    const [l] = of(second);
    await sup.post('/portal/order/confirm', {
      orderId: second,
      lines: [{ itemId: l!.itemId, action: 'propose', date: day(10), remark: '原料紧张，顺延一周' }],
    });
    await api.post('/portal/buyer/decide', { itemIds: [l!.itemId], accept: true });
    await sup.post('/portal/order/progress', { itemId: l!.itemId, percent: 40, expectedShipDate: day(9), remark: '已排产' });
  }
  for (const [i, id] of [first, third].entries()) {
    const open = of(id).filter((l) => l.qty > l.received);
    if (!id || !open.length) continue;
    const advice = await sup.post('/portal/advice/add', {
      orderId: id,
      shipDate: day(0),
      expectedDate: day(2),
      carrier: '顺丰速运',
      trackingNo: `SF20261${i}0001`,
      lines: open.map((l) => ({ itemId: l.itemId, qty: new Decimal(l.qty).minus(l.received).toFixed() })),
    });
    if (i === 0) await api.post('/portal/buyer/advice/toInbound', { id: advice.id });
  }
  await plansAndStock(api, sup, orders[0].organId);
};

/**
 * The buyer publishes two shipping plans for the supplier's open lines (half next week, the rest the week after;
 * the supplier acknowledges the first, the second waits), and the supplier reports the stock it holds for us.
 */
async function plansAndStock(api: DemoApi, sup: DemoApi, supplierId: number) {
  const open = (await api.get(`/portal/buyer/plan/openLines?supplierId=${supplierId}`)) as Array<{ itemId: number; openQty: number }>;
  const lines = open.slice(0, 4);
  if (!lines.length) return;
  const half = (q: number) => new Decimal(q).div(2).toDecimalPlaces(0, Decimal.ROUND_UP);
  const first = await api.post('/portal/buyer/plan/add', {
    supplierId,
    remark: '月度交货计划',
    lines: lines.map((l) => ({ itemId: l.itemId, planDate: day(7), qty: half(l.openQty).toFixed() })),
  });
  await sup.post('/portal/plan/ack', { id: first.id, remark: '按计划发货' });
  const rest = lines.filter((l) => new Decimal(l.openQty).gt(half(l.openQty)));
  if (rest.length)
    await api.post('/portal/buyer/plan/add', {
      supplierId,
      lines: rest.map((l) => ({ itemId: l.itemId, planDate: day(14), qty: new Decimal(l.openQty).minus(half(l.openQty)).toFixed() })),
    });
  await sup.post('/portal/stock/report', { rows: lines.map((l, i) => ({ itemId: l.itemId, qty: String(50 + i * 20), remark: '成品库' })) });
}

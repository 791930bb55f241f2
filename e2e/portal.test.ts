import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { captureFailure, fillSignIn, newPage, screenshot, settled, signIn, useBrowser } from './support/browser.ts';
import { pane } from './support/documents.ts';
import { rows } from './support/crud.ts';

const browser = useBrowser();
afterEach(captureFailure);

const ok = async <T = any>(p: ReturnType<typeof api>): Promise<T> => {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data as T;
};

describe('supplier portal journey', () => {
  it('a supplier signs in on a phone, confirms an order and sends an arrival advice; the buyer turns it into an inbound', async () => {
    const run = crypto.randomBytes(3).toString('hex');
    const { token } = await apiSignIn('jsh');
    const post = <T = any>(url: string, body: unknown) => ok<T>(api('POST', url, { token, body }));
    const supplierId = (await post<{ id: number }>('/supplier/add', { name: `门户供应商${run}`, type: '供应商' })).id;
    const depotId = (await post<{ id: number }>('/depot/add', { name: `门户仓${run}` })).id;
    await post('/material/add', { name: `门户物料${run}`, unit: '个', barCodes: [{ barCode: `PORTAL${run}`, commodityUnit: '个' }] });
    const today = new Date().toISOString().slice(0, 10);
    const order = await post<{ number: string }>('/depotHead/addDepotHeadAndDetail', {
      info: { type: '其它', subType: '采购订单', operTime: `${today} 08:00:00`, organId: supplierId, status: '1' },
      rows: [{ barCode: `PORTAL${run}`, operNumber: 12, unitPrice: 3.5, depotId }],
    });
    const loginName = `sup${run}`;
    const invite = await post<{ link: string }>('/portal/user/invite', { supplierId, loginName, username: `供应商联系人${run}` });
    // the buyer's shipping plan for the order's line (published through the API: the API tests cover its form)
    const future = new Date(Date.now() + 7 * 864e5).toISOString().slice(0, 10);
    const [line] = await ok<Array<{ itemId: number }>>(api('GET', `/portal/buyer/plan/openLines?supplierId=${supplierId}`, { token }));
    const plan = await post<{ number: string }>('/portal/buyer/plan/add', { supplierId, lines: [{ itemId: line!.itemId, planDate: future, qty: 12 }] });
    // a second plan the buyer will cancel before the supplier acknowledges it
    const dropped = await post<{ number: string }>('/portal/buyer/plan/add', { supplierId, lines: [{ itemId: line!.itemId, planDate: future, qty: 5 }] });

    // the supplier, on a phone: first password from the invitation link, then sign in and land on the portal
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    try {
      await page.goto(invite.link);
      await page.getByTestId('invite-password').fill('abc123');
      await page.getByTestId('invite-submit').click();
      await page.getByText(loginName).waitFor();
      await page.goto('/user/login');
      await fillSignIn(page, loginName, 'abc123');
      await page.waitForURL('**/supplier');
      const card = page.getByTestId('portal-order').filter({ hasText: order.number });
      await card.waitFor();
      await card.getByTestId('portal-confirm-all').click();
      await card.getByText('已确认').waitFor();
      await screenshot(page, 'portal-supplier-orders-phone');
      await card.getByTestId('portal-ship').click();
      const drawer = page.getByTestId('portal-ship-drawer');
      await drawer.getByTestId('portal-carrier').fill('顺丰速运');
      await drawer.getByTestId('portal-tracking').fill(`SF${run}`);
      expect(await drawer.locator('input[data-testid="portal-ship-qty"], [data-testid="portal-ship-qty"] input').first().inputValue()).toBe('12');
      await screenshot(page, 'portal-ship-drawer-phone');
      await drawer.getByTestId('portal-send-advice').click();
      await drawer.waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: '发货通知' }).click();
      await page.getByTestId('portal-advice').filter({ hasText: order.number }).getByText('已发货').waitFor();
      // the shipping plan: acknowledged; the stock it holds for us: reported; its own panel
      await page.getByRole('tab', { name: '发货计划' }).click();
      const planCard = page.getByTestId('portal-plan').filter({ hasText: plan.number, hasNotText: dropped.number });
      await planCard.getByTestId('portal-plan-ack').click();
      await planCard.getByText('已确认').waitFor();
      await screenshot(page, 'portal-plans-phone');
      await page.getByRole('tab', { name: '库存' }).click();
      await page.locator('input[data-testid="portal-stock-qty"], [data-testid="portal-stock-qty"] input').first().fill('25');
      await page.getByTestId('portal-stock-send').click();
      await page.getByTestId('portal-stock').getByText('库存数量 25').waitFor();
      await page.getByRole('tab', { name: '看板' }).click();
      await page.getByTestId('portal-panel').getByText('未完成订单').waitFor();
      await screenshot(page, 'portal-panel-phone');
      // the same page in English
      await page.getByTestId('lang-switch').click();
      await page.locator('[data-lang="en-US"]').click();
      await page.getByRole('tab', { name: 'Arrival advice' }).click();
      await page.getByTestId('portal-advice').filter({ hasText: order.number }).getByText('Shipped').waitFor();
      await settled(page);
      await screenshot(page, 'portal-advices-phone-en');
    } finally {
      await context.close();
    }

    // the buyer turns the advice into a draft purchase inbound
    const buyer = await newPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(buyer.page, 'jsh');
      await buyer.page.goto('/portal/arrival_advice');
      const row = rows(pane(buyer.page, '/portal/arrival_advice')).filter({ hasText: order.number });
      await row.getByTestId('advice-to-inbound').click();
      await row.getByText('已收货').waitFor();
      await screenshot(buyer.page, 'portal-buyer-advices');
      // the plan acknowledged, the stock reported, the supplier on the panel
      await buyer.page.goto('/portal/shipping_plan');
      const planRows = rows(pane(buyer.page, '/portal/shipping_plan'));
      await planRows.filter({ hasText: plan.number }).getByText('已确认').waitFor();
      // an acknowledged plan offers no edit; the other one is cancelled with a reason
      expect(await planRows.filter({ hasText: plan.number }).getByTestId('plan-edit').count()).toBe(0);
      await planRows.filter({ hasText: dropped.number }).getByTestId('plan-cancel').click();
      await buyer.page.getByTestId('plan-cancel-reason').fill('交期调整，合并发货');
      await buyer.page.getByTestId('plan-cancel-ok').click();
      await planRows.filter({ hasText: dropped.number }).getByText('已取消').waitFor();
      await screenshot(buyer.page, 'portal-buyer-plans');
      await buyer.page.goto('/portal/supplier_inventory');
      await rows(pane(buyer.page, '/portal/supplier_inventory'))
        .filter({ hasText: `门户物料${run}` })
        .getByRole('cell', { name: '25', exact: true })
        .waitFor();
      await buyer.page.goto('/portal/panel');
      await rows(pane(buyer.page, '/portal/panel'))
        .filter({ hasText: `门户供应商${run}` })
        .waitFor();
      await screenshot(buyer.page, 'portal-buyer-panel');
      // supplier performance: the supplier has a row (its order this period); the purchase workbench lists the to-dos
      await buyer.page.goto('/portal/supplier_performance');
      await rows(pane(buyer.page, '/portal/supplier_performance'))
        .filter({ hasText: `门户供应商${run}` })
        .waitFor();
      await settled(buyer.page);
      await screenshot(buyer.page, 'portal-supplier-performance');
      await buyer.page.goto('/board/purchase_workbench');
      await buyer.page.getByTestId('pw-todo-ordersToAudit').waitFor();
      await buyer.page.getByTestId('pw-todo-awaitingConfirmation').getByText('待供应商确认订单').waitFor();
      await buyer.page.getByTestId('pw-go-performance').waitFor();
      await settled(buyer.page);
      await screenshot(buyer.page, 'purchase-workbench');
      await buyer.page.setViewportSize({ width: 390, height: 844 });
      await settled(buyer.page);
      await screenshot(buyer.page, 'purchase-workbench-phone');
      // in English (the language lives in this browser's storage only)
      await buyer.page.getByTestId('lang-switch').click();
      await buyer.page.locator('.ant-popover:visible [data-lang="en-US"]').last().click();
      await buyer.page.getByTestId('pw-todo-awaitingConfirmation').getByText('Orders awaiting supplier confirmation').waitFor();
      await settled(buyer.page);
      await screenshot(buyer.page, 'purchase-workbench-phone-en');
    } finally {
      await buyer.context.close();
    }
    const inbound = await ok<{ rows: Array<{ linkNumber: string; status: string }> }>(
      api(
        'GET',
        `/depotHead/list?currentPage=1&pageSize=10&type=${encodeURIComponent('入库')}&subType=${encodeURIComponent('采购')}&linkNumber=${order.number}`,
        { token },
      ),
    );
    expect(inbound.rows.length).toBe(1);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { captureFailure, newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { chooseLanguage, go } from './support/shell.ts';
import { pane } from './support/crud.ts';

const browser = useBrowser();
afterEach(captureFailure);

describe('dashboards journey', () => {
  it('opens the early warning, operations and workbench boards (zh, en, phone), a figure opening its list, and the plugin switch', async () => {
    const { token } = await apiSignIn('jsh');
    const warning = (await api('GET', '/board/warningData', { token })).body.data as { figures: Array<{ key: string; count: number; link: string }> };
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'jsh');
      await go(page, '/board/warning');
      const board = pane(page, '/board/warning').getByTestId('board-warning');
      await board.getByTestId('chart-warning').waitFor();
      // every figure of the server is on the board, with its count
      for (const f of warning.figures) await expect.poll(() => board.getByTestId(`warn-${f.key}`).textContent()).toContain(String(f.count));
      await screenshot(page, 'dashboards-warning-zh');
      // a figure opens its list
      await board.getByTestId('warn-lateSaleOrders').click();
      await page.waitForURL('**/bill/sale_order');
      await pane(page, '/bill/sale_order').getByTestId('bill-list').waitFor();

      await go(page, '/board/operations');
      const ops = pane(page, '/board/operations').getByTestId('board-operations');
      // the demo's four months of trading fill the 30-day chart
      await ops.locator('[data-testid="chart-days"][data-has-data] canvas').waitFor();
      await screenshot(page, 'dashboards-operations-zh');

      await chooseLanguage(page, 'en-US');
      await go(page, '/board/workbench');
      const wb = pane(page, '/board/workbench').getByTestId('board-workbench');
      // the global workbench shows my approval to-dos as the workflow counts them
      const todoCount = async () => String(((await api('GET', '/workflow/task/todoCount', { token })).body.data as { count: number }).count);
      await expect.poll(async () => ((await wb.getByTestId('wb-todo').textContent()) ?? '').includes(await todoCount())).toBe(true);
      await wb.getByText('Awaiting my approval').waitFor();
      await screenshot(page, 'dashboards-workbench-global-en');
      await wb.getByRole('tab', { name: 'Warehouse' }).click();
      await wb.getByTestId('wb-todayOutQty').waitFor();
      await wb.getByText('Shipped today').waitFor();
      await screenshot(page, 'dashboards-workbench-en');
      await chooseLanguage(page, 'zh-CN');

      await go(page, '/system/plugin');
      const plugins = pane(page, '/system/plugin');
      await plugins.getByTestId('plugin-crm').waitFor();
      expect(await plugins.getByTestId('plugin-crm').getAttribute('aria-checked')).toBe('true');
      await screenshot(page, 'dashboards-plugins-zh');
    } finally {
      await context.close();
    }
    const phone = await newPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(phone.page, 'jsh');
      await go(phone.page, '/board/warning');
      await pane(phone.page, '/board/warning').getByTestId('chart-warning').waitFor();
      await screenshot(phone.page, 'dashboards-warning-phone');
    } finally {
      await phone.context.close();
    }
  });
  it('opens the procurement board (zh, en, phone): the months chart filled by the demo, a figure opening its list', async () => {
    const { token } = await apiSignIn('jsh');
    const data = (await api('GET', '/board/procurementData', { token })).body.data as { openOrders: number; requestsAwaiting: number };
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'jsh');
      await go(page, '/board/procurement');
      const board = pane(page, '/board/procurement').getByTestId('board-procurement');
      await board.locator('[data-testid="chart-purchase-months"][data-has-data] canvas').waitFor();
      await expect.poll(() => board.getByTestId('proc-openOrders').textContent()).toContain(String(data.openOrders));
      await expect.poll(() => board.getByTestId('proc-requests').textContent()).toContain(String(data.requestsAwaiting));
      await board.locator('[data-testid="chart-suppliers"][data-has-data] canvas').waitFor();
      await screenshot(page, 'dashboards-procurement-zh');
      await chooseLanguage(page, 'en-US');
      await board.getByText('Open purchase orders').first().waitFor();
      await screenshot(page, 'dashboards-procurement-en');
      await chooseLanguage(page, 'zh-CN');
      await board.getByTestId('proc-requests').click();
      await page.waitForURL('**/bill/purchase_apply');
      await pane(page, '/bill/purchase_apply').getByTestId('bill-list').waitFor();
    } finally {
      await context.close();
    }
    const phone = await newPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(phone.page, 'jsh');
      await go(phone.page, '/board/procurement');
      await pane(phone.page, '/board/procurement').locator('[data-testid="chart-purchase-months"][data-has-data] canvas').waitFor();
      await screenshot(phone.page, 'dashboards-procurement-phone');
    } finally {
      await phone.context.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { chooseLanguage, go, toast } from './support/shell.ts';
import { pane, rows } from './support/crud.ts';
import { choose } from './support/documents.ts';

const browser = useBrowser();

describe('shop floor', () => {
  it('a clerk scans a work order, starts it, reports 10 good and 1 scrap; its progress and the production panel move', async () => {
    const { token } = await apiSignIn('jsh');
    const ok = async (method: string, url: string, body?: unknown) => {
      const r = await api(method, url, { token, body });
      expect(r.body.code, `${url} ${JSON.stringify(r.body)}`).toBe(200);
      return r.body.data;
    };
    const tag = `${Date.now() % 100000000}`;
    const product = (await ok('POST', '/material/add', { name: `工作台${tag}`, unit: '个', barCodes: [{ barCode: `SF${tag}`, commodityUnit: '个' }] })).id;
    const centre = (await ok('POST', '/workCentre/add', { name: `焊接${tag}`, kind: 'centre', capacity: 1, costPerHour: 40 })).id;
    const proc = (await ok('POST', '/process/add', { name: `焊接${tag}`, workCentreId: centre })).id;
    const route = (
      await ok('POST', '/route/add', {
        name: `工作台路线${tag}`,
        operations: [{ seq: 10, processId: proc, workCentreId: centre, setupMinutes: 0, runMinutes: 5 }],
      })
    ).id;
    const steel = (
      await ok('POST', '/material/add', { name: `钢管${tag}`, unit: '根', barCodes: [{ barCode: `SG${tag}`, commodityUnit: '根', purchaseDecimal: 8 }] })
    ).id;
    await ok('POST', '/bom/add', {
      materialId: product,
      version: 'V1',
      qty: 1,
      isDefault: true,
      routeId: route,
      lines: [{ seq: 1, materialId: steel, qty: 6 }],
    });
    await ok('POST', '/defectType/add', { name: `气孔${tag}`, code: `QK${tag}` });
    const mo = (
      await ok('POST', '/makeOrder/add', {
        orderType: 'stock',
        orderDate: new Date().toISOString().slice(0, 10),
        lines: [{ lineType: 'product', materialId: product, quantity: 20 }],
      })
    ).id;
    await ok('POST', '/makeOrder/release', { id: mo });
    const wo = ((await ok('GET', `/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: mo }))}`)).rows as Array<{ woNo: string }>)[0];
    const before = (await ok('GET', '/shopfloor/panel')).today;

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await go(page, '/productionManagement/reporting');
    const ws = pane(page, '/productionManagement/reporting');
    // a keyboard-wedge scanner types the code and Enter
    await ws.getByTestId('sf-scan').locator('input').fill(wo.woNo);
    await ws.getByTestId('sf-scan').locator('input').press('Enter');
    await ws.getByTestId('sf-card').getByText(wo.woNo).waitFor();
    await ws.getByTestId('sf-start').click();
    await expect.poll(() => ws.getByTestId('sf-status').textContent()).toBe('进行中');
    await ws.getByTestId('sf-good-input').fill('10');
    await ws.getByTestId('sf-scrap-input').fill('1');
    await choose(page, ws.getByTestId('sf-defect').locator('.ant-select'), `气孔${tag}`);
    await ws.getByTestId('sf-report').click();
    await toast(page, '报工成功').waitFor();
    await expect.poll(() => ws.getByTestId('sf-good').textContent()).toBe('10');
    await expect.poll(() => ws.getByTestId('sf-progress').textContent()).toContain('50%');
    await screenshot(page, 'shopfloor-workstation');
    // 补报: the switch dates the report (yesterday 17:00 to begin with): before this release, so refused, nothing written
    await ws.getByTestId('sf-backdate').click();
    await ws.getByTestId('sf-report-time').waitFor();
    await ws.getByTestId('sf-good-input').fill('2');
    await ws.getByTestId('sf-report').click();
    await toast(page, `补报时间不能早于工单 ${wo.woNo} 的下达时间`).waitFor();
    await screenshot(page, 'shopfloor-workstation-backdate');
    await ws.getByTestId('sf-backdate').click();
    expect(await ws.getByTestId('sf-good').textContent()).toBe('10');

    await go(page, '/manufacture/panel');
    const panel = pane(page, '/manufacture/panel');
    await expect
      .poll(async () => Number((await panel.getByTestId('sf-today').locator('.ant-statistic-content-value').textContent())?.replace(/,/g, '')))
      .toBe(before.goodQty + 10);
    await expect
      .poll(async () => Number(await panel.getByTestId('sf-today-scrap').locator('.ant-statistic-content-value').textContent()))
      .toBe(before.scrapQty + 1);
    await panel.locator('canvas').first().waitFor();
    await screenshot(page, 'shopfloor-panel');

    // 生产订单看板: the make order made 10 of 20 (its only operation's good units)
    const moNo = ((await ok('GET', `/makeOrder/info?id=${mo}`)) as { moNo: string }).moNo;
    await go(page, '/manufacture/order_board');
    const board = pane(page, '/manufacture/order_board');
    await board.getByTestId('ob-find').locator('input').fill(moNo);
    await board.getByTestId('ob-find').locator('input').press('Enter');
    const order = rows(board).filter({ hasText: moNo });
    await expect.poll(() => order.textContent()).toMatch(/10 \/ 20.*50%/);
    await screenshot(page, 'shopfloor-order-board');

    // 生产任务: the same work order in the task list, with its progress; pausing it there
    await go(page, '/manufacture/production_task');
    const tasks = pane(page, '/manufacture/production_task');
    await tasks.getByPlaceholder('工单号').fill(wo.woNo);
    await tasks
      .getByRole('button', { name: '查 询' })
      .or(tasks.getByRole('button', { name: '查询' }))
      .click();
    const row = rows(tasks).filter({ hasText: wo.woNo });
    await expect.poll(() => row.getByTestId('task-progress').textContent()).toContain('50%');
    await row.getByTestId('task-pause').click();
    await toast(page, '操作成功').waitFor();
    await row.getByTestId('task-resume').waitFor();
    await screenshot(page, 'shopfloor-tasks');

    // 日排产: the day the work order is planned on, its work centre's card lists it (paused)
    const planned = (
      (await ok('GET', `/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: mo }))}`)).rows as Array<{ plannedStart: string }>
    )[0];
    await go(page, '/manufacture/day_schedule');
    const day = pane(page, '/manufacture/day_schedule');
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
    const ahead = Math.round((new Date(`${planned.plannedStart.slice(0, 10)}T00:00:00Z`).getTime() - today) / 86400000);
    for (let i = 0; i < ahead; i++) await day.getByTestId('day-next').click();
    const centreCard = day.getByTestId('day-centre').filter({ hasText: `焊接${tag}` });
    await centreCard.getByText(wo.woNo).waitFor();
    await centreCard.getByText('已暂停').waitFor();
    await screenshot(page, 'shopfloor-day-schedule');
    await context.close();
  });

  it('the workstation and the panel at phone width, in English', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await signIn(page, 'jsh');
    await chooseLanguage(page, 'en-US');
    await go(page, '/productionManagement/reporting');
    await pane(page, '/productionManagement/reporting').getByText('Scan a work order barcode').waitFor();
    await screenshot(page, 'shopfloor-workstation-phone-en');
    await go(page, '/manufacture/panel');
    await pane(page, '/manufacture/panel').getByText('Output, last 14 days').waitFor();
    await screenshot(page, 'shopfloor-panel-phone-en');
    await go(page, '/manufacture/order_board');
    await pane(page, '/manufacture/order_board').getByText('Open orders').waitFor();
    await screenshot(page, 'shopfloor-order-board-phone-en');
    await go(page, '/manufacture/day_schedule');
    await pane(page, '/manufacture/day_schedule').getByRole('button', { name: 'Schedule again' }).waitFor();
    await screenshot(page, 'shopfloor-day-schedule-phone-en');
    await go(page, '/manufacture/production_task');
    await rows(pane(page, '/manufacture/production_task')).first().getByTestId('task-progress').waitFor();
    await screenshot(page, 'shopfloor-tasks-phone-en');
    await chooseLanguage(page, 'zh-CN');
    await context.close();
  });
});

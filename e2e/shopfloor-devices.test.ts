import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { chooseLanguage, go, toast } from './support/shell.ts';
import type { Locator } from 'playwright-core';
import { option, pane, rows } from './support/crud.ts';

const browser = useBrowser();

describe('shop floor: device inspection and the CMT report', () => {
  it('creates the due inspection tasks from the plan screen; tasks, the CMT report, spare parts on a repair and a work order’s outsourcing show; phone width in English', async () => {
    const { token } = await apiSignIn('jsh');
    const ok = async (method: string, url: string, body?: unknown) => {
      const r = await api(method, url, { token, body });
      expect(r.body.code, `${url} ${JSON.stringify(r.body)}`).toBe(200);
      return r.body.data;
    };
    const tag = `${Date.now() % 100000000}`;
    const type = (await ok('POST', '/deviceType/add', { name: `注塑机${tag}` })).id;
    await ok('POST', '/deviceInspectionItem/add', { deviceTypeId: type, name: '油温', valueKind: 'range', lowerLimit: 30, upperLimit: 55, unit: '℃' });
    const dev = (await ok('POST', '/device/add', { code: `ZS${tag}`, name: `注塑机${tag}`, deviceTypeId: type, status: 'running' })).id;
    const start = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    await ok('POST', '/deviceInspectionPlan/add', { name: `周点检${tag}`, deviceId: dev, every: 1, unit: 'week', startDate: start });

    // something sent to an outsourcing supplier for the CMT report
    const own = (await ok('POST', '/depot/add', { name: `原料仓${tag}` })).id;
    const held = (await ok('POST', '/depot/add', { name: `委外仓${tag}` })).id;
    const supplier = (await ok('POST', '/supplier/add', { name: `喷涂厂${tag}`, type: '供应商' })).id;
    const blank = (
      await ok('POST', '/material/add', {
        name: `毛坯${tag}`,
        unit: '个',
        barCodes: [{ barCode: `MP${tag}`, commodityUnit: '个', purchaseDecimal: 5 }],
        stocks: [{ depotId: own, initNumber: 20 }],
      })
    ).id;
    await ok('POST', '/shopfloor/outsource/send', { supplierId: supplier, fromDepotId: own, supplierDepotId: held, lines: [{ materialId: blank, qty: '12' }] });

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await go(page, '/device/inspection_plan');
    const plans = pane(page, '/device/inspection_plan');
    await rows(plans)
      .filter({ hasText: `周点检${tag}` })
      .waitFor();
    await plans.getByTestId('inspection-generate').click();
    await toast(page, '已生成点检任务').waitFor();
    await screenshot(page, 'shopfloor-inspection-plans');
    await go(page, '/device/inspection_task');
    const tasks = pane(page, '/device/inspection_task');
    await expect
      .poll(() =>
        rows(tasks)
          .filter({ hasText: `ZS${tag}` })
          .count(),
      )
      .toBeGreaterThanOrEqual(2);
    await rows(tasks)
      .filter({ hasText: `ZS${tag}` })
      .first()
      .getByText('待点检')
      .waitFor();
    await screenshot(page, 'shopfloor-inspection-tasks');
    await go(page, '/manufacture/cmt_report');
    const cmt = pane(page, '/manufacture/cmt_report');
    // sent 12, held 12 at the supplier
    await expect
      .poll(() =>
        rows(cmt)
          .filter({ hasText: `喷涂厂${tag}` })
          .filter({ hasText: `毛坯${tag}` })
          .locator('td')
          .allTextContents(),
      )
      .toEqual([`喷涂厂${tag}`, `毛坯${tag}`, '12', '0', '0', '12', '0.00', '0.00', '0.00']);
    await screenshot(page, 'shopfloor-cmt-report');

    // spare parts on a repair: 2 blanks at 5 from the own warehouse
    const repairNo = `WX${tag}`;
    await ok('POST', '/repairOrder/add', { repairNo, deviceId: dev, fault: '油温过高', status: 'repairing' });
    await go(page, '/device/repair');
    const repairs = pane(page, '/device/repair');
    await rows(repairs).filter({ hasText: repairNo }).getByTestId('repair-parts').click();
    const form = page.getByTestId('repair-parts-form');
    const pick = async (select: Locator, text: string) => {
      for (let attempt = 1; ; attempt++) {
        await select.click();
        await page.keyboard.type(text);
        await option(page, text).click();
        try {
          await expect.poll(() => select.textContent(), { timeout: 10_000 }).toContain(text);
          return;
        } catch (e) {
          if (attempt >= 3) throw e;
          await page.keyboard.press('Escape');
        }
      }
    };
    await pick(form.locator('.ant-select').nth(0), `原料仓${tag}`);
    await pick(form.locator('.ant-select').nth(1), `毛坯${tag}`);
    await form.locator('input[inputmode="decimal"]').fill('2');
    await page.getByTestId('repair-issue').click();
    await toast(page, '备件领用成功').waitFor();
    await expect.poll(() => page.getByTestId('repair-cost').textContent()).toContain('10.00');
    await screenshot(page, 'shopfloor-repair-parts');
    await page.keyboard.press('Escape');

    // a work order's outsourcing: 3 blanks sent out for it, listed from its row
    const wo = ((await ok('GET', '/workOrder/list?currentPage=1&pageSize=1')).rows as Array<{ id: number; woNo: string }>)[0];
    const sent = await ok('POST', '/shopfloor/outsource/send', {
      supplierId: supplier,
      fromDepotId: own,
      supplierDepotId: held,
      lines: [{ materialId: blank, qty: '3' }],
      workOrderId: wo.id,
    });
    await go(page, '/productionManagement/workOrder');
    const wos = pane(page, '/productionManagement/workOrder');
    await wos.getByPlaceholder('工单号').fill(wo.woNo);
    await wos
      .getByRole('button', { name: '查 询' })
      .or(wos.getByRole('button', { name: '查询' }))
      .click();
    await rows(wos).filter({ hasText: wo.woNo }).getByTestId('wo-outsourcing').click();
    await page
      .getByTestId('wo-outsourcing-docs')
      .getByText(sent.number as string)
      .waitFor();
    await page.getByTestId('wo-outsourcing-docs').getByText(`喷涂厂${tag}`).waitFor();
    await screenshot(page, 'shopfloor-work-order-outsourcing');
    await context.close();

    const phone = await newPage(browser(), { width: 390, height: 844 });
    await signIn(phone.page, 'jsh');
    await chooseLanguage(phone.page, 'en-US');
    await go(phone.page, '/manufacture/cmt_report');
    await pane(phone.page, '/manufacture/cmt_report').getByRole('columnheader', { name: 'Held at supplier' }).waitFor();
    await screenshot(phone.page, 'shopfloor-cmt-report-phone-en');
    await go(phone.page, '/device/inspection_plan');
    await pane(phone.page, '/device/inspection_plan').getByText('Create due inspection tasks').waitFor();
    await screenshot(phone.page, 'shopfloor-inspection-plans-phone-en');
    await phone.context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { chooseLanguage, go, toast } from './support/shell.ts';
import { choose, pane } from './support/documents.ts';

const browser = useBrowser();
const CUSTOMER = '星辰商贸有限公司';
const OLD_MONTH = '2020-01';

async function signedIn() {
  const { token } = await apiSignIn('jsh');
  const call = (method: string, url: string, body?: unknown) => api(method, url, { token, body });
  const ok = async (method: string, url: string, body?: unknown) => {
    const r = await call(method, url, body);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  return { call, ok };
}

describe('finance close', () => {
  it('invoices part of a delivered sale and shows it beside its receipt in 核销明细', async () => {
    const { ok } = await signedIn();
    const barCode = `INV${Date.now() % 100000000}`;
    await ok('POST', '/material/add', { name: `开票测试${barCode}`, unit: '个', barCodes: [{ barCode, commodityUnit: '个' }] });
    const partners = (await ok('GET', '/supplier/findBySelect_organ')) as { id: number; name: string }[];
    const customer = partners.find((p) => p.name === CUSTOMER)!.id;
    const supplier = partners.find((p) => p.name === '华东电子供应有限公司')!.id;
    const depotId = ((await ok('GET', '/depot/list?pageSize=10')).rows as { id: number }[])[0].id;
    const accountId = ((await ok('GET', '/account/getAccount')) as { id: number }[])[0].id;
    const when = new Date().toISOString().slice(0, 10) + ' 08:00:00';
    const save = (subType: string, type: string, organId: number) =>
      ok('POST', '/depotHead/addDepotHeadAndDetail', {
        info: { type, subType, operTime: when, organId },
        rows: [{ barCode, operNumber: 5, unitPrice: 12.99, taxRate: 13, depotId }],
      });
    await save('采购', '入库', supplier);
    const sale = (await save('销售', '出库', customer)) as { id: number; number: string };
    const receipt = (await ok('POST', '/accountHead/addAccountHeadAndDetail', {
      info: { type: '收款', billTime: when, organId: customer, accountId },
      rows: [{ billId: sale.id, eachAmount: 20 }],
    })) as { number: string };

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await go(page, '/financial/receivable_invoice');
    const screen = pane(page, '/financial/receivable_invoice');
    await screen.getByTestId('inv-add').click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('inv-sums') });
    await choose(page, modal.getByTestId('inv-partner'), CUSTOMER);
    // 3 of the 5 delivered: 3 × 12.99 = 38.97, tax 5.07, total 44.04
    await modal.getByTestId(`inv-qty-${sale.number}`).fill('3');
    await expect.poll(() => modal.getByTestId('inv-sums').textContent()).toContain('44.04');
    await screenshot(page, 'finance-invoice-form');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await toast(page, '已开票').waitFor();
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: sale.number });
    await expect.poll(() => row.textContent()).toContain('44.04');

    await go(page, '/financial/write_off_detail');
    const report = pane(page, '/financial/write_off_detail');
    const settled = report.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: receipt.number }).filter({ hasText: sale.number });
    await expect.poll(() => settled.locator('[data-col="invoices"]').textContent()).toMatch(/^XSFP/);
    expect(await settled.locator('[data-col="settled"]').textContent()).toBe('20.00');
    await screenshot(page, 'finance-write-off-detail');
    await context.close();
  });

  it('closes an old month at phone width (English), sees a back-dated sale refused, and reopens it with a reason', async () => {
    const { call, ok } = await signedIn();
    // a retried run may find the month still closed
    await call('POST', '/finance/period/reopen', { period: OLD_MONTH, reason: 'journey retry' });
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await signIn(page, 'jsh');
    await chooseLanguage(page, 'en-US');
    await go(page, '/financial/period_close');
    const screen = pane(page, '/financial/period_close');
    const picker = screen.getByTestId('period-through');
    // on a phone the month is picked, not typed: back year by year to the old month's, then its cell
    await picker.click();
    const panel = page.locator('.ant-picker-dropdown:visible');
    const year = OLD_MONTH.slice(0, 4);
    while ((await panel.locator('.ant-picker-year-btn').textContent()) !== year) await panel.locator('.ant-picker-header-super-prev-btn').click();
    await panel.locator(`td[title="${OLD_MONTH}"]`).click();
    await expect.poll(() => picker.inputValue()).toBe(OLD_MONTH); // antd puts the test id on the input itself
    await panel.waitFor({ state: 'hidden' });
    await screen.getByTestId('period-close-through').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await toast(page, `Closed: ${OLD_MONTH}`).waitFor();
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: OLD_MONTH });
    await expect.poll(() => row.textContent()).toContain('Closed');
    await screenshot(page, 'finance-period-closed-mobile');
    // closing it again is refused, and the refusal is shown (it was once swallowed by the page)
    await screen.getByTestId('period-close-through').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await toast(page, `账期 ${OLD_MONTH} 已结账`).waitFor();

    const depotId = ((await ok('GET', '/depot/list?pageSize=10')).rows as { id: number }[])[0].id;
    const barCode = `CLS${Date.now() % 100000000}`;
    await ok('POST', '/material/add', { name: `结账测试${barCode}`, unit: '个', barCodes: [{ barCode, commodityUnit: '个' }] });
    const back = await call('POST', '/depotHead/addDepotHeadAndDetail', {
      info: { type: '入库', subType: '其它', operTime: `${OLD_MONTH}-15 10:00:00` },
      rows: [{ barCode, operNumber: 1, unitPrice: 1, depotId }],
    });
    expect(back.body.data.message).toContain(`账期 ${OLD_MONTH} 已结账`);

    await row.getByTestId('period-reopen').click();
    await page.getByTestId('period-reason').fill('journey: reopen after the check');
    await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
    await toast(page, `Reopened ${OLD_MONTH}`).waitFor();
    await expect.poll(() => row.textContent()).toContain('journey: reopen after the check');
    await screenshot(page, 'finance-period-reopened-mobile');
    // the financial workbench at phone width, in English: the months to close are a to-do
    await go(page, '/financial/workbench');
    const bench = pane(page, '/financial/workbench').getByTestId('finance-workbench');
    await expect.poll(() => bench.getAttribute('data-updated')).not.toBe('0');
    await expect.poll(() => bench.getByTestId('finwb-to-close').textContent()).toContain('Months to close');
    await screenshot(page, 'finance-workbench-mobile');
    await context.close();
  });
});

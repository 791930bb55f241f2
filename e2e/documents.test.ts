import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { toast } from './support/shell.ts';
import { choosePartner, newDocument, pane, scanLine } from './support/documents.ts';

const browser = useBrowser();

describe('inventory documents', () => {
  it('purchase order by barcode → purchase inbound from the order → sale outbound; stock and order status follow', async () => {
    const { token } = await apiSignIn('jsh');
    const barCode = `E2E${Date.now() % 100000000}`;
    const made = await api('POST', '/material/add', {
      token,
      body: { name: `单据测试${barCode}`, unit: '个', barCodes: [{ barCode, commodityUnit: '个', purchaseDecimal: 5, wholesaleDecimal: 9 }] },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');

    // purchase order: scan, 10 at 5, save and audit
    let modal = await newDocument(page, '/bill/purchase_order', 'purchaseOrder');
    await choosePartner(page, modal, '华东电子供应有限公司');
    const line = await scanLine(modal, barCode, '10', '5');
    await expect.poll(() => line.getByTestId('line-amount').textContent()).toBe('50.00');
    await screenshot(page, 'bill-form');
    await modal.getByTestId('bill-save-audit').click();
    await toast(page, '保存成功').waitFor();
    const orders = pane(page, '/bill/purchase_order')
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: `单据测试${barCode}` });
    await orders.getByTestId('bill-status').filter({ hasText: '已审核' }).waitFor();
    const orderNumber = (await orders.locator('td').nth(1).textContent())!.trim();
    expect(orderNumber).toMatch(/^CGDD\d{12}$/);

    // purchase inbound made from the order: its open lines come over
    modal = await newDocument(page, '/bill/purchase_in', 'purchaseIn');
    await modal.getByTestId('bill-link').click();
    await page.getByTestId('link-table').locator('.ant-table-row').filter({ hasText: orderNumber }).click();
    await page.getByTestId('link-ok').click();
    await expect.poll(() => modal.getByTestId('bill-link-number').inputValue()).toBe(orderNumber);
    await expect.poll(() => modal.locator('.ant-table-row').filter({ hasText: barCode }).getByTestId('line-operNumber').inputValue()).toBe('10');
    await modal.getByTestId('bill-save').click();
    await toast(page, '保存成功').waitFor();
    await modal.waitFor({ state: 'hidden' });

    // sale outbound of 4 at 9
    modal = await newDocument(page, '/bill/sale_out', 'saleOut');
    await choosePartner(page, modal, '星辰商贸有限公司');
    await scanLine(modal, barCode, '4', '9');
    await modal.getByTestId('bill-save').click();
    await toast(page, '保存成功').waitFor();
    await modal.waitFor({ state: 'hidden' });
    const sales = pane(page, '/bill/sale_out')
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: `单据测试${barCode}` });
    await sales.getByTestId('bill-status').waitFor();
    expect(await pane(page, '/bill/sale_out').locator('.ant-pagination-total-text').textContent()).toMatch(/^\d+-\d+ 共 \d+ 条$/);
    await screenshot(page, 'bill-list');

    const stock = await api('GET', `/report/materialStock?materialParam=${barCode}`, { token });
    const total = (stock.body.data.rows as Array<{ qty: number }>).reduce((s, r) => s + Number(r.qty), 0);
    expect(total).toBe(6);
    const order = await api('GET', `/depotHead/getDetailByNumber?number=${orderNumber}`, { token });
    expect(order.body.data.status).toBe('2');
    await context.close();
  });
});

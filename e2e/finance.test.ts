import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { go, toast } from './support/shell.ts';
import { choose, pane } from './support/documents.ts';

const browser = useBrowser();

describe('finance', () => {
  it('a sale on credit, then its receipt in the 收款单 screen: the arrears drop by what was received', async () => {
    const { token } = await apiSignIn('jsh');
    const barCode = `FIN${Date.now() % 100000000}`;
    const ok = async (method: string, url: string, body?: unknown) => {
      const r = await api(method, url, { token, body });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    await ok('POST', '/material/add', { name: `收款测试${barCode}`, unit: '个', barCodes: [{ barCode, commodityUnit: '个' }] });
    const partnerId = async (kind: string, name: string) =>
      ((await ok('GET', `/supplier/findBySelect_${kind}`)) as { id: number; name: string }[]).find((p) => p.name === name)!.id;
    const supplier = await partnerId('sup', '华东电子供应有限公司');
    const customer = await partnerId('cus', '星辰商贸有限公司');
    const depotId = ((await ok('GET', '/depot/list?pageSize=10')).rows as { id: number }[])[0].id;
    const when = new Date().toISOString().slice(0, 10) + ' 08:00:00';
    const save = (subType: string, type: string, organId: number, price: number) =>
      ok('POST', '/depotHead/addDepotHeadAndDetail', {
        info: { type, subType, operTime: when, organId },
        rows: [{ barCode, operNumber: 4, unitPrice: price, depotId }],
      });
    await save('采购', '入库', supplier, 5);
    const sale = (await save('销售', '出库', customer, 9)) as { id: number; number: string };
    const debt = async () =>
      ((await ok('GET', `/accountHead/getDebtBills?organId=${customer}&type=收款`)) as { billId: number; billDebt: number }[]).find((b) => b.billId === sale.id)
        ?.billDebt;
    expect(await debt()).toBe(36);

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await go(page, '/financial/money_in');
    const list = pane(page, '/financial/money_in').getByTestId('fin-list');
    await list.getByTestId('list-add').click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('fin-form-body') });
    await modal.locator('[data-testid="fin-form-body"][data-ready="1"]').waitFor();
    // choose() picks again when a click lands while the dropdown is still opening (seen under load)
    await choose(page, modal.getByTestId('fin-organ'), '星辰商贸有限公司');
    await choose(page, modal.getByTestId('fin-account'), '现金');
    const each = modal.getByTestId(`fin-each-${sale.number}`);
    await each.fill('20');
    await expect.poll(() => modal.getByTestId('fin-total-amount').textContent()).toContain('20');
    await screenshot(page, 'finance-receipt-form');
    await modal.getByTestId('fin-save').click();
    await toast(page, '保存成功').waitFor();
    await modal.waitFor({ state: 'hidden' });
    await list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '星辰商贸有限公司' }).first().waitFor();
    expect(await debt()).toBe(16);
    // the list exports what it shows (issue 24): the button is there for a role with button 3
    await list.getByTestId('list-export').waitFor();

    // the financial workbench (issue 14): the unaudited receipt is a to-do, the arrears are the journal's
    const wb = (await ok('GET', '/finance/workbench')) as { unaudited: { key: string; count: number }[]; receivable: { amount: string } };
    expect(wb.unaudited.find((u) => u.key === 'moneyIn')!.count).toBeGreaterThan(0);
    await go(page, '/financial/workbench');
    const bench = pane(page, '/financial/workbench').getByTestId('finance-workbench');
    await expect.poll(() => bench.getByTestId('finwb-unaudited-moneyIn').textContent()).toContain(String(wb.unaudited.find((u) => u.key === 'moneyIn')!.count));
    const wbOwed = Number(wb.receivable.amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect.poll(() => bench.getByTestId('finwb-receivable').textContent()).toContain(wbOwed);
    await screenshot(page, 'finance-workbench');
    // a to-do opens its list
    await bench.getByTestId('finwb-unaudited-moneyIn').click();
    await pane(page, '/financial/money_in').getByTestId('fin-list').waitFor();

    // the receivable ageing screen shows the customer's arrears as the API answers them
    const ageing = (await ok('GET', '/finance/ageing?type=应收&pageSize=100')) as { rows: { organId: number; total: number }[] };
    const owed = ageing.rows.find((r) => r.organId === customer)!.total;
    await go(page, '/financial/receivable_ageing');
    const report = pane(page, '/financial/receivable_ageing');
    const row = report.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '星辰商贸有限公司' });
    await expect.poll(() => row.locator('[data-col="total"]').textContent()).toBe(owed.toFixed(2));
    await screenshot(page, 'finance-receivable-ageing');
    // drill-down: the partner's ledger lines, ending with the receipt, which opens its document
    await row.getByTestId('finrep-drill').click();
    const ledger = pane(page, '/financial/general_ledger');
    const month = when.slice(0, 7);
    const gl = (await ok('GET', `/finance/generalLedger?organId=${customer}&beginMonth=2000-01&endMonth=${month}&pageSize=1`)) as { closing: number };
    await expect.poll(() => ledger.getByTestId('finrep-closing').textContent()).toContain(gl.closing.toFixed(2));
    // the receipt is the partner's newest line: the last page's last row
    await ledger.locator('.ant-pagination-item').last().click();
    const receiptRow = ledger.locator('.ant-table-tbody tr.ant-table-row').last();
    await expect.poll(() => receiptRow.locator('[data-col="docType"]').textContent()).toBe('收款');
    await receiptRow.getByTestId('finrep-drill').click();
    await page.locator('[data-testid="fin-form-body"][data-ready="1"]').waitFor();
    await expect.poll(() => page.getByTestId('fin-total-amount').last().textContent()).toContain('20');
    await screenshot(page, 'finance-ledger-source');
    await context.close();
  });
});

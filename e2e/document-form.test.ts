import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiSignIn } from './support/api.ts';
import { clickUntil, newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { go, toast } from './support/shell.ts';
import { choose, choosePartner, newDocument, newestNumber, option, pane, saveDocument, scanLine } from './support/documents.ts';

const browser = useBrowser();
const tag = `${Date.now() % 100000000}`;
const code = (k: string) => `BF${k}${tag}`;
let token: string;

/** Each journey in its own signed-in browser profile, so one failure does not take the others down. */
async function journey(run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await newPage(browser());
  await signIn(page, 'jsh');
  await run(page);
  await context.close();
}

const detail = async (number: string) => (await api('GET', `/depotHead/getDetailByNumber?number=${number}`, { token })).body.data;
async function material(k: string, extra: object, prices: object = { purchaseDecimal: 5, wholesaleDecimal: 9, commodityDecimal: 12 }) {
  const r = await api('POST', '/material/add', {
    token,
    body: { name: `表单${k}${tag}`, unit: '个', barCodes: [{ barCode: code(k), commodityUnit: '个', ...prices }], ...extra },
  });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
}

describe('document form', () => {
  beforeAll(async () => {
    ({ token } = await apiSignIn('jsh'));
    await material('P', {});
    await material('B', { enableBatchNumber: true });
    await material('S', { enableSerialNumber: true });
    await material('Q', {}, { purchaseDecimal: 6, wholesaleDecimal: 10, commodityDecimal: 13 });
    await material('H', {});
    // stock of the plain item to sell from (set-up, not what is under test)
    const depots = (await api('GET', '/depot/list?pageSize=100', { token })).body.data.rows as { id: number; name: string }[];
    const depotId = depots.find((d) => d.name === '总仓')!.id;
    const r = await api('POST', '/depotHead/addDepotHeadAndDetail', {
      token,
      body: {
        info: { type: '入库', subType: '其它', operTime: '2026-11-01 09:00:00' },
        rows: [{ barCode: code('P'), operNumber: 100, unitPrice: 5, depotId }],
      },
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  });

  it('receives a batch item with its batch and sells it by picking that batch', () =>
    journey(async (page) => {
      // a batch of its own per attempt: a retried journey must not find the stock an earlier attempt received
      const lot = `LOT-${Date.now() % 1000000}`;
      let modal = await newDocument(page, '/bill/purchase_in', 'purchaseIn');
      await choosePartner(page, modal, '华东电子供应有限公司');
      const line = await scanLine(modal, code('B'), '5', '4');
      await line.getByTestId('line-batchNumber').fill(lot);
      await line.getByTestId('line-expirationDate').fill('2027-01-31');
      await saveDocument(page, modal);

      modal = await newDocument(page, '/bill/sale_out', 'saleOut');
      await choosePartner(page, modal, '星辰商贸有限公司');
      const out = await scanLine(modal, code('B'), '2', '9');
      const picker = out.getByTestId('line-batch-pick');
      // a click while the batch list is still opening (or refetching) picks nothing: pick again until the line shows it
      for (let attempt = 1; ; attempt++) {
        await picker.click();
        const batch = option(page, lot);
        expect(await batch.textContent()).toBe(`${lot} · 库存 5 · 有效期 2027-01-31`);
        await batch.click();
        try {
          await expect.poll(() => picker.textContent(), { timeout: attempt < 3 ? 10_000 : 30_000 }).toContain(lot);
          break;
        } catch (e) {
          if (attempt >= 3) throw e;
          await page.keyboard.press('Escape');
        }
      }
      await saveDocument(page, modal);
      const doc = await detail(await newestNumber(page, '/bill/sale_out', `表单B${tag}`));
      expect(doc.rows[0]).toMatchObject({ batchNumber: lot, expirationDate: '2027-01-31', operNumber: 2 });
    }));

  it('sells a serial item by picking serial numbers; the quantity follows their count', () =>
    journey(async (page) => {
      // serial numbers of this try: a retried journey may not receive the same ones again
      const sn = `${tag}${Date.now() % 10000}`;
      let modal = await newDocument(page, '/bill/purchase_in', 'purchaseIn');
      await choosePartner(page, modal, '华东电子供应有限公司');
      const line = await scanLine(modal, code('S'), '3', '100');
      await line.getByTestId('line-snList').fill(`${sn}A,${sn}B,${sn}C`);
      await saveDocument(page, modal);

      modal = await newDocument(page, '/bill/sale_out', 'saleOut');
      await choosePartner(page, modal, '星辰商贸有限公司');
      await modal.getByTestId('bill-barcode').fill(code('S'));
      await modal.getByTestId('bill-barcode').press('Enter');
      const out = modal.locator('.ant-table-row').filter({ hasText: code('S') });
      await out.getByTestId('line-serial-pick').click();
      await page.getByTestId('serial-select').click();
      // each option is clicked until it shows as picked: a click landing while the list re-renders is lost
      for (const s of [`${sn}A`, `${sn}C`]) {
        const picked = page.locator('.ant-select-dropdown:visible .ant-select-item-option-selected').filter({ hasText: s });
        await expect
          .poll(
            async () => {
              if (!(await picked.count())) await option(page, s).last().click();
              return picked.count();
            },
            { timeout: 60_000, interval: 1_500 },
          )
          .toBe(1);
      }
      await page.locator('.ant-modal-title').filter({ hasText: '选择序列号' }).click();
      await page.getByTestId('serial-ok').click();
      await expect.poll(() => out.getByTestId('line-operNumber').inputValue()).toBe('2');
      await out.getByTestId('line-unitPrice').fill('150');
      await expect.poll(() => modal.getByTestId('total-price').textContent()).toBe('300.00');
      await saveDocument(page, modal);
      const doc = await detail(await newestNumber(page, '/bill/sale_out', `表单S${tag}`));
      expect(doc.rows[0]).toMatchObject({ snList: `${sn}A,${sn}C`, operNumber: 2 });
    }));

  it('retail outbound to a member: the amount received gives change', () =>
    journey(async (page) => {
      const modal = await newDocument(page, '/bill/retail_out', 'retailOut');
      await choosePartner(page, modal, '李会员');
      await expect.poll(() => modal.getByText('会员预付款余额').count()).toBe(1);
      const line = await scanLine(modal, code('P'), '2', '12');
      // Enter in the quantity moves to the price, Enter in the price back to the barcode box
      await line.getByTestId('line-operNumber').press('Enter');
      await expect.poll(() => line.getByTestId('line-unitPrice').evaluate((e) => e === document.activeElement)).toBe(true);
      await line.getByTestId('line-unitPrice').press('Enter');
      await expect.poll(() => modal.getByTestId('bill-barcode').evaluate((e) => e === document.activeElement)).toBe(true);
      await choose(page, modal.getByTestId('bill-account'), '现金');
      await modal.getByTestId('bill-change-amount').fill('30');
      await expect.poll(() => modal.getByTestId('total-due').textContent()).toBe('24.00');
      await expect.poll(() => modal.getByTestId('total-change').textContent()).toBe('6.00');
      await screenshot(page, 'bill-form-retail');
      await saveDocument(page, modal);
      const doc = await detail(await newestNumber(page, '/bill/retail_out', `表单P${tag}`));
      expect(doc).toMatchObject({ organName: '李会员', changeAmount: 30, backAmount: 6, debt: 0 });
    }));

  it('sale with a discount, a salesperson and payment over two accounts', () =>
    journey(async (page) => {
      const modal = await newDocument(page, '/bill/sale_out', 'saleOut');
      await choosePartner(page, modal, '星辰商贸有限公司');
      await scanLine(modal, code('P'), '10', '9');
      await choose(page, modal.getByTestId('bill-salesman'), '张销售');
      await modal.getByTestId('bill-discount').fill('10');
      await expect.poll(() => modal.getByTestId('bill-discount-money').inputValue()).toBe('9');
      await modal.getByTestId('bill-other-money').fill('1.5');
      await expect.poll(() => modal.getByTestId('total-due').textContent()).toBe('82.50');
      await expect.poll(() => modal.getByTestId('total-debt').textContent()).toBe('82.50');
      await modal.getByTestId('bill-accounts').click();
      const accounts = page.locator('.ant-modal').filter({ has: page.getByTestId('accounts-sum') });
      await choose(page, accounts.getByTestId('accounts-account').nth(0), '现金');
      await accounts.getByTestId('accounts-amount').nth(0).fill('50');
      await choose(page, accounts.getByTestId('accounts-account').nth(1), '工商银行');
      await accounts.getByTestId('accounts-amount').nth(1).fill('32.5');
      await page.getByTestId('accounts-ok').click();
      await expect.poll(() => modal.getByTestId('bill-change-amount').inputValue()).toBe('82.5');
      await expect.poll(() => modal.getByTestId('total-debt').textContent()).toBe('0.00');
      await screenshot(page, 'bill-form-accounts');
      await saveDocument(page, modal, true);
      const doc = await detail(await newestNumber(page, '/bill/sale_out', `表单P${tag}`));
      expect(doc).toMatchObject({ discount: 10, discountMoney: 9, otherMoney: 1.5, changeAmount: 82.5, debt: 0, status: '1' });
      expect(doc.accounts.map((a: { accountName: string; amount: number }) => [a.accountName, a.amount]).sort()).toEqual([
        ['工商银行', 32.5],
        ['现金', 50],
      ]);
      const salesman = (await api('GET', '/person/getPersonByType?type=业务员', { token })).body.data.find((p: { name: string }) => p.name === '张销售');
      expect(doc.salesMan).toBe(String(salesman.id));
    }));

  it('keeps the handler (经手人) and order type, and a batch line stays a batch line on reopening without barcode lookups', () =>
    journey(async (page) => {
      let modal = await newDocument(page, '/bill/sale_order', 'saleOrder');
      await choosePartner(page, modal, '星辰商贸有限公司');
      await scanLine(modal, code('H'), '3', '10');
      await choose(page, modal.getByTestId('bill-hands-person'), '王仓管');
      await choose(page, modal.getByTestId('bill-order-type'), '加急订单');
      await saveDocument(page, modal);
      const number = await newestNumber(page, '/bill/sale_order', `表单H${tag}`);
      const keeper = (await api('GET', '/person/getPersonByType?type=仓管员', { token })).body.data.find((p: { name: string }) => p.name === '王仓管');
      expect(await detail(number)).toMatchObject({ handsPersonId: keeper.id, handsPersonName: '王仓管', orderType: '1' });
      const orders = pane(page, '/bill/sale_order').locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: number });
      await orders.getByTestId('row-edit').click();
      modal = page.locator('.ant-modal').filter({ has: page.locator('[data-testid="bill-form"][data-doc="saleOrder"]') });
      await expect.poll(() => modal.getByTestId('bill-hands-person').textContent()).toContain('王仓管');
      await expect.poll(() => modal.getByTestId('bill-order-type').textContent()).toContain('加急订单');
      await screenshot(page, 'bill-form-handler');
      await modal.getByRole('button', { name: /取\s*消/ }).click();

      modal = await newDocument(page, '/bill/purchase_in', 'purchaseIn');
      await choosePartner(page, modal, '华东电子供应有限公司');
      const line = await scanLine(modal, code('B'), '2', '4');
      await line.getByTestId('line-batchNumber').fill(`H${tag}`);
      await choose(page, modal.getByTestId('bill-hands-person'), '王仓管');
      await saveDocument(page, modal);
      const received = await newestNumber(page, '/bill/purchase_in', `表单B${tag}`);
      // the saved lines say they take batches: reopening asks for no barcode
      const lookups: string[] = [];
      page.on('request', (r) => void (r.url().includes('getMaterialByBarCode') && lookups.push(r.url())));
      await pane(page, '/bill/purchase_in').locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: received }).getByTestId('row-edit').click();
      modal = page.locator('.ant-modal').filter({ has: page.locator('[data-testid="bill-form"][data-doc="purchaseIn"]') });
      const reopened = modal.locator('.ant-table-row').filter({ hasText: code('B') });
      await expect.poll(() => reopened.getByTestId('line-batchNumber').inputValue()).toBe(`H${tag}`);
      await expect.poll(() => modal.getByTestId('bill-hands-person').textContent()).toContain('王仓管');
      await screenshot(page, 'bill-form-batch-reopened');
      expect(lookups).toEqual([]);
    }));

  it('prints one document and several from the list', () =>
    journey(async (page) => {
      // two documents to print, whatever ran before
      const depots = (await api('GET', '/depot/list?pageSize=100', { token })).body.data.rows as { id: number }[];
      for (const n of [1, 2]) {
        const r = await api('POST', '/depotHead/addDepotHeadAndDetail', {
          token,
          body: {
            info: { type: '出库', subType: '其它', operTime: '2026-11-21 10:00:00' },
            rows: [{ barCode: code('P'), operNumber: n, unitPrice: 9, depotId: depots[0].id }],
          },
        });
        expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      }
      await go(page, '/bill/other_out');
      const list = pane(page, '/bill/other_out');
      await list.getByTestId('list-print').click();
      await toast(page, '请选择至少一条记录进行批量打印！').waitFor();
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void (window as unknown as { printed: number }).printed++;
      });
      const rows = list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `表单P${tag}` });
      await rows.first().getByTestId('row-view').click();
      const view = page.locator('.ant-modal').filter({ has: page.locator('[data-testid="bill-form"][data-doc="otherOut"]') });
      await view.getByTestId('bill-print').click();
      const area = page.getByTestId('print-area');
      await area.waitFor();
      expect(await area.getByTestId('print-doc').count()).toBe(1);
      await expect.poll(() => area.textContent()).toContain('制单人');
      await page.getByTestId('print-go').click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await screenshot(page, 'bill-print');
      // on paper only the print area shows
      await page.emulateMedia({ media: 'print' });
      expect(await list.getByTestId('bill-table').isVisible()).toBe(false);
      expect(await area.getByTestId('print-doc').isVisible()).toBe(true);
      await screenshot(page, 'bill-print-media');
      await page.emulateMedia({ media: 'screen' });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await area.waitFor({ state: 'detached' });
      await rows.nth(0).locator('.ant-checkbox-input').check();
      await rows.nth(1).locator('.ant-checkbox-input').check();
      await list.getByTestId('list-print').click();
      await expect.poll(() => page.getByTestId('print-area').getByTestId('print-doc').count()).toBe(2);
      await page.keyboard.press('Escape');
      await page.getByTestId('print-area').waitFor({ state: 'detached' });
    }));

  it('writes a print template with a preview and prints documents as a PDF with it', () =>
    journey(async (page) => {
      const depots = (await api('GET', '/depot/list?pageSize=100', { token })).body.data.rows as { id: number }[];
      const made = await api('POST', '/depotHead/addDepotHeadAndDetail', {
        token,
        body: {
          info: { type: '出库', subType: '其它', operTime: '2026-11-21 10:00:00' },
          rows: [{ barCode: code('P'), operNumber: 3, unitPrice: 9, depotId: depots[0].id }],
        },
      });
      expect(made.body.code, JSON.stringify(made.body)).toBe(200);
      await go(page, '/system/print_template');
      const list = pane(page, '/system/print_template');
      await list.getByTestId('list-add').click();
      const form = page.getByTestId('entity-form');
      await form.getByTestId('field-name').fill(`出库单${tag}`);
      // 26 document types: found by typing
      await form.getByTestId('field-docKey').click();
      await page.keyboard.type('其它出库');
      await option(page, '其它出库').last().click();
      await expect.poll(() => form.getByTestId('field-docKey').textContent()).toContain('其它出库');
      await choose(page, form.getByTestId('field-paper'), 'A4 横向');
      await form.getByTestId('tpl-builtin').click();
      await expect.poll(() => form.getByTestId('tpl-html').inputValue()).toContain('{% for l in lines %}');
      await form.getByTestId('tpl-preview').click();
      // the preview shows the newest 其它出库 with its figures (the frame runs no script)
      const frame = page.frameLocator('[data-testid="tpl-frame"]');
      await expect.poll(() => frame.locator('h2').textContent()).toBe('其它出库');
      await expect.poll(() => frame.locator('body').textContent()).toContain('金额大写');
      await screenshot(page, 'print-template-preview');
      await page.keyboard.press('Escape');
      await page.getByTestId('form-save').click();
      await toast(page, '新增成功').waitFor();

      await go(page, '/bill/other_out');
      const bills = pane(page, '/bill/other_out');
      await bills.locator('.ant-table-tbody tr.ant-table-row').first().getByTestId('row-view').click();
      const view = page.locator('.ant-modal').filter({ has: page.locator('[data-testid="bill-form"][data-doc="otherOut"]') });
      await view.getByTestId('bill-print').click();
      await choose(page, page.getByTestId('print-template'), `出库单${tag}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-pdf').click()]);
      const pdf = await readFile((await download.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      await screenshot(page, 'bill-print-pdf');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    }));

  it('a price adjustment changes the price a new sale suggests', () =>
    journey(async (page) => {
      let modal = await newDocument(page, '/bill/price_adjust', 'priceAdjust');
      await modal.getByTestId('bill-barcode').fill(code('Q'));
      await modal.getByTestId('bill-barcode').press('Enter');
      const line = modal.locator('.ant-table-row').filter({ hasText: code('Q') });
      await line.getByTestId('line-wholesaleDecimal').fill('11.5');
      expect(await line.getByTestId('line-wholesaleDecimal').getAttribute('placeholder')).toBe('10');
      await screenshot(page, 'bill-price-adjust');
      await saveDocument(page, modal, true);
      // its print shows the new price and the one it replaced
      const rows = pane(page, '/bill/price_adjust')
        .locator('.ant-table-tbody tr.ant-table-row')
        .filter({ hasText: `表单Q${tag}` });
      await rows.first().getByTestId('row-view').click();
      await page
        .locator('.ant-modal')
        .filter({ has: page.locator('[data-testid="bill-form"][data-doc="priceAdjust"]') })
        .getByTestId('bill-print')
        .click();
      await expect.poll(() => page.getByTestId('print-area').textContent()).toContain('11.50 (原 10.00)');
      await screenshot(page, 'bill-price-adjust-print');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      modal = await newDocument(page, '/bill/sale_out', 'saleOut');
      await choosePartner(page, modal, '星辰商贸有限公司');
      await modal.getByTestId('bill-barcode').fill(code('Q'));
      await modal.getByTestId('bill-barcode').press('Enter');
      await expect
        .poll(() =>
          modal
            .locator('.ant-table-row')
            .filter({ hasText: code('Q') })
            .getByTestId('line-unitPrice')
            .inputValue(),
        )
        .toBe('11.5');
      await page.keyboard.press('Escape');
    }));

  it('1,000 lines: typing a quantity updates the total, and the document saves', () =>
    journey(async (page) => {
      const modal = await newDocument(page, '/bill/sale_order', 'saleOrder');
      await choosePartner(page, modal, '星辰商贸有限公司');
      await modal.getByTestId('bill-paste').click();
      await page.getByTestId('paste-text').fill(Array.from({ length: 1000 }, () => `${code('P')}\t1\t9`).join('\n'));
      await page.getByTestId('paste-ok').click();
      await expect.poll(() => modal.getByTestId('total-price').textContent(), { timeout: 90000 }).toBe('9000.00');
      const first = modal.getByTestId('line-operNumber').first();
      await first.click();
      await first.press('End');
      // how fast the total follows a key press is measured by `npm run bench:keystroke`, not here
      await first.press('2');
      await first.press('3');
      await expect.poll(() => modal.getByTestId('total-price').textContent()).toBe(`${(9 * (999 + 123)).toFixed(2)}`);
      await screenshot(page, 'bill-form-1000');
      await modal.getByTestId('bill-save').click();
      await page.locator('.ant-message-notice').filter({ hasText: '保存成功' }).last().waitFor();
      await modal.waitFor({ state: 'hidden' });
      const doc = await detail(await newestNumber(page, '/bill/sale_order', `表单P${tag}`));
      expect(doc.rows).toHaveLength(1000);
      expect(doc.totalPrice).toBe(9 * (999 + 123));
    }));

  it('purchase order made from a sales order (以销定购), with an attachment', () =>
    journey(async (page) => {
      const depots = (await api('GET', '/depot/list?pageSize=100', { token })).body.data.rows as { id: number; name: string }[];
      const customer = ((await api('GET', '/supplier/findBySelect_cus', { token })).body.data as { id: number; name: string }[]).find(
        (c) => c.name === '星辰商贸有限公司',
      )!;
      const so = await api('POST', '/depotHead/addDepotHeadAndDetail', {
        token,
        body: {
          info: { type: '其它', subType: '销售订单', operTime: '2026-11-20 10:00:00', organId: customer.id, status: '1' },
          rows: [{ barCode: code('Q'), operNumber: 3, unitPrice: 12, depotId: depots[0].id }],
        },
      });
      expect(so.body.code, JSON.stringify(so.body)).toBe(200);
      const soNumber = so.body.data.number as string;
      expect((await api('PUT', '/systemConfig/update', { token, body: { purchaseBySaleFlag: true } })).body.code).toBe(200);
      try {
        const modal = await newDocument(page, '/bill/purchase_order', 'purchaseOrder');
        await choosePartner(page, modal, '华东电子供应有限公司');
        await modal.getByTestId('bill-link').click();
        // the modal may still be opening: the segment is clicked again until it is the chosen one (CI, session 19:
        // one click left 请购单 chosen and the sales order was waited for 90 s)
        const sources = page.getByTestId('link-source');
        await clickUntil(sources.getByText('销售订单'), sources.locator('.ant-segmented-item-selected').filter({ hasText: '销售订单' }));
        await page.getByTestId('link-table').locator('.ant-table-row').filter({ hasText: soNumber }).click();
        await page.getByTestId('link-ok').click();
        await expect.poll(() => modal.getByTestId('bill-link-number').inputValue()).toBe(soNumber);
        const line = modal.locator('.ant-table-row').filter({ hasText: code('Q') });
        await expect.poll(() => line.getByTestId('line-operNumber').inputValue()).toBe('3');
        expect(await line.getByTestId('line-unitPrice').inputValue()).toBe('6');
        await modal.locator('input[type=file]').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('以销定购') });
        await modal.locator('.ant-upload-list-item').filter({ hasText: 'note.txt' }).waitFor();
        await expect.poll(() => modal.locator('.ant-upload-list-item-uploading').count()).toBe(0);
        await saveDocument(page, modal, true);
        const po = await detail(await newestNumber(page, '/bill/purchase_order', `表单Q${tag}`));
        expect(po).toMatchObject({ linkNumber: soNumber, status: '1' });
        expect(po.fileName).toMatch(/note\.txt$/);
        const order = await detail(soNumber);
        expect(order.status).toBe('1');
        expect(order.rows[0]).toMatchObject({ finishedNumber: 0, openNumber: 3 });
      } finally {
        await api('PUT', '/systemConfig/update', { token, body: { purchaseBySaleFlag: false } });
      }
    }));
});

import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { chooseLanguage, go, toast } from './support/shell.ts';
import { choose, choosePartner, newDocument, pane, scanLine } from './support/documents.ts';

const browser = useBrowser();

const rows = (p: Locator) => p.locator('.ant-table-tbody tr.ant-table-row');
const cellText = async (row: Locator, col: string) => ((await row.locator(`td[data-col="${col}"]`).textContent()) ?? '').trim();
/** A row's values by column, read from the screen. */
const read = async (row: Locator, cols: string[]) => Object.fromEntries(await Promise.all(cols.map(async (c) => [c, await cellText(row, c)])));

/** Clicks and waits for the screen's data to be loaded anew (data-updated: when its reply arrived). */
async function reloaded(screen: Locator, click: () => Promise<void>) {
  const updated = () => screen.getAttribute('data-updated');
  const before = await updated();
  await click();
  await expect.poll(async () => [before, '0'].includes(await updated())).toBe(false);
}

/** Opens a report, fills the filters and searches. */
async function searchReport(page: Page, url: string, fill: Record<string, string>) {
  await go(page, url);
  const p = pane(page, url);
  for (const [k, v] of Object.entries(fill)) await p.getByTestId(`filter-${k}`).fill(v);
  await reloaded(p.getByTestId('report-page'), () => p.getByTestId('search-submit').click());
  return p;
}

/** The 总计 row (the server's sums over the whole filter): the cell under the column at that index. */
const grandTotal = (p: Locator, index: number) => p.getByTestId('totals-all').locator('td').nth(index);

/** A panel figure as a number (data-value holds what the server sent). */
async function figure(page: Page, url: string, id: string): Promise<number> {
  const v = await pane(page, url).getByTestId(id).getAttribute('data-value');
  return Number(v);
}

async function refreshPanel(page: Page, url: string) {
  await go(page, url);
  const p = pane(page, url);
  await reloaded(p.locator('[data-updated]').first(), () => p.getByTestId('panel-refresh').click());
}

describe('stock reports follow a purchase → receive → sell → ship journey', () => {
  it('shows exact figures in material stock, stock ledger, in/out summary, order tracking and the panels at each step', async () => {
    const { token } = await apiSignIn('jsh');
    const barCode = `RPT${Date.now() % 100000000}`;
    const name = `报表旅程${barCode}`;
    const made = await api('POST', '/material/add', {
      token,
      body: { name, unit: '个', barCodes: [{ barCode, commodityUnit: '个', purchaseDecimal: 5, wholesaleDecimal: 9 }] },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');

    // the panels before: the journey's documents must move them by exactly their own figures
    await refreshPanel(page, '/depot/panel');
    const before = {
      qty: await figure(page, '/depot/panel', 'panel-stockQty'),
      value: await figure(page, '/depot/panel', 'panel-stockValue'),
      todayIn: await figure(page, '/depot/panel', 'panel-todayIn'),
      todayOut: await figure(page, '/depot/panel', 'panel-todayOut'),
    };
    await refreshPanel(page, '/bill/sale_panel');
    const salesBefore = {
      today: await figure(page, '/bill/sale_panel', 'panel-todayAmount'),
      open: await figure(page, '/bill/sale_panel', 'panel-openOrders'),
    };

    // 1. purchase order of 10 at 5: ordered, nothing in stock yet
    let modal = await newDocument(page, '/bill/purchase_order', 'purchaseOrder');
    await choosePartner(page, modal, '华东电子供应有限公司');
    await scanLine(modal, barCode, '10', '5');
    await modal.getByTestId('bill-save-audit').click();
    await toast(page, '保存成功').waitFor();
    const po = rows(pane(page, '/bill/purchase_order')).filter({ hasText: name });
    await po.getByTestId('bill-status').filter({ hasText: '已审核' }).waitFor();
    const poNumber = (await po.locator('td').nth(1).textContent())!.trim();

    let stock = await searchReport(page, '/report/material_stock', { materialParam: barCode });
    expect(await rows(stock).count()).toBe(0);
    // columns: barCode, materialName, standard, model, unit, depotName, qty, avgCost, value
    expect(await grandTotal(stock, 6).textContent()).toBe('0.00');
    expect(await grandTotal(stock, 8).textContent()).toBe('0.00');
    await screenshot(page, 'report-stock-ordered');

    // 2. purchase inbound from the order: 10 in stock worth 50.00
    modal = await newDocument(page, '/bill/purchase_in', 'purchaseIn');
    await modal.getByTestId('bill-link').click();
    await page.getByTestId('link-table').locator('.ant-table-row').filter({ hasText: poNumber }).click();
    await page.getByTestId('link-ok').click();
    await expect.poll(() => modal.locator('.ant-table-row').filter({ hasText: barCode }).getByTestId('line-operNumber').inputValue()).toBe('10');
    await modal.getByTestId('bill-save').click();
    await toast(page, '保存成功').waitFor();
    await modal.waitFor({ state: 'hidden' });

    stock = await searchReport(page, '/report/material_stock', { materialParam: barCode });
    await expect.poll(() => rows(stock).count()).toBe(1);
    expect(await read(rows(stock).first(), ['materialName', 'qty', 'avgCost', 'value'])).toEqual({
      materialName: name,
      qty: '10',
      avgCost: '5.00',
      value: '50.00',
    });
    expect(await grandTotal(stock, 6).textContent()).toBe('10.00');
    expect(await grandTotal(stock, 8).textContent()).toBe('50.00');
    expect(await stock.locator('.ant-pagination-total-text').textContent()).toBe('1-1 共 1 条');
    await screenshot(page, 'report-stock-received');

    // the export downloads the real spreadsheet of the same filter
    const [download] = await Promise.all([page.waitForEvent('download'), stock.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^商品库存\d{10}\.xls$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['条码', '名称', '规格', '型号', '单位', '仓库', '库存数量', '平均成本', '库存金额']);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([barCode, name, '', '', '个', '总仓', 10, 5, 50]);

    // drill-down: the item's stock ledger opens in its own tab, filtered to it, with one row +10
    await rows(stock).first().getByTestId('drill-ledger').click();
    await page.waitForURL('**/report/stock_ledger');
    const ledger = pane(page, '/report/stock_ledger');
    await expect.poll(() => rows(ledger).count()).toBe(1);
    expect(await read(rows(ledger).first(), ['docType', 'inQty', 'outQty', 'unitCost', 'valueChange', 'balanceQty', 'balanceValue'])).toEqual({
      docType: '采购入库',
      inQty: '10',
      outQty: '0',
      unitCost: '5.00',
      valueChange: '50.00',
      balanceQty: '10',
      balanceValue: '50.00',
    });
    expect(await ledger.getByTestId('ledger-opening').textContent()).toBe('期初结存：数量 0，金额 0.00');
    expect(await ledger.getByTestId('ledger-closing').textContent()).toBe('期末结存：数量 10，金额 50.00');
    await screenshot(page, 'report-ledger');

    // 3. sales order of 5 at 9, then 4 shipped from it
    modal = await newDocument(page, '/bill/sale_order', 'saleOrder');
    await choosePartner(page, modal, '星辰商贸有限公司');
    await scanLine(modal, barCode, '5', '9');
    await modal.getByTestId('bill-save-audit').click();
    await toast(page, '保存成功').waitFor();
    const so = rows(pane(page, '/bill/sale_order')).filter({ hasText: name });
    await so.getByTestId('bill-status').filter({ hasText: '已审核' }).waitFor();
    const soNumber = (await so.locator('td').nth(1).textContent())!.trim();

    modal = await newDocument(page, '/bill/sale_out', 'saleOut');
    await modal.getByTestId('bill-link').click();
    await page.getByTestId('link-table').locator('.ant-table-row').filter({ hasText: soNumber }).click();
    await page.getByTestId('link-ok').click();
    const shipLine = modal.locator('.ant-table-row').filter({ hasText: barCode });
    await expect.poll(() => shipLine.getByTestId('line-operNumber').inputValue()).toBe('5');
    await shipLine.getByTestId('line-operNumber').fill('4');
    await modal.getByTestId('bill-save').click();
    await toast(page, '保存成功').waitFor();
    await modal.waitFor({ state: 'hidden' });

    stock = await searchReport(page, '/report/material_stock', { materialParam: barCode });
    await expect.poll(() => cellText(rows(stock).first(), 'qty')).toBe('6');
    expect(await read(rows(stock).first(), ['qty', 'avgCost', 'value'])).toEqual({ qty: '6', avgCost: '5.00', value: '30.00' });
    await screenshot(page, 'report-stock-sold');

    const summary = await searchReport(page, '/report/in_out_summary', { materialParam: barCode });
    await expect.poll(() => rows(summary).count()).toBe(1);
    expect(await read(rows(summary).first(), ['openingQty', 'inQty', 'inValue', 'outQty', 'outValue', 'closingQty', 'closingValue'])).toEqual({
      openingQty: '0',
      inQty: '10',
      inValue: '50.00',
      outQty: '4',
      outValue: '20.00',
      closingQty: '6',
      closingValue: '30.00',
    });
    await screenshot(page, 'report-in-out-summary');

    // 4. order tracking: the sales order partly shipped, the purchase order completed
    const tracking = await searchReport(page, '/bill/order_tracking', { number: soNumber });
    await expect.poll(() => rows(tracking).count()).toBe(1);
    expect(await read(rows(tracking).first(), ['number', 'organName', 'orderedQty', 'fulfilledQty', 'openQty', 'allPrice', 'status'])).toEqual({
      number: soNumber,
      organName: '星辰商贸有限公司',
      orderedQty: '5',
      fulfilledQty: '4',
      openQty: '1',
      allPrice: '45.00',
      status: '部分完成',
    });
    await screenshot(page, 'report-order-tracking-sale');
    await tracking.getByTestId('filter-type').getByText('采购订单').click();
    await tracking.getByTestId('filter-number').fill(poNumber);
    await reloaded(tracking.getByTestId('report-page'), () => tracking.getByTestId('search-submit').click());
    expect(await rows(tracking).count()).toBe(1);
    expect(await read(rows(tracking).first(), ['organName', 'orderedQty', 'fulfilledQty', 'openQty', 'status'])).toEqual({
      organName: '华东电子供应有限公司',
      orderedQty: '10',
      fulfilledQty: '10',
      openQty: '0',
      status: '完成',
    });
    await screenshot(page, 'report-order-tracking-purchase');

    // 5. the panels moved by exactly this journey's documents
    await refreshPanel(page, '/depot/panel');
    expect(await figure(page, '/depot/panel', 'panel-todayIn')).toBe(before.todayIn + 1);
    expect(await figure(page, '/depot/panel', 'panel-todayOut')).toBe(before.todayOut + 1);
    expect(await figure(page, '/depot/panel', 'panel-stockQty')).toBeCloseTo(before.qty + 6, 6);
    expect(await figure(page, '/depot/panel', 'panel-stockValue')).toBeCloseTo(before.value + 30, 6);
    expect(await rows(pane(page, '/depot/panel').getByTestId('panel-depots')).count()).toBeGreaterThan(0);
    await screenshot(page, 'report-depot-panel');
    await refreshPanel(page, '/bill/sale_panel');
    expect(await figure(page, '/bill/sale_panel', 'panel-todayAmount')).toBeCloseTo(salesBefore.today + 36, 6);
    expect(await figure(page, '/bill/sale_panel', 'panel-openOrders')).toBe(salesBefore.open + 1);
    expect(await rows(pane(page, '/bill/sale_panel').getByTestId('panel-orders')).count()).toBeGreaterThan(0);
    await screenshot(page, 'report-sale-panel');
    await context.close();
  });
  it('opens every report screen and panel without an error, in Chinese and in English', async () => {
    const { context, page } = await newPage(browser());
    const failures: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${r.url()}`));
    await signIn(page, 'jsh');
    const reports = [
      '/report/in_out_detail',
      '/report/allocation_detail',
      '/report/batch_inventory',
      '/report/stock_warning',
      '/report/inventory_age',
      '/report/low_selling',
      '/material/safety_stock',
      '/depot/inventory_alert',
    ];
    for (const url of reports) {
      const p = await searchReport(page, url, {});
      // the pager shows only when there are rows (the demo company may have none of a kind)
      const pager = p.locator('.ant-pagination-total-text');
      if (await pager.count()) expect(await pager.textContent(), url).toMatch(/^\d+-\d+ 共 \d+ 条$/);
      else await p.locator('.ant-empty').first().waitFor();
    }
    await expect.poll(() => pane(page, '/depot/inventory_alert').getByTestId('alert-belowMin').getAttribute('class')).toBeTruthy();
    await screenshot(page, 'report-inventory-alert');
    // the ledger asks for an item first instead of calling the server without one
    await go(page, '/report/stock_ledger');
    await pane(page, '/report/stock_ledger').getByText('请选择商品后查询').first().waitFor();
    await chooseLanguage(page, 'en-US');
    await go(page, '/report/inventory_age');
    const age = pane(page, '/report/inventory_age');
    await age.getByText('Oldest receipt').first().waitFor();
    await reloaded(age.getByTestId('report-page'), () => age.getByTestId('search-submit').click());
    await age.getByText('Search', { exact: true }).waitFor();
    await screenshot(page, 'report-inventory-age-en');
    await go(page, '/depot/panel');
    await pane(page, '/depot/panel').getByText('Stock by warehouse').first().waitFor();
    await chooseLanguage(page, 'zh-CN');
    expect(failures).toEqual([]);
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    await context.close();
  });

  it('shows stock by reservoir area and the pick list of sale outbounds by area (issue 24)', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    // the demo story's shelving parts (modules/inventory/documents/reservoir-demo.ts)
    const report = await searchReport(page, '/report/reservoir_area_stock', { materialParam: 'KQ-' });
    await expect.poll(() => rows(report).count()).toBeGreaterThan(0);
    await report.getByText('未指定库区').first().waitFor();
    await screenshot(page, 'report-reservoir-area-stock');
    // 移库 from the report's row: one beam from 未指定库区 into the warehouse's area (the warehouse's stock unchanged)
    await rows(report).filter({ hasText: 'KQ-BEAM' }).filter({ hasText: '未指定库区' }).first().getByTestId('area-move').click();
    await page.getByTestId('area-move-form').waitFor();
    await choose(page, page.getByTestId('area-move-to'), 'A区');
    await page.getByTestId('area-move-qty').fill('1');
    await screenshot(page, 'reservoir-area-move');
    await page.getByTestId('area-move-ok').click();
    await toast(page, '移库成功').waitFor();
    await page.getByTestId('area-move-form').waitFor({ state: 'detached' });
    await go(page, '/bill/sale_out');
    const list = pane(page, '/bill/sale_out');
    await rows(list).first().waitFor();
    await list.getByTestId('list-pick').click();
    await page.getByText('请选择至少一张出库单据生成拣货单！').waitFor();
    for (const r of [0, 1]) await rows(list).nth(r).locator('.ant-checkbox-input').check();
    await list.getByTestId('list-pick').click();
    await page.getByTestId('pick-group').first().waitFor();
    await screenshot(page, 'pick-list');
    await context.close();
  });
});

import type { Locator, Page } from 'playwright-core';
import { choose } from './documents.ts';

/** The kept-alive pane of a screen and its list page. */
export const pane = (page: Page, url: string) => page.locator(`[data-tab-pane="${url}"]`);
export const rows = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
export const confirmOk = (page: Page) => page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary');
export const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });

export interface MaterialInput {
  name: string;
  /** The multi-unit as the picker shows it, e.g. '个/箱(1:12)'. */
  unit: string;
  /** The first is the base unit's barcode (entered in the form itself), the others go into barcode lines. */
  barCodes: Array<{ code: string; unit: string; buy: string; sell: string }>;
  stock?: { depot: string; qty: string };
}

/** Picks a select's option once earlier dropdowns have closed, and waits until the select shows it (a busy machine animates slowly). */
async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  await choose(page, select, text);
  // a click that lands while the dropdown is still opening chooses nothing: choose again (a single select takes it once)
  for (let attempt = 1; ; attempt++) {
    try {
      await select.filter({ hasText: text }).waitFor({ timeout: attempt < 3 ? 15_000 : 60_000 });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
    await option(page, text).last().click();
  }
}

/** Fills the open material form (新增商品 / 编辑商品): multi-unit, the base barcode and prices, other barcode lines, one warehouse row. */
export async function fillMaterialForm(page: Page, m: MaterialInput): Promise<void> {
  const form = page.getByTestId('entity-form');
  await form.getByTestId('field-name').fill(m.name);
  await chooseOption(page, form.getByTestId('field-unitId'), m.unit);
  const [base, ...others] = m.barCodes;
  // the base unit's name shows once the multi-unit is read: the form knows which unit the barcode is in
  await form
    .getByTestId('material-base-barcode')
    .filter({ hasText: `（${base.unit}）` })
    .waitFor();
  await form.getByTestId('field-base-barCode').fill(base.code);
  await form.getByTestId('field-base-purchaseDecimal').fill(base.buy);
  await form.getByTestId('field-base-commodityDecimal').fill(base.sell);
  for (let i = 0; i < others.length; i++) await page.getByTestId('lines-barCodes-add').click();
  for (const [i, b] of others.entries()) {
    await form.getByTestId('field-barCode').nth(i).fill(b.code);
    await form.getByTestId('field-commodityUnit').nth(i).fill(b.unit);
    await form.getByTestId('field-purchaseDecimal').nth(i).fill(b.buy);
    await form.getByTestId('field-commodityDecimal').nth(i).fill(b.sell);
  }
  if (m.stock) {
    await page.getByTestId('lines-stocks-add').click();
    await chooseOption(page, form.getByTestId('field-depotId'), m.stock.depot);
    await form.getByTestId('field-initNumber').fill(m.stock.qty);
  }
}

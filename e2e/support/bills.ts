import type { Page } from 'playwright-core';
import { go } from './shell.ts';

/** The tab pane of one screen (every open tab keeps its own pane). */
export const pane = (page: Page, url: string) => page.locator(`[data-tab-pane="${url}"]`);
/** An option of the open select dropdown. */
export const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });
/** The open document form of one type (each screen keeps its own, hidden when closed). */
export const billModal = (page: Page, doc: string) => page.locator('.ant-modal').filter({ has: page.locator(`[data-testid="bill-form"][data-doc="${doc}"]`) });
export type BillModal = ReturnType<typeof billModal>;

/** Opens a document list by its menu url and its "new" form. */
export async function newBill(page: Page, url: string, doc: string): Promise<BillModal> {
  await go(page, url);
  const list = pane(page, url).getByTestId('bill-list');
  await list.getByTestId('list-add').click();
  const modal = billModal(page, doc);
  await modal.waitFor();
  return modal;
}

export async function choosePartner(page: Page, modal: BillModal, name: string): Promise<void> {
  await modal.getByTestId('bill-organ').click();
  await option(page, name).click();
}

/** Scans a barcode into the line grid and types quantity and price on the new line. */
export async function scanLine(modal: BillModal, barCode: string, n: string, price: string) {
  await modal.getByTestId('bill-barcode').fill(barCode);
  await modal.getByTestId('bill-barcode').press('Enter');
  const row = modal.locator('.ant-table-row').filter({ hasText: barCode });
  await row.waitFor();
  await row.getByTestId('line-operNumber').fill(n);
  await row.getByTestId('line-unitPrice').fill(price);
  return row;
}

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { confirmOk, fillMaterialForm, pane, rows } from './support/crud.ts';
import { openMenu, toast } from './support/shell.ts';

const browser = useBrowser();

async function searchBarCode(page: Page, materials: Locator, code: string) {
  await materials.getByTestId('search-barCode').fill(code);
  await materials.getByTestId('search-submit').click();
  await expect.poll(() => rows(materials).count()).toBe(1);
  return rows(materials).first();
}

describe('material export and re-import', () => {
  it('jsh creates, edits, disables, exports, deletes and re-imports a material with two barcodes', async () => {
    const { context, page } = await newPage(browser());
    const suffix = Date.now() % 100000;
    const [piece, box] = [`MX${suffix}01`, `MX${suffix}12`];
    await signIn(page, 'jsh');
    await openMenu(page, '商品管理', '/material/material');
    const materials = pane(page, '/material/material');
    const form = page.getByTestId('entity-form');

    await materials.getByTestId('list-add').click();
    await page.locator('.ant-modal-title').filter({ hasText: '新增商品' }).waitFor();
    await fillMaterialForm(page, {
      name: `往返商品${suffix}`,
      unit: '个/箱(1:12)',
      barCodes: [
        { code: piece, unit: '个', buy: '3.5', sell: '5' },
        { code: box, unit: '箱', buy: '40', sell: '58.8' },
      ],
      stock: { depot: '总仓', qty: '24' },
    });
    await page.getByTestId('form-save').click();
    await toast(page, '新增成功').waitFor();

    // search by the second barcode, then rename it
    let row = await searchBarCode(page, materials, box);
    await row.getByTestId('row-edit').click();
    await expect.poll(() => form.getByTestId('field-base-barCode').inputValue()).toBe(piece);
    await expect.poll(() => form.getByTestId('field-barCode').count()).toBe(1);
    await form.getByTestId('field-name').fill(`往返商品${suffix}改`);
    await page.getByTestId('form-save').click();
    await toast(page, '修改成功').waitFor();
    await row.filter({ hasText: `往返商品${suffix}改` }).waitFor();

    // disable it
    await row.locator('.ant-checkbox-input').check();
    await materials.getByTestId('list-disable').click();
    await toast(page, '操作成功').waitFor();
    await row.locator('.ant-tag').filter({ hasText: '禁用' }).waitFor();

    // export the selection: one row per barcode
    await row.locator('.ant-checkbox-input').check();
    const [download] = await Promise.all([page.waitForEvent('download'), materials.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^商品\d{10}\.xls$/);
    const sheet = fs.readFileSync((await download.path())!);

    // delete it: gone from the list, and its barcodes are free again
    await row.getByTestId('row-delete').click();
    await confirmOk(page).click();
    await toast(page, '删除成功').waitFor();
    await expect.poll(() => rows(materials).count()).toBe(0);

    // import the file: one material from its two rows
    await materials.getByTestId('list-import').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/vnd.ms-excel', buffer: sheet });
    await page.getByTestId('import-run').click();
    await dialog.getByTestId('import-report').filter({ hasText: '共 2 行（1 个商品），成功 1 个，失败 0 个' }).waitFor();
    await screenshot(page, 'material-import-report');
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();

    // found again by either barcode, with both barcode lines, prices and the opening stock
    row = await searchBarCode(page, materials, piece);
    await row
      .filter({ hasText: `往返商品${suffix}改` })
      .filter({ hasText: '个/箱(1:12)' })
      .waitFor();
    row = await searchBarCode(page, materials, box);
    await row.filter({ hasText: piece }).waitFor();
    await screenshot(page, 'material-reimported-list');
    await row.getByTestId('row-edit').click();
    await expect.poll(() => form.getByTestId('field-base-barCode').inputValue()).toBe(piece);
    await expect(form.getByTestId('field-base-commodityDecimal').inputValue()).resolves.toBe('5');
    await expect.poll(() => form.getByTestId('field-barCode').count()).toBe(1);
    await expect(form.getByTestId('field-barCode').nth(0).inputValue()).resolves.toBe(box);
    await expect(form.getByTestId('field-commodityDecimal').nth(0).inputValue()).resolves.toBe('58.8');
    await expect(form.getByTestId('field-initNumber').first().inputValue()).resolves.toBe('24');
    await form.getByTestId('field-initNumber').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'material-reimported-form');
    await page.getByRole('button', { name: /取\s*消/ }).click();

    // clean up
    await row.getByTestId('row-delete').click();
    await confirmOk(page).click();
    await toast(page, '删除成功').waitFor();
    await context.close();
  });
});

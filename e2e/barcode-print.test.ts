import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { api, apiSignIn } from './support/api.ts';
import { captureFailure, newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { chooseLanguage, go } from './support/shell.ts';
import { option, pane, rows } from './support/crud.ts';

const browser = useBrowser();
afterEach(captureFailure);

describe('barcode printing', () => {
  it('opens 条码打印, creates a template, picks a demo material and downloads the label PDF', async () => {
    const { token } = await apiSignIn('jsh');
    const found = await api('GET', '/labels/records?target=material&q=', { token });
    expect(found.body.code, JSON.stringify(found.body)).toBe(200);
    const material = (found.body.data as Array<{ id: number; code: string; name: string }>).at(-1)!;
    const name = `journey-${Date.now() % 1_000_000}`;

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await go(page, '/manufacture/barcode_print');
    const screen = pane(page, '/manufacture/barcode_print');
    await screen.getByTestId('lbl-new').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByTestId('lbl-name').fill(name);
    await dialog.getByTestId('lbl-columns').fill('2');
    await dialog.getByTestId('lbl-rows').fill('5');
    await page.getByTestId('lbl-save').click();
    await screen.getByTestId('lbl-templates').getByText(name, { exact: true }).click();
    await screen.getByText(`打印 · ${name}`).waitFor();

    // search the material by its code and add it; its label preview shows the barcode
    const pick = screen.getByTestId('lbl-pick');
    await pick.click();
    await pick.locator('input').fill(material.code);
    await option(page, material.code).first().click();
    await screen.getByTestId('lbl-items').getByText(material.code, { exact: true }).waitFor();
    await screen.getByTestId('lbl-copies').fill('12');
    await screen.getByTestId('lbl-preview').locator('img').waitFor();
    await expect
      .poll(() =>
        screen
          .getByTestId('lbl-preview')
          .locator('img')
          .evaluate((i: HTMLImageElement) => i.naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'barcode-print');

    const [download] = await Promise.all([page.waitForEvent('download'), screen.getByTestId('lbl-pdf').click()]);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // 12 labels on a 2 × 5 sheet: 2 pages
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);

    // the material list's row action 打印条码 opens the same screen with that material picked
    await go(page, '/material/material');
    const materials = pane(page, '/material/material');
    const row = rows(materials).first();
    await row.waitFor();
    await row.getByTestId('material-print-tag').click();
    await page.waitForURL(/\/manufacture\/barcode_print\?materialId=\d+/);
    const picked = Number(new URL(page.url()).searchParams.get('materialId'));
    const tagged = (await api('GET', `/labels/records?target=material&ids=${picked}`, { token })).body.data[0] as { code: string };
    await screen.getByTestId('lbl-items').getByText(tagged.code, { exact: true }).waitFor();
    await expect.poll(() => screen.getByTestId('lbl-items').locator('.ant-table-row').count()).toBe(1);

    await expect
      .poll(() =>
        screen
          .getByTestId('lbl-preview')
          .locator('img')
          .evaluate((i: HTMLImageElement) => i.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await chooseLanguage(page, 'en-US');
    await screen.getByTestId('lbl-pdf').getByText('Print PDF').waitFor();
    await screen.getByTestId('lbl-pdf').scrollIntoViewIfNeeded();
    await screenshot(page, 'barcode-print-phone-en');
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { go } from './shell.ts';

/**
 * Reads `read` until `ok` holds or `timeout` ms pass, then fails naming the last value read. Not vitest's
 * expect.poll: these helpers also drive benches (bench:keystroke), which run outside a test run.
 */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeout: number, wanted: string): Promise<void> {
  const end = Date.now() + timeout;
  // short steps, as expect.poll's: a condition met just after a long step would cost the journey that step
  for (let delay = 50; ; delay = Math.min(delay * 2, 200)) {
    const v = await read();
    if (ok(v)) return;
    if (Date.now() > end) throw new Error(`waited ${timeout} ms for ${wanted}; last read: ${String(v)}`);
    await new Promise((r) => setTimeout(r, delay));
  }
}

/** The tab pane of one screen (every open tab keeps its own pane). */
export const pane = (page: Page, url: string) => page.locator(`[data-tab-pane="${url}"]`);
/** An option of the open select dropdown. */
export const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });
/** The open document form of one type (each screen keeps its own, hidden when closed). */
export const documentModal = (page: Page, doc: string) =>
  page.locator('.ant-modal').filter({ has: page.locator(`[data-testid="bill-form"][data-doc="${doc}"]`) });
export type DocumentModal = ReturnType<typeof documentModal>;

/** Opens a document list by its menu url and its "new" form. */
export async function newDocument(page: Page, url: string, doc: string): Promise<DocumentModal> {
  await go(page, url);
  const list = pane(page, url).getByTestId('bill-list');
  await list.getByTestId('list-add').click();
  const modal = documentModal(page, doc);
  // the form has its defaults (typing before that would be reset by the opening)
  await modal.locator('[data-testid="bill-form"][data-ready="1"]').waitFor();
  return modal;
}

export async function choosePartner(page: Page, modal: DocumentModal, name: string): Promise<void> {
  const select = modal.getByTestId('bill-organ');
  // on a loaded machine a click may land while the dropdown is still opening: then choose again
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await option(page, name).click();
    try {
      await until(
        () => select.textContent(),
        (t) => !!t?.includes(name),
        attempt < 3 ? 10_000 : 30_000,
        `the partner ${name} chosen`,
      );
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await page.keyboard.press('Escape');
    }
  }
}

/** Scans a barcode into the line grid and types quantity and price on the new line. */
export async function scanLine(modal: DocumentModal, barCode: string, n: string, price: string) {
  await modal.getByTestId('bill-barcode').fill(barCode);
  await modal.getByTestId('bill-barcode').press('Enter');
  const row = modal.locator('.ant-table-row').filter({ hasText: barCode });
  await row.waitFor();
  await row.getByTestId('line-operNumber').fill(n);
  await row.getByTestId('line-unitPrice').fill(price);
  return row;
}

/**
 * Saves the open form (or saves and audits it) and waits for it to close. A refusal shown instead fails the
 * journey with its text (an earlier save's 保存成功 may still be on screen, so the closing form is the sign).
 */
export async function saveDocument(page: Page, modal: DocumentModal, audit = false): Promise<void> {
  const warnings = page.locator('.ant-message-notice .ant-message-warning, .ant-message-notice .ant-message-error');
  const before = await warnings.count();
  // watched for from the click: on a loaded machine the form may be seen closing only after the 3 s toast has gone
  const saved = page.locator('.ant-message-notice').filter({ hasText: '保存成功' }).last().waitFor({ timeout: 120_000 });
  saved.catch(() => undefined); // awaited below; a refusal ends the journey first
  await modal.getByTestId(audit ? 'bill-save-audit' : 'bill-save').click();
  // a field the form refuses shows under the field, not as a message
  const fieldErrors = modal.locator('.ant-form-item-explain-error');
  const state = async () =>
    (await modal.isHidden())
      ? 'closed'
      : (await warnings.count()) > before
        ? `refused: ${await warnings.last().textContent()}`
        : (await fieldErrors.count())
          ? `field refused: ${await fieldErrors.first().textContent()}`
          : 'open';
  // as long as an action may take on a loaded machine
  await until(state, (v) => v === 'closed', 90_000, 'the form closed');
  await saved;
}

/** The newest document of a list whose items mention the text: its number. */
export async function newestNumber(page: Page, url: string, text: string): Promise<string> {
  const row = pane(page, url).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text }).first();
  await row.waitFor();
  return (await row.locator('td').nth(1).textContent())!.trim();
}

/** Picks an option of a select by its visible text, once an earlier dropdown has finished closing (its options look alike). */
export async function choose(page: Page, select: ReturnType<Page['locator']>, text: string): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown')).every(
      (d) => d.offsetParent === null || d.classList.contains('ant-select-dropdown-hidden'),
    ),
  );
  // a click on the select lost on a loaded machine opens nothing (CI, session 17: the option was waited for 90 s): it
  // is clicked again, unless a dropdown is open and only slow to fill
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  for (let attempt = 1; ; attempt++) {
    if (attempt === 1 || !(await open.isVisible())) await select.click();
    try {
      await option(page, text)
        .last()
        .waitFor({ timeout: attempt < 3 ? 15_000 : undefined });
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
  // a click that lands while the dropdown is still opening is lost, leaving it open: then the option is clicked again
  const picked = page.locator('.ant-select-dropdown .ant-select-item-option-selected').filter({ hasText: text });
  for (let attempt = 1; ; attempt++) {
    await option(page, text).last().click();
    try {
      await until(
        () => picked.count(),
        (n) => n > 0,
        10_000,
        `${text} selected`,
      );
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      if (!(await option(page, text).last().isVisible())) return; // closed: taken, shown some other way
    }
  }
}

import { describe, expect, it } from 'vitest';
import { newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { go } from './support/shell.ts';
import { pane } from './support/documents.ts';

const browser = useBrowser();

/** The header cells named here that are not wholly inside both the window and the table's visible box. */
async function hiddenHeaders(page: import('playwright-core').Page, url: string, titles: string[]): Promise<string[]> {
  const list = pane(page, url).getByTestId('bill-list');
  await list.locator('.ant-table-thead th').first().waitFor();
  return list.evaluate((root, names) => {
    const table = root.querySelector('.ant-table-container')!.getBoundingClientRect();
    const right = Math.min(window.innerWidth, table.right);
    const ths = Array.from(root.querySelectorAll<HTMLElement>('.ant-table-thead th'));
    return names.filter((n) => {
      const th = ths.find((e) => e.innerText.trim() === n);
      if (!th) return true;
      const r = th.getBoundingClientRect();
      // a fixed cell sits on top of the scrolled ones; a plain cell past the edge is cut off
      return r.left < table.left - 1 || r.right > right + 1 || r.width < 20;
    });
  }, titles);
}

describe('document lists', () => {
  for (const width of [1280, 1440]) {
    it(`show number, date, partner, amount and status without scrolling at ${width} px`, async () => {
      const { context, page } = await newPage(browser(), { width, height: 800 });
      await signIn(page, 'jsh');
      await go(page, '/bill/sale_out');
      expect(await hiddenHeaders(page, '/bill/sale_out', ['单据编号', '单据日期', '客户', '金额', '状态'])).toEqual([]);
      await go(page, '/bill/purchase_in');
      expect(await hiddenHeaders(page, '/bill/purchase_in', ['单据编号', '单据日期', '供应商', '金额', '状态'])).toEqual([]);
      await screenshot(page, `document-list-${width}`);
      await context.close();
    });
  }
});

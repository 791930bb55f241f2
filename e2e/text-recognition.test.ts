import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, settled, signIn, useBrowser } from './support/browser.ts';
import { choose, pane } from './support/documents.ts';
import { chooseLanguage, go, toast } from './support/shell.ts';

const browser = useBrowser();
const URL = '/bill/text_recognition';

type Token = { token: string };
const ok = async <T = { id: number }>(t: Token, method: string, url: string, body?: unknown): Promise<T> => {
  const r = await api(method, url, { token: t.token, body });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data as T;
};

/** A run tag of Chinese characters (the recognizer matches letters; digits would split a name). */
const tag = () => Array.from({ length: 4 }, () => '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥'[Math.floor(Math.random() * 22)]).join('');

/** A customer and two materials sold by the bottle and by the case (24 bottles), named with the run's tag. */
async function setup(t: Token, run: string) {
  const customer = `${run}商行`;
  await ok(t, 'POST', '/supplier/add', { name: customer, type: '客户' });
  const unitId = (await ok(t, 'POST', '/unit/add', { name: `瓶,箱(1:24)${run}`, basicUnit: '瓶', otherUnit: '箱', ratio: 24 })).id;
  const code = () => `TX${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  for (const name of [`${run}汽水`, `${run}果汁`])
    await ok(t, 'POST', '/material/add', {
      name,
      unitId,
      barCodes: [
        { barCode: code(), commodityUnit: '瓶', wholesaleDecimal: '3' },
        { barCode: code(), commodityUnit: '箱', wholesaleDecimal: '60' },
      ],
    });
  return { customer, soda: `${run}汽水`, juice: `${run}果汁` };
}

describe('text recognition journey', () => {
  it('pastes a chat order, sees the guesses highlighted, fixes one, saves the draft order and finds it in the sales orders (zh, phone)', async () => {
    const run = tag();
    const t = await apiSignIn('jsh');
    const s = await setup(t, run);
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, 'jsh');
      await go(page, URL);
      const screen = page.getByTestId('textai-page');
      await screen.getByTestId('textai-input').fill(`${s.customer} 要 ${s.soda} 10箱 ${s.juice} 5瓶 明天送到`);
      await screen.getByTestId('textai-recognize').click();
      const marks = screen.getByTestId('textai-highlight').locator('mark');
      await expect.poll(() => marks.allTextContents()).toEqual([s.customer, s.soda, '10箱', s.juice, '5瓶', '明天']);
      await expect
        .poll(() => marks.evaluateAll((m) => m.map((e) => e.getAttribute('data-kind'))))
        .toEqual(['customer', 'material', 'quantity', 'material', 'quantity', 'date']);
      const lines = screen.getByTestId('textai-line');
      await expect.poll(() => lines.count()).toBe(2);
      await expect.poll(() => screen.getByTestId('textai-total').textContent()).toContain('615.00');
      await settled(page);
      await screenshot(page, 'text-recognition-zh-phone');

      // the juice came in cases, not bottles: fix the unit and the quantity
      await choose(page, lines.nth(1).getByTestId('textai-unit'), '箱');
      await lines.nth(1).getByTestId('textai-qty').fill('6');
      await expect.poll(() => screen.getByTestId('textai-total').textContent()).toContain('960.00');
      await screen.getByTestId('textai-save').click();
      await toast(page, '已保存销售订单').waitFor();
      const saved = screen.getByTestId('textai-saved');
      const number = /XSDD\d+/.exec((await saved.textContent()) ?? '')![0];
      await screenshot(page, 'text-recognition-saved-zh-phone');

      const detail = await ok<{ rows: { materialName?: string; name?: string; operNumber: number | string; unit?: string; commodityUnit?: string }[] }>(
        t,
        'GET',
        `/depotHead/getDetailByNumber?number=${number}`,
      );
      expect(JSON.stringify(detail)).toContain(s.customer);

      await saved.getByRole('button', { name: '查看销售订单' }).click();
      await page.waitForURL(`**/bill/sale_order`);
      await pane(page, '/bill/sale_order').getByText(number).first().waitFor();
      await settled(page);
      await screenshot(page, 'text-recognition-sale-orders-zh-phone');
    } finally {
      await context.close();
    }
  });

  it('reads in English, says what it could not recognise, and keeps the aliases (en, phone)', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, 'jsh');
      await chooseLanguage(page, 'en-US');
      await go(page, URL);
      const screen = page.getByTestId('textai-page');
      await screen.getByTestId('textai-input').fill('hello, nothing to order here, see you next Monday');
      await screen.getByRole('button', { name: 'Recognise' }).click();
      await screen.getByText('No customer or material recognised').waitFor();
      await expect.poll(() => screen.getByTestId('textai-highlight').locator('mark').allTextContents()).toEqual(['next Monday']);
      await settled(page);
      await screenshot(page, 'text-recognition-en-phone');

      // a unit alias added and deleted in the aliases panel
      const word = `crate${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
      await screen.getByText('Recognition aliases').click();
      const aliases = screen.getByTestId('textai-aliases');
      await choose(page, aliases.locator('.ant-select').first(), 'Unit');
      await aliases.getByPlaceholder('Unit', { exact: true }).fill('箱');
      await aliases.getByPlaceholder('Alias').fill(word);
      await aliases.getByRole('button', { name: 'Add' }).click();
      await toast(page, 'Alias added').waitFor();
      const row = aliases.locator('.ant-table-row').filter({ hasText: word });
      await expect.poll(() => row.textContent()).toContain('Unit: 箱');
      await row.scrollIntoViewIfNeeded();
      await settled(page);
      await screenshot(page, 'text-recognition-aliases-en-phone');
      await row.getByRole('button', { name: 'Remove' }).click();
      await page
        .locator('.ant-popconfirm:visible')
        .getByRole('button', { name: /OK|确\s*定/ })
        .click();
      await toast(page, 'Alias deleted').waitFor();
      await row.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

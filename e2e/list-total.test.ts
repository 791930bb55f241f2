import { afterEach, describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { captureFailure, newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { chooseLanguage, go } from './support/shell.ts';
import { pane, rows } from './support/crud.ts';

const browser = useBrowser();
afterEach(captureFailure);

/**
 * The pager's total says when it is the server's estimate (`totalEstimated`, past LIST_COUNT_CAP,
 * decisions.md "Lists at a million rows"). A normal run checks the exact text; run with a small cap
 * (LIST_COUNT_CAP=5, inherited by the e2e server) it checks the estimated one.
 */
describe('list pager total', () => {
  it('shows the same total as the API, marked as approximate when the server estimated it', async () => {
    const loginName = `pager${Date.now() % 1_000_000}`;
    expect((await api('POST', '/user/registerUser', { body: { loginName, password: 'abc123', confirmPassword: 'abc123' } })).body.code).toBe(200);
    const { token } = await apiSignIn(loginName, 'abc123');
    for (let i = 1; i <= 12; i++) expect((await api('POST', '/supplier/add', { token, body: { name: `估算供应商${i}`, type: '供应商' } })).body.code).toBe(200);
    const search = encodeURIComponent(JSON.stringify({ type: '供应商' }));
    const reply = (await api('GET', `/supplier/list?currentPage=1&pageSize=10&search=${search}`, { token })).body.data;
    expect(reply.rows).toHaveLength(10);
    const estimated = reply.totalEstimated === true;

    const { context, page } = await newPage(browser());
    await signIn(page, loginName, 'abc123');
    await go(page, '/system/vendor');
    const list = pane(page, '/system/vendor');
    await rows(list).first().waitFor();
    await list.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '10 条/页' }).click();
    const total = list.locator('.ant-pagination-total-text');
    await total.filter({ hasText: /^1-10 / }).waitFor();
    expect(await total.textContent()).toBe(estimated ? `1-10 共约 ${reply.total} 条` : `1-10 共 ${reply.total} 条`);
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await screenshot(page, `list-total-${estimated ? 'estimated' : 'exact'}`);
    await chooseLanguage(page, 'en-US');
    await total.filter({ hasText: /of/ }).waitFor();
    expect(await total.textContent()).toBe(estimated ? `1-10 of about ${reply.total}` : `1-10 of ${reply.total}`);
    await context.close();
  });
});

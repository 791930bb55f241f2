import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, settled, signIn, useBrowser } from './support/browser.ts';
import { go, openMenu, toast } from './support/shell.ts';

const browser = useBrowser();

const pane = (page: Page, url: string) => page.locator(`[data-tab-pane="${url}"]`);
const rows = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const menuLeaf = (page: Page, url: string) => page.locator(`[data-testid="side-menu"] [data-menu="${url}"]`);

describe('administration screens', () => {
  it('renames a material field: the material list and form use the alias', async () => {
    const alias = `产地${Date.now() % 10000}`;
    const { token } = await apiSignIn('jsh');
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'jsh');
      await openMenu(page, '商品管理', '/material/material_property');
      const props = pane(page, '/material/material_property');
      const maker = rows(props).filter({ hasText: 'manufacturer' });
      await maker.getByTestId('prop-edit').click();
      await maker.getByTestId('prop-alias').fill(alias);
      await maker.getByTestId('prop-save').click();
      await toast(page, '修改成功').waitFor();
      await maker.filter({ hasText: alias }).waitFor();
      await screenshot(page, 'admin-material-property');

      await go(page, '/material/material');
      const materials = pane(page, '/material/material');
      await materials.locator('thead th').filter({ hasText: alias }).waitFor();
      await materials.getByTestId('list-add').click();
      const form = page.getByTestId('entity-form');
      await form.locator('label').filter({ hasText: alias }).waitFor();
      expect(
        await form
          .locator('label')
          .filter({ hasText: /^制造商$/ })
          .count(),
      ).toBe(0);
      await screenshot(page, 'admin-material-form-alias');
      await page.getByRole('button', { name: /取\s*消/ }).click();
    } finally {
      const list = (await api('GET', '/materialProperty/list', { token })).body.data.rows as Array<{ id: number; nativeName: string }>;
      const id = list.find((p) => p.nativeName === '制造商')!.id;
      await api('PUT', '/materialProperty/update', { token, body: { id, anotherName: '制造商' } });
      await context.close();
    }
  });

  it('switches negative stock in the system configuration and keeps it after a reload', async () => {
    const { token } = await apiSignIn('jsh');
    const before = (await api('GET', '/systemConfig/getCurrentInfo', { token })).body.data as { minusStockFlag: boolean; stockApprovalFlag: boolean };
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'jsh');
      await openMenu(page, '系统管理', '/system/system_config');
      const sw = page.getByTestId('cfg-minusStockFlag');
      const audit = page.getByTestId('cfg-stockApprovalFlag');
      await expect.poll(() => sw.getAttribute('aria-checked')).toBe(String(before.minusStockFlag));
      await sw.click();
      await audit.click();
      await page.getByTestId('cfg-save').click();
      await toast(page, '保存成功').waitFor();
      await page.reload();
      await expect.poll(() => page.getByTestId('cfg-minusStockFlag').getAttribute('aria-checked')).toBe(String(!before.minusStockFlag));
      expect(await page.getByTestId('cfg-stockApprovalFlag').getAttribute('aria-checked')).toBe(String(!before.stockApprovalFlag));
      await screenshot(page, 'admin-system-config');
    } finally {
      await api('PUT', '/systemConfig/update', { token, body: { minusStockFlag: before.minusStockFlag, stockApprovalFlag: before.stockApprovalFlag } });
      await context.close();
    }
  });

  it('shows the platform configuration to the platform administrator only', async () => {
    const admin = await newPage(browser());
    await signIn(admin.page, 'admin');
    await openMenu(admin.page, '系统管理', '/system/platform_config');
    await expect.poll(() => admin.page.getByTestId('plat-trial-days').inputValue()).toMatch(/^\d+$/);
    // registration is open in the demo database
    await expect.poll(() => admin.page.getByTestId('plat-register').getAttribute('aria-checked')).toBe('true');
    await screenshot(admin.page, 'admin-platform-config');
    await admin.context.close();

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await page.getByTestId('side-menu').getByText('系统管理', { exact: true }).click();
    await menuLeaf(page, '/system/system_config').waitFor();
    expect(await menuLeaf(page, '/system/platform_config').count()).toBe(0);
    const { token } = await apiSignIn('jsh');
    expect((await api('GET', '/platformConfig/list', { token })).status).toBe(403);
    await context.close();
  });

  it('sends an announcement to everyone from the message administration; it reaches the bell', async () => {
    const title = `全员公告 ${Date.now()}`;
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await page.waitForResponse((r) => r.url().endsWith('/msg/getList'));
    await openMenu(page, '系统管理', '/system/msg');
    const admin = pane(page, '/system/msg');
    await admin.getByTestId('msg-admin-add').click();
    const form = page.getByTestId('msg-admin-form');
    // a draft first: nobody gets it until it is sent, and it can still be edited
    await form.getByTestId('msg-form-title').fill(`${title} 草稿`);
    await form.getByTestId('msg-form-content').fill('周五下午盘点，请提前完成出入库。');
    await page.getByTestId('msg-form-draft').click();
    await toast(page, '保存成功').waitFor();
    const draft = rows(admin).filter({ hasText: `${title} 草稿` });
    await draft.filter({ hasText: '草稿' }).getByTestId('msg-admin-edit').click();
    await expect.poll(() => form.getByTestId('msg-form-title').inputValue()).toBe(`${title} 草稿`);
    await form.getByTestId('msg-form-title').fill(title);
    // the push notice shows for 4 s: watch for it from the moment of sending, not after the list has caught up
    const pushed = page
      .locator('.ant-notification-notice')
      .filter({ hasText: title })
      .filter({ hasNotText: '草稿' })
      .waitFor()
      .then(
        () => true,
        (e: Error) => e.message,
      );
    await page.getByTestId('msg-form-send').click();
    await toast(page, '发送成功').waitFor();
    const row = rows(admin).filter({ hasText: title });
    await row.filter({ hasText: '已发送' }).waitFor();
    expect(await row.locator('td').nth(3).textContent()).toMatch(/^0 \/ [1-9]\d*$/);
    await screenshot(page, 'admin-messages');

    // pushed to jsh's own bell (everyone includes the sender)
    expect(await pushed).toBe(true);
    await page.getByTestId('notice-bell').click();
    await page.getByTestId('bell-popover').getByTestId('bell-item').filter({ hasText: title }).waitFor();
    await screenshot(page, 'admin-message-bell');
    // and jsh_sales has it unread too
    const sales = await apiSignIn('jsh_sales');
    const inbox = (await api('POST', '/msg/getList', { token: sales.token, body: { currentPage: 1, pageSize: 999, status: 0 } })).body.data.records as Array<{
      msgTitle: string;
    }>;
    expect(inbox.map((m) => m.msgTitle)).toContain(title);
    await context.close();
  });

  it('runs the warehouse list and form at 390×844', async () => {
    const name = `手机仓库${Date.now() % 100000}`;
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await signIn(page, 'jsh');
    await go(page, '/system/depot');
    const depot = pane(page, '/system/depot');
    const list = depot.locator('[data-testid="entity-list"][data-mobile="true"]');
    await rows(list).first().waitFor();
    // one search field until expanded; the page itself never scrolls sideways, the table does
    expect(await list.getByTestId('search-form').locator('.ant-form-item').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const body = list.locator('.ant-table-content, .ant-table-body').first();
    expect(await body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await list.locator('.ant-pagination-simple').waitFor();
    await screenshot(page, 'admin-mobile-depot-list');

    await list.getByTestId('search-name').fill('仓');
    await list.getByTestId('search-submit').click();
    await expect.poll(async () => (await rows(list).allInnerTexts()).every((t) => t.includes('仓'))).toBe(true);
    await screenshot(page, 'admin-mobile-depot-search');

    await list.getByTestId('list-add').click();
    const form = page.getByTestId('entity-form');
    await form.getByTestId('field-name').waitFor();
    await settled(page);
    const box = await page.locator('.ant-modal:visible').boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(389);
    expect(box!.x).toBeLessThanOrEqual(1);
    await form.getByTestId('field-name').fill(name);
    await form.getByTestId('field-address').fill('手机上新增');
    await screenshot(page, 'admin-mobile-depot-form');
    await page.getByTestId('form-save').click();
    await toast(page, '新增成功').waitFor();
    await list.getByTestId('search-name').fill(name);
    await list.getByTestId('search-submit').click();
    await rows(list).filter({ hasText: name }).waitFor();
    await screenshot(page, 'admin-mobile-depot-saved');

    const { token } = await apiSignIn('jsh');
    const found = (await api('GET', `/depot/list?search=${encodeURIComponent(JSON.stringify({ name }))}&currentPage=1&pageSize=10`, { token })).body.data.rows;
    expect(found).toHaveLength(1);
    await api('DELETE', `/depot/delete?id=${found[0].id}`, { token });
    await context.close();
  });
});

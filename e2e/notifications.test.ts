import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiSignIn } from './support/api.ts';
import { clickUntil, newPage, signIn, useBrowser } from './support/browser.ts';
import { toast } from './support/shell.ts';

const browser = useBrowser();

async function badgeCount(page: Page): Promise<number> {
  const count = page.getByTestId('notice-bell').locator('.ant-badge-count');
  return (await count.count()) ? Number(await count.getAttribute('title')) : 0;
}

async function sendAsSales(title: string): Promise<void> {
  const { token } = await apiSignIn('jsh_sales');
  const users = (await api('GET', '/user/list?currentPage=1&pageSize=9999', { token })).body.data.rows as Array<{ id: number; loginName: string }>;
  const jsh = users.find((u) => u.loginName === 'jsh')!;
  const r = await api('POST', '/msg/saveMsg', { token, body: { type: '0', msgTitle: title, msgContent: `<p>${title}</p>`, userIds: String(jsh.id) } });
  expect(r.body.code).toBe(200);
}

describe('notifications', () => {
  it('updates the bell when another user sends a message, pushed over the WebSocket', async () => {
    const { context, page } = await newPage(browser());
    const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/websocket/'));
    await signIn(page, 'jsh');
    const ws = await socket;
    expect(ws.url()).toMatch(/\/websocket\/\d+\?token=/);
    await page.waitForResponse((r) => r.url().endsWith('/msg/getList'));
    const before = await badgeCount(page);

    // The server registers the socket once it has checked its token; a message sent before that is
    // not pushed (the 6 s poll would still show it). So send until one arrives as a pushed frame: that
    // proves the push path without guessing how long the check takes on a busy machine. How fast it
    // arrives (SPEC: within 2 s) is a latency, measured by bench/, not asserted here.
    let title = '';
    let sent = 0;
    for (let pushed = false; !pushed;) {
      expect(sent, 'no message was pushed over the WebSocket').toBeLessThan(20);
      title = `到货提醒 ${Date.now()}`;
      // handled at once: on a loaded machine the send itself may outlast the wait, whose rejection would otherwise be
      // unhandled until the send returned (CI, session 18: the run counted it as an error)
      const frame = ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes(title), timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      await sendAsSales(title);
      sent++;
      pushed = await frame;
    }
    // At least: a scheduled reminder reaching jsh meanwhile adds to the count, so an exact total would never come.
    await page.waitForFunction((n) => {
      const el = document.querySelector('[data-testid="notice-bell"] .ant-badge-count');
      return Number(el?.getAttribute('title') ?? 0) >= n;
    }, before + sent);
    await page.locator('.ant-notification-notice').filter({ hasText: title }).waitFor();

    // the popover lists it; opening it marks it read from the bell (status 2)
    await page.getByTestId('notice-bell').click();
    const item = page.getByTestId('bell-popover').getByTestId('bell-item').filter({ hasText: title });
    // counted from just before the click: a scheduled reminder may have reached the bell since the sends
    const unread = () => page.evaluate(() => Number(document.querySelector('[data-testid="notice-bell"] .ant-badge-count')?.getAttribute('title') ?? 0));
    const beforeRead = await unread();
    await item.click();
    await page.locator('.ant-modal').filter({ hasText: title }).waitFor();
    await expect.poll(unread).toBe(beforeRead - 1);
    await context.close();
  });

  it('runs the message centre: search, read, handled, mark all read, send', async () => {
    // titles of this try only: a retry must not find the first try's messages beside its own
    const tag = Date.now().toString(36);
    const [titleA, titleB] = [`盘点通知 A-${tag}`, `盘点通知 B-${tag}`];
    await sendAsSales(titleA);
    await sendAsSales(titleB);
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await page.getByTestId('notice-bell').click();
    const centre = page.getByTestId('message-centre');
    // a click while the popover is still opening may be lost (CI, session 19: the centre never came)
    await clickUntil(page.getByTestId('bell-popover').getByRole('button', { name: '查看全部消息' }), centre.locator('.ant-table-row').first());
    // page size 5 with 5/10/20/30
    await centre.locator('.ant-pagination-options .ant-select').click();
    for (const n of ['5 条/页', '10 条/页', '20 条/页', '30 条/页']) await page.locator('.ant-select-item-option').filter({ hasText: n }).waitFor();
    await page.keyboard.press('Escape');

    await centre.getByTestId('msg-title-search').fill(titleA);
    await centre.getByRole('button', { name: /查\s*询|搜\s*索/ }).click();
    const row = centre.locator('.ant-table-row').filter({ hasText: titleA });
    await row.waitFor();
    await expect.poll(() => centre.locator('.ant-table-row').count()).toBe(1);
    await row.getByRole('button', { name: '标为已处理' }).click();
    await row.getByText('已处理', { exact: true }).waitFor();
    await row
      .getByRole('button', { name: '查 看' })
      .or(row.getByRole('button', { name: '查看' }))
      .click();
    await page
      .locator('.ant-modal')
      .filter({ hasText: titleA })
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await row.getByText('已读', { exact: true }).waitFor();

    await centre.getByRole('button', { name: /全部已读/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .filter({ hasText: '确定将全部消息标为已读吗？' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await centre.getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => centre.locator('.ant-table-row').filter({ hasText: '未读' }).count()).toBe(0);

    await centre.getByTestId('msg-send').click();
    const send = page.getByTestId('send-dialog');
    await send.getByTestId('send-title').fill(`回复：盘点已安排 ${tag}`);
    // a click that lands while the dropdown is still opening chooses nothing: choose until the recipient is in the field
    // (and never click a chosen option again: in a multiple select that would take it out)
    const chosen = send.getByTestId('send-users').locator('.ant-select-selection-item').filter({ hasText: 'jsh_sales' });
    await expect
      .poll(async () => {
        if (await chosen.count()) return 1;
        if (!(await page.locator('.ant-select-dropdown:visible').count())) await send.getByTestId('send-users').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'jsh_sales' }).click();
        return chosen.count();
      })
      .toBe(1);
    await send.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '发送成功').waitFor();
    const { token } = await apiSignIn('jsh_sales');
    const inbox = await api('POST', '/msg/list', { token, body: { currentPage: 1, pageSize: 5, msgTitle: `回复：盘点已安排 ${tag}` } });
    expect(inbox.body.data.total).toBe(1);
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, settled, signIn, useBrowser } from './support/browser.ts';
import { openMenu } from './support/shell.ts';

const browser = useBrowser();

describe('background jobs', () => {
  it('lists the company jobs under 系统管理 → 后台任务 with state and progress', async () => {
    const { token } = await apiSignIn('jsh');
    // runNow runs the reminder job inline and records it like a scheduled run
    expect((await api('POST', '/reminderSetting/runNow', { token, body: {} })).body.code).toBe(200);
    const jobs = (await api('GET', '/job/list?name=reminders', { token })).body.data as { rows: Array<{ id: number; state: string }> };
    expect(jobs.rows[0]!.state).toBe('done');
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'jsh');
      await openMenu(page, '系统管理', '/system/job');
      const table = page.getByTestId('job-table');
      const row = table.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '提醒' }).first();
      await row.filter({ hasText: '已完成' }).waitFor();
      await expect.poll(() => row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      expect(await row.textContent()).toContain('1 / 1');
      await settled(page);
      await screenshot(page, 'system-jobs');
    } finally {
      await context.close();
    }
  });
});

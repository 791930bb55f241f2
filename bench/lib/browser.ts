import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, type Page } from 'playwright-core';
import { cleanups } from './exit-guard.ts';

/**
 * Debian's headless Chromium, desktop size, signed in to the server at `base` (the tour marked as seen, so no mask
 * covers the page), closed by the bench's cleanups.
 */
export async function signedInPage(base: string, loginName = 'jsh', password = '123456'): Promise<Page> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(() => localStorage.setItem('tour:/dashboard/analysis', JSON.stringify({ value: '3.3', expire: Date.now() + 864e6 })));
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.locator('#loginName').fill(loginName);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard/analysis');
  return page;
}

/** The web app the server serves, built first when absent (or always with `force`). */
export function webBuilt(root: string, force = false): void {
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html')) && !force) return;
  const r = spawnSync('npm', ['run', 'build', '-w', '@erp/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('web build failed');
}

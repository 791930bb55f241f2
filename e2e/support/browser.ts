import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
export const HOME = '/dashboard/analysis';
export const TOUR_KEY = `tour:${HOME}`;

export function baseUrl(): string {
  return inject('baseUrl');
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** One headless Chromium per test file, closed after it; a failed journey's open pages are pictured. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(captureFailure);
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** leave the first-visit tour on (only the tour journey wants it) */
  tour?: boolean;
}

/** A fresh browser profile (own local storage) with one page. */
export async function newPage(browser: Browser, opts: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: 'zh-CN',
  });
  if (!opts.tour) {
    // the tour covers the page with a mask; journeys other than the tour's own mark it as seen
    await context.addInitScript((key) => {
      localStorage.setItem(key, JSON.stringify({ value: '3.3', expire: Date.now() + 864e6 }));
    }, TOUR_KEY);
  }
  // playwright's 30 s default is too short for a first render on a loaded CI machine
  context.setDefaultTimeout(90_000);
  context.setDefaultNavigationTimeout(90_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()} ${r.url()}`));
  pageProblems.set(page, problems);
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return { context, page };
}

const pageProblems = new WeakMap<Page, string[]>();
const openPages = new Set<Page>();

/** afterEach hook: a failed journey leaves its pages open; picture them and list the browser's complaints. */
export async function captureFailure(ctx: { task: { name: string; result?: { state?: string } } }): Promise<void> {
  if (ctx.task.result?.state !== 'fail') return;
  for (const page of openPages) await explain(page, ctx.task.name.replace(/\W+/g, '_').slice(0, 40), undefined).catch(() => undefined);
  for (const page of openPages)
    await page
      .context()
      .close()
      .catch(() => undefined);
}

/** On a failed step: a screenshot and what the browser complained about, to tell flakes from bugs. */
async function explain(page: Page, what: string, e: unknown): Promise<never> {
  const name = `failure-${what}-${Date.now()}`;
  await screenshot(page, name).catch(() => undefined);
  console.error(`${what} failed at ${page.url()} (screenshot ${name}.png)\n${(pageProblems.get(page) ?? []).join('\n')}`);
  throw e;
}

export async function signIn(page: Page, loginName: string, password = '123456', expectPath = HOME): Promise<void> {
  try {
    await page.goto('/user/login');
    await fillSignIn(page, loginName, password);
    await page.waitForURL(`**${expectPath}`);
    await page.getByTestId('sider').or(page.getByTestId('menu-trigger')).first().waitFor();
  } catch (e) {
    await explain(page, `sign-in-${loginName}`, e);
  }
}

export async function fillSignIn(page: Page, loginName: string, password: string): Promise<void> {
  await page.locator('#loginName').fill(loginName);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** antd's open/close animations have finished (endless ones, such as spinners, aside): a mid-zoom dialog is neither measurable nor worth a picture. */
export function settled(page: Page): Promise<unknown> {
  return page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Clicks `target` until `done` shows. On a loaded machine a click during an opening animation may be lost (CI); each
 * click gets 15 s to show its effect before the next, and a target no longer shown (the first click took) is not
 * clicked again, so a click that adds something adds it once.
 */
export async function clickUntil(target: Locator, done: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (attempt === 1 || (await target.isVisible())) await target.click();
    try {
      await done.waitFor({ timeout: attempt < 3 ? 15_000 : undefined });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/** Local-storage value written by the app's cache (JSON {value, expire}). */
export async function cached<T>(page: Page, key: string): Promise<T | undefined> {
  return page.evaluate((k) => {
    const raw = localStorage.getItem(k);
    return raw ? (JSON.parse(raw) as { value: T }).value : undefined;
  }, key);
}

import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ENTITIES } from '@erp/entities';
import { api, apiSignIn } from './support/api.ts';
import { captureFailure, HOME, newPage, signIn, useBrowser } from './support/browser.ts';
import { pane } from './support/documents.ts';

const browser = useBrowser();
afterEach(captureFailure);

interface MenuNode {
  text: string;
  url: string;
  children?: MenuNode[];
}

/*
 * Every menu entry opens a working screen (issue 24 item 7): the walk fails on an entry without one (the shell
 * shows 404 for it), on an error toast, a failed request or a browser error, and on a blank pane.
 */

const leaves = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

/** The entity-kit lists each menu url shows (partners: three pages; child lines live in their parent's form). */
const entityLists = new Map<string, string[]>();
for (const e of Object.values(ENTITIES).filter((x) => x.kind !== 'line'))
  for (const m of typeof e.menu === 'string' ? [e.menu] : [...e.menu]) entityLists.set(m, [...(entityLists.get(m) ?? []), e.name]);
entityLists.set('/system/user', ['user']);

/**
 * An entity's list on its screen: there (in its own tab when the screen holds several lists in tabs), and with the
 * SPEC §9 total text when it has rows, the empty state otherwise.
 */
async function checkEntityList(page: Page, url: string, name: string, problems: string[]): Promise<void> {
  const list = pane(page, url).locator(`[data-testid="entity-list"][data-entity="${name}"]`);
  const tab = pane(page, url).locator(`[data-entity-tab="${name}"]`);
  try {
    await list.or(tab).first().waitFor({ timeout: 30_000 });
    if (!(await list.isVisible())) await tab.click();
    const total = list.locator('.ant-pagination-total-text');
    await total.or(list.locator('.ant-table-placeholder .ant-empty')).first().waitFor({ timeout: 30_000 });
    const text = (await total.count()) ? await total.textContent() : null;
    if (text !== null && !/^\d+-\d+ 共 \d+ 条$/.test(text)) problems.push(`${name}: total text "${text}"`);
  } catch (e) {
    problems.push(`${name}: no entity list (${(e as Error).message.split('\n')[0]})`);
  }
}

/** What one menu entry shows once it settles: no screen (404), a screen, or nothing. */
async function visit(page: Page, url: string, problems: string[]): Promise<'none' | 'screen' | 'blank'> {
  problems.length = 0;
  // inside the app, as a menu click goes (a reload per entry would cost the whole app's start each time)
  await page.evaluate((u) => {
    history.pushState(null, '', u);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  const screen = pane(page, url);
  await screen.waitFor({ state: 'attached' });
  const shown = async () => {
    if (await screen.locator('[data-testid^="exception-"]').count()) return 'none';
    const text = (await screen.innerText()).trim();
    const spinning = await screen.locator('.ant-spin-spinning').count();
    return text && !spinning ? 'screen' : 'blank';
  };
  // a screen's chunk and first data arrive within the poll; a pane still empty after it is blank
  await expect
    .poll(shown, { timeout: 30_000 })
    .not.toBe('blank')
    .catch(() => undefined);
  const errors = await page.locator('.ant-message-error, .ant-notification-notice-error').allInnerTexts();
  problems.push(...errors.map((e) => `error toast: ${e}`));
  const result = await shown();
  if (result === 'screen') for (const name of entityLists.get(url) ?? []) await checkEntityList(page, url, name, problems);
  return result;
}

describe('menu walk', () => {
  it('opens every menu entry of the demo administrator: a working screen without errors, every entity list there', async () => {
    const { token, userId } = await apiSignIn('jsh');
    const menu = await api<MenuNode[]>('POST', '/function/findMenuByPNumber', { token, body: { pNumber: '0', userId } });
    const urls = leaves(menu.body.data)
      .map((l) => l.url)
      .filter((u) => u && !u.startsWith('http'));
    expect(urls.length).toBeGreaterThan(100);
    // an entity page outside the menu is walked too (its list would go unchecked otherwise)
    urls.push(...[...entityLists.keys()].filter((u) => !urls.includes(u)));

    const { context, page } = await newPage(browser());
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()} ${r.url()}`));
    await signIn(page, 'jsh');
    const failures: string[] = [];
    for (const [i, url] of urls.entries()) {
      // every open entry stays alive in its tab: start afresh now and then
      if (i % 25 === 0) await page.goto(HOME);
      const shown = await visit(page, url, problems);
      if (shown === 'blank') failures.push(`${url}: blank`);
      if (shown === 'none') failures.push(`${url}: no screen`);
      failures.push(...problems.map((p) => `${url}: ${p}`));
    }
    console.log(`menu walk: ${urls.length} entries, ${failures.length} failures`);
    expect(failures).toEqual([]);
    await context.close();
  }, 900_000);
});

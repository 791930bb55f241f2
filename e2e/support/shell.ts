import type { Locator, Page } from 'playwright-core';

/** Opens a screen through the side menu: area submenu, then leaf (by url). */
export async function openMenu(page: Page, area: string, url: string): Promise<void> {
  const leaf = page.locator(`[data-testid="side-menu"] [data-menu="${url}"]`);
  if (!(await leaf.isVisible())) await page.getByTestId('side-menu').getByText(area, { exact: true }).click();
  await leaf.click();
  await page.waitForURL(`**${url}`);
}

export async function openUserMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  const entry = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: item });
  await entry.waitFor();
  // the entry's own click handler, not a pointer click: a pointer click during the menu's opening animation was lost,
  // or hit the page under the still-transparent menu and closed it without the entry's action (CI, session 19: the
  // 切换部门 dialog never came); the menu staying open means the click was lost, so it is made again
  for (let attempt = 1; ; attempt++) {
    await entry.dispatchEvent('click');
    try {
      await entry.waitFor({ state: 'hidden', timeout: 10_000 });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

export function tab(page: Page, path: string) {
  return page.locator(`[data-testid="tab-bar"] [data-tab="${path}"]`);
}

export async function tabPaths(page: Page): Promise<string[]> {
  return page.locator('[data-testid="tab-bar"] [data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')!));
}

/** The newest toast with that text (an earlier identical one may still be fading out). */
export function toast(page: Page, text: string) {
  return page.locator('.ant-message-notice').filter({ hasText: text }).last();
}

export async function chooseLanguage(page: Page, lang: 'en-US' | 'zh-CN'): Promise<void> {
  // a choice lost on a loaded machine (CI, session 15) is made again: the page's lang says whether it took. So is a
  // lost click on the switch itself (CI, session 17: no popover came, and the entry was waited for until the timeout)
  for (let attempt = 1; ; attempt++) {
    try {
      await pickLanguage(page, lang, attempt < 3 ? 15_000 : undefined);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: attempt < 3 ? 15_000 : undefined });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await page.keyboard.press('Escape');
    }
  }
}

async function pickLanguage(page: Page, lang: 'en-US' | 'zh-CN', timeout?: number): Promise<void> {
  await page.getByTestId('lang-switch').first().click();
  // A header button's tooltip (full screen's, flipped below the header) has been seen covering the popover's first
  // entry after a language change although the pointer had left the header: its mouseleave never came. Wait for
  // tooltips to close; if one stays, hover the full-screen button and leave it, as a user's pointer would.
  const tooltips = page.locator('.ant-tooltip:not(.ant-tooltip-hidden):visible');
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.mouse.move(0, (page.viewportSize()?.height ?? 600) - 1);
    if (await waitGone(tooltips, 3_000)) break;
    const fullScreen = page.getByTestId('full-screen').first();
    if (await fullScreen.isVisible()) await fullScreen.hover();
  }
  // the newest popover: an earlier one may still be fading out on a busy machine
  const entry = page.locator(`.ant-popover:visible [data-lang="${lang}"]`).last();
  try {
    await entry.click({ timeout: 15_000 });
  } catch {
    // a tooltip that never got its mouseleave still covers the entry (CI, session 15): click the entry itself
    await entry.dispatchEvent('click', undefined, { timeout });
  }
}

async function waitGone(locator: Locator, timeout: number): Promise<boolean> {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
    return true;
  } catch {
    return false;
  }
}

/**
 * Right-click a tab and pick an entry of its menu; waits for the menu to close again. A page that is still
 * settling (a screen's chunk or data arriving) may close the menu before the click lands: then it is opened again.
 */
export async function tabMenu(page: Page, path: string, item: string): Promise<void> {
  // every tab menu shown so far is closed (hidden, or fading out of layout); an invisible leftover does not count
  const menusClosed = (timeout?: number) =>
    page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown')).every(
          (d) => d.offsetParent === null || d.classList.contains('ant-dropdown-hidden'),
        ),
      undefined,
      { timeout },
    );
  for (let attempt = 1; ; attempt++) {
    // an earlier menu may still be fading out on a busy machine: wait for it, then use the newest
    await menusClosed();
    await tab(page, path).click({ button: 'right' });
    const entry = page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
      .last()
      .locator('.ant-dropdown-menu-item')
      .filter({ hasText: new RegExp(`^${item}$`) });
    try {
      // the entry's own click handler, not a pointer click: on a loaded machine the menu's opening animation kept the
      // entry "not stable", then a pointer click at its place hit the page under the still-transparent menu and
      // closed it (CI, session 18: 90 s waiting for an entry no longer shown)
      await entry.waitFor({ timeout: attempt < 3 ? 15_000 : undefined });
      await entry.dispatchEvent('click');
      // a menu may still close without its entry's action (CI, session 15): then again — each entry is idempotent
      // (closing the tabs left of one twice closes nothing more)
      await menusClosed(attempt < 3 ? 15_000 : undefined);
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await page.keyboard.press('Escape');
    }
  }
}

/** Click the close icon of a tab; a click lost on a loaded machine (CI, session 18: the tab stayed) is made again. */
export async function closeTabIcon(page: Page, path: string): Promise<void> {
  const remove = tab(page, path).locator('xpath=ancestor::div[contains(@class,"ant-tabs-tab")]').locator('.ant-tabs-tab-remove');
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1 && !(await tab(page, path).count())) return;
    await remove.click();
    try {
      await tab(page, path).waitFor({ state: 'detached', timeout: attempt < 3 ? 15_000 : undefined });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/** Client-side navigation (the router follows popstate): much faster than reloading the app per screen. */
export async function go(page: Page, url: string): Promise<void> {
  await page.evaluate((u) => {
    history.pushState({}, '', u);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForURL(`**${url}`);
}

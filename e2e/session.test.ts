import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { cached, HOME, newPage, signIn, useBrowser } from './support/browser.ts';
import { openUserMenu, toast } from './support/shell.ts';
import { choose } from './support/documents.ts';

const browser = useBrowser();

/** jsh signs in to the company used last: put it back in 演示公司 for the other journeys. */
async function backToDemoCompany(): Promise<void> {
  const { token } = await apiSignIn('jsh');
  const list = (await api('GET', '/tenant/company/domain', { token })).body.data as Array<{ tenantId: number; name: string; current: boolean }>;
  const demo = list.find((c) => c.name === '演示公司')!;
  if (!demo.current) await api('POST', '/user/domain/login', { token, body: { tenantId: demo.tenantId } });
}

describe('session', () => {
  it('switches company (jsh → 试用公司) and gets that company’s menu', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'jsh');
      await openUserMenu(page, '切换公司');
      const dialog = page.getByTestId('company-dialog');
      await dialog.locator('.ant-select-placeholder').filter({ hasText: '请选择公司' }).waitFor();
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.locator('.ant-select-status-error').waitFor();
      await choose(page, page.getByTestId('company-select'), '试用公司');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await page.waitForURL(`**${HOME}`);
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('Login_Userinfo')!).value.tenantName === '试用公司');
      // a clerk in the trial company: warehouse menus, no system administration, and the expiry warning
      await page.getByTestId('side-menu').getByText('仓库管理', { exact: true }).waitFor();
      expect(await page.getByTestId('side-menu').getByText('系统管理', { exact: true }).count()).toBe(0);
      await page.locator('.ant-notification-notice').filter({ hasText: '您好，服务即将到期，请及时续费！' }).waitFor();
    } finally {
      await context.close();
      await backToDemoCompany();
    }
  });

  it('switches department (jsh: 总经办 → 销售部) with a required choice', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    const dialog = page.getByTestId('depart-dialog');
    const ok = dialog.getByRole('button', { name: /确\s*定/ });
    /** Picks a department; the dropdown must be gone before OK (a lost option click left it open over the button). */
    const pick = async (name: string) => {
      await choose(page, page.getByTestId('depart-select'), name);
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    };
    await openUserMenu(page, '切换部门');
    // a try that failed after the switch left jsh in 销售部: start from where he is, end in 总经办
    const title = dialog.locator('.ant-modal-title').filter({ hasText: '部门切换（当前部门 : ' });
    await title.waitFor();
    const from = (await title.textContent())!.includes('销售部') ? '销售部' : '总经办';
    const to = from === '总经办' ? '销售部' : '总经办';
    await ok.click();
    await dialog.locator('.ant-select-status-error').waitFor();
    await pick(to);
    await ok.click();
    await toast(page, '部门切换成功').waitFor();
    await expect(cached<{ departName: string }>(page, 'Login_Userinfo')).resolves.toMatchObject({ departName: to });
    if (to !== '总经办') {
      // leave jsh where the seed put him
      await openUserMenu(page, '切换部门');
      await dialog
        .locator('.ant-modal-title')
        .filter({ hasText: `部门切换（当前部门 : ${to}）` })
        .waitFor();
      await pick('总经办');
      await ok.click();
      await toast(page, '部门切换成功').waitFor();
      await expect.poll(() => cached<{ departName: string }>(page, 'Login_Userinfo').then((u) => u?.departName)).toBe('总经办');
    }
    await context.close();
  });

  it('validates the change-password form and changes a password', async () => {
    const loginName = `pwd${Date.now().toString(36)}`;
    await api('POST', '/user/registerUser', { body: { loginName, password: 'abc123', confirmPassword: 'abc123' } });
    const { context, page } = await newPage(browser());
    await signIn(page, loginName, 'abc123');
    await openUserMenu(page, '修改密码');
    const dialog = page.getByTestId('password-dialog');
    await expect(dialog.locator('.ant-modal').evaluate((e) => getComputedStyle(e).width)).resolves.toBe('800px');
    const ok = dialog.getByRole('button', { name: /确\s*定/ });
    const error = (text: string) => dialog.locator('.ant-form-item-explain-error').filter({ hasText: text });
    await ok.click();
    for (const text of ['请输入旧密码!', '请输入新密码!', '请确认新密码!']) await error(text).waitFor();
    await dialog.getByPlaceholder('至少6位，区分大小写').waitFor();
    await page.locator('#oldpassword').fill('abc123');
    await page.locator('#password').fill('abc123');
    await error('新密码和旧密码不能相同!').waitFor();
    await page.locator('#password').fill('abcdef');
    await error('密码由6位数字、小写字母组成!').waitFor();
    await page.locator('#password').fill('xyz789');
    await page.locator('#confirmPassword').fill('   ');
    await error('请输入密码!').waitFor();
    await page.locator('#confirmPassword').fill('xyz788');
    await error('两次密码不一致!').waitFor();
    // the server's refusal (wrong old password, status 2) is a warning and the dialog stays
    await page.locator('#oldpassword').fill('not-it');
    await page.locator('#confirmPassword').fill('xyz789');
    await ok.click();
    await toast(page, '旧密码不正确').waitFor();
    await expect(dialog.locator('.ant-modal').isVisible()).resolves.toBe(true);
    await page.locator('#oldpassword').fill('abc123');
    await ok.click();
    await toast(page, '修改成功').waitFor();
    await dialog.locator('.ant-modal').waitFor({ state: 'hidden' });
    await expect(apiSignIn(loginName, 'xyz789')).resolves.toMatchObject({ token: expect.any(String) });
    await context.close();
  });

  it('shows the login-expired dialog when the session ends elsewhere', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh_sales');
    const token = (await cached<string>(page, 'Access-Token'))!;
    const out = await api('GET', '/user/logout', { token });
    expect(out.status).toBe(200);
    const expired = page.locator('.ant-modal-confirm').filter({ hasText: '登录已过期，请重新登录' });
    // the next call shows the dialog: our click, or the bell's 6 s poll if it comes first
    const click = openUserMenu(page, '切换公司').catch(() => undefined);
    await expired.waitFor();
    void click;
    await expect(page.locator('.ant-modal-confirm').count()).resolves.toBe(1);
    await expired.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL('**/user/login**');
    await expect(cached(page, 'Access-Token')).resolves.toBeUndefined();
    await context.close();
  });

  it('logs out after confirmation and ends the token', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh_sales');
    const token = (await cached<string>(page, 'Access-Token'))!;
    await page.getByTestId('logout').click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '真的要注销登录吗 ?' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/user/login');
    await expect(cached(page, 'Access-Token')).resolves.toBeUndefined();
    await expect(cached(page, 'userId')).resolves.toBeUndefined();
    const after = await api('GET', '/user/infoWithTenant', { token });
    expect(after.status).toBe(500);
    expect(after.body).toBe('loginOut');
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { api, apiSignIn, md5 } from './support/api.ts';
import { cached, fillSignIn, HOME, newPage, screenshot, signIn, useBrowser } from './support/browser.ts';

const browser = useBrowser();

const failure = (page: import('playwright-core').Page, text: string) =>
  page.locator('.ant-notification-notice').filter({ hasText: '登录失败' }).filter({ hasText: text });

describe('sign-in', () => {
  it('shows the sign-in page with title, version and language switch', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/login');
    await expect(page.getByTestId('system-title').textContent()).resolves.toBe('ERP 企业管理系统');
    await expect(page.getByTestId('version').textContent()).resolves.toBe('V3.3');
    await expect(page.title()).resolves.toBe('ERP 企业管理系统');
    await screenshot(page, 'login');
    await page.getByTestId('lang-switch').locator('[data-lang="en-US"]').click();
    await page.getByTestId('system-title').filter({ hasText: 'ERP Enterprise Suite' }).waitFor();
    await page.getByTestId('login-submit').filter({ hasText: 'Sign in' }).waitFor();
    await page.getByTestId('lang-switch').locator('[data-lang="zh-CN"]').click();
    await page.getByTestId('system-title').filter({ hasText: 'ERP 企业管理系统' }).waitFor();
    await context.close();
  });

  it('asks for a captcha while the platform wants one, and sends it', async () => {
    const { token } = await apiSignIn('admin');
    const captchas = (on: boolean) => api('PUT', '/platformConfig/update', { token, body: { platformKey: 'checkcode_flag', platformValue: on ? '1' : '0' } });
    expect((await captchas(true)).body.code).toBe(200);
    const { context, page } = await newPage(browser());
    try {
      await page.goto('/user/login');
      const image = page.getByTestId('captcha-image');
      await expect.poll(() => image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      await fillSignIn(page, 'jsh', '123456');
      await page.getByText('请输入验证码').waitFor();
      const first = await image.getAttribute('src');
      await page.locator('#captcha').fill('zzzz');
      await page.getByTestId('login-submit').click();
      await failure(page, '验证码错误').waitFor();
      // a used captcha is replaced by a new picture
      await expect.poll(() => image.getAttribute('src')).not.toBe(first);
    } finally {
      await captchas(false);
      await context.close();
    }
  });

  it('shows each refusal the API can produce under 登录失败', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/login');
    await fillSignIn(page, 'nobody_here', '123456');
    await failure(page, '用户不存在').waitFor();
    await fillSignIn(page, 'trial_clerk', 'wrong-password');
    await failure(page, '用户密码不正确').waitFor();
    expect(page.url()).toContain('/user/login');
    await expect(cached(page, 'Access-Token')).resolves.toBeUndefined();

    // five wrong passwords from one address slow that address down: the sixth try answers 429 with the wait
    const loginName = `lock${Date.now().toString(36)}`;
    const reg = await api('POST', '/user/registerUser', { body: { loginName, password: 'abc123', confirmPassword: 'abc123' } });
    expect(reg.body.code).toBe(200);
    for (let i = 0; i < 5; i++) await api('POST', '/user/login', { body: { loginName, password: md5('nope') } });
    // the first wait is 1 s, which a slow machine's typing can outlast; each try that gets through is one more failure
    // and doubles the wait, so within a few tries the page is refused however slow it is
    for (let attempt = 1; ; attempt++) {
      const reply = page.waitForResponse((r) => r.url().endsWith('/user/login'));
      await fillSignIn(page, loginName, 'wrong-password');
      if ((await reply).status() === 429) break;
      expect(attempt, 'the sign-in page was never slowed down').toBeLessThan(8);
    }
    await failure(page, '登录失败次数过多').waitFor();
    await context.close();
  });

  it('shows 用户被禁用 for a blacklisted user and 试用期已结束 for an expired company', async () => {
    const { context, page } = await newPage(browser());
    // a company with a second user, whom its administrator blacklists
    const owner = `own${Date.now().toString(36)}`;
    const reg = await api('POST', '/user/registerUser', { body: { loginName: owner, password: 'abc123', confirmPassword: 'abc123' } });
    const tenantId = reg.body.data.tenantId as number;
    const { token } = await apiSignIn(owner, 'abc123');
    const clerk = `${owner}c`;
    const roleId = (await api('GET', '/role/allList', { token })).body.data[0].id as number;
    const added = await api('POST', '/user/addUser', { token, body: { loginName: clerk, username: '店员', roleIds: [roleId] } });
    expect(added.body.code).toBe(200);
    expect((await api('POST', '/user/batchSetStatus', { token, body: { status: 2, ids: String(added.body.data.id) } })).body.code).toBe(200);
    await page.goto('/user/login');
    await fillSignIn(page, clerk, '123456');
    await failure(page, '用户被禁用').waitFor();
    // the platform administrator lets the company expire
    const admin = await apiSignIn('admin');
    const expired = await api('PUT', '/tenant/update', { token: admin.token, body: { id: tenantId, expireTime: '2020-01-01 00:00:00' } });
    expect(expired.body.code).toBe(200);
    await fillSignIn(page, owner, 'abc123');
    await failure(page, '试用期已结束，请联系客服续费').waitFor();
    await context.close();
  });

  it('signs in, stores the session for 7 days and returns to the requested page', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/bill/sale_order');
    await page.waitForURL('**/user/login?redirect=%2Fbill%2Fsale_order');
    // a refusal first: its notice must not stay over the page after the successful sign-in
    await fillSignIn(page, 'jsh', 'wrong-password');
    await failure(page, '用户密码不正确').waitFor();
    await fillSignIn(page, 'jsh', '123456');
    await page.waitForURL('**/bill/sale_order');
    await page.getByTestId('page-title').filter({ hasText: '销售订单' }).waitFor();
    await expect.poll(() => page.title()).toBe('销售订单 - ERP 企业管理系统');
    await expect.poll(() => page.locator('.ant-notification-notice').filter({ hasText: '登录失败' }).count()).toBe(0);

    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!) as { value: string; expire: number });
    expect(token.value).toMatch(/\S{16,}/);
    expect(token.expire - Date.now()).toBeGreaterThan(604800000 - 120000);
    for (const key of ['userId', 'login_Username', 'Login_Userinfo', 'winBtnStrList', 'roleType', 'permissionList']) {
      await expect(cached(page, key), key).resolves.toBeDefined();
    }
    await page.waitForFunction(() => localStorage.getItem('materialPropertyList') !== null);

    // signed in: / and /user/login lead to the main page; unknown paths to /404
    await page.goto('/user/login');
    await page.waitForURL(`**${HOME}`);
    await page.goto('/');
    await page.waitForURL(`**${HOME}`);
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await context.close();
  });

  it('keeps signed-out users on the open routes', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user');
    await page.waitForURL('**/user/login');
    await page.goto('/extra/shippingPlan/42');
    await page.getByTestId('shipping-plan').filter({ hasText: '42' }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL(/\/user\/login\?redirect=%2Fdashboard/);
    await context.close();
  });

  it('registers a company and shows the result page', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/register');
    const loginName = `reg${Date.now().toString(36)}`;
    await page.locator('#loginName').fill(loginName);
    await page.locator('#password').fill('abc');
    await page.locator('#confirmPassword').fill('abd');
    await page.getByTestId('register-submit').click();
    await page.getByText('密码由6位数字、小写字母组成!').waitFor();
    await page.getByText('两次密码不一致!').waitFor();
    await page.locator('#password').fill('abc123');
    await page.locator('#confirmPassword').fill('abc123');
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/user/register-result?**');
    await page.getByText(`你的账户：${loginName} 注册成功`).waitFor();
    await context.close();
  });

  it('warns a trial company about expiry and shows the payment advert', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, 'trial');
    await page.locator('.ant-notification-notice').filter({ hasText: '您好，服务即将到期，请及时续费！' }).waitFor();
    await page.getByTestId('pay-advert').waitFor();
    await expect.poll(() => page.getByTestId('pay-link').getAttribute('href')).toBe('/pay');
    await context.close();
  });

  it('does not warn a paid company far from expiry', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh_sales');
    await page.waitForTimeout(800);
    await expect(page.locator('.ant-notification-notice').filter({ hasText: '服务即将到期' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('pay-advert').count()).resolves.toBe(0);
    await context.close();
  });
});

import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiSignIn } from './support/api.ts';
import { captureFailure, newPage, screenshot, settled, signIn, useBrowser } from './support/browser.ts';
import { pane, rows } from './support/crud.ts';
import { chooseLanguage } from './support/shell.ts';
import MailComposer from 'nodemailer/lib/mail-composer';
import { mailServers, type MailServers } from '../apps/server/src/test-support/mail-servers.ts';
import { SAMPLE } from '../apps/server/src/test-support/upload.ts';

const browser = useBrowser();
afterEach(captureFailure);
const MAIL = '/business/EmailIsReception';
let srv: MailServers;
beforeAll(async () => {
  srv = await mailServers();
});

/** 邮箱设置 filled in on the screen: the private Dovecot for IMAP, the test's SMTP server for sending. */
async function fillSettings(page: Page, box: { user: string; password: string }) {
  const dialog = page.getByTestId('mail-setting-dialog');
  // the test id sits on the modal's root, which has no box of its own (its content is fixed-positioned): wait for a field
  await dialog.getByTestId('mail-email').waitFor();
  await dialog.getByTestId('mail-email').fill(`${box.user}@crm.test`);
  for (const [p, host, port, user, password] of [
    ['imap', '127.0.0.1', srv.imapPort, box.user, box.password],
    ['smtp', '127.0.0.1', srv.smtpPort, srv.smtpUser, srv.smtpPassword],
  ] as const) {
    await dialog.getByTestId(`mail-${p}-host`).fill(host);
    await dialog.getByTestId(`mail-${p}-port`).fill(String(port));
    if ((await dialog.getByTestId(`mail-${p}-tls`).getAttribute('aria-checked')) === 'true') await dialog.getByTestId(`mail-${p}-tls`).click();
    await dialog.getByTestId(`mail-${p}-user`).fill(user);
    await dialog.getByTestId(`mail-${p}-password`).fill(password);
  }
  await dialog.getByRole('button', { name: /确 定|确定|OK/ }).click();
  await dialog.getByTestId('mail-email').waitFor({ state: 'detached' });
}

describe('CRM mail journey', () => {
  it('a mail delivered to Dovecot appears on the customer’s timeline after a sync, and is answered from the screen', async () => {
    const run = crypto.randomBytes(3).toString('hex');
    const customer = `邮件客户${run}`;
    const email = `buyer-${run}@customer.test`;
    const subject = `询价 ${run}`;
    const box = srv.addUser();
    const { token } = await apiSignIn('jsh');
    expect((await api('POST', '/crm/lead/add', { token, body: { name: customer, contacts: '李经理', email } })).body.code).toBe(200);
    // an HTML mail with its logo inline, as a mail client writes it
    const html = `<p><img src="cid:logo@customer.test" alt="logo"></p><p>请报价 <b>200 件</b>。</p><p>编号 ${run}</p><script>document.title='x'</script>`;
    const logo = { filename: 'logo.png', content: SAMPLE.png(), contentType: 'image/png', cid: 'logo@customer.test' };
    const source = await new MailComposer({
      from: `李经理 <${email}>`,
      to: `${box.user}@crm.test`,
      subject,
      text: `请报价 200 件。\n编号 ${run}`,
      html,
      attachments: [logo],
    })
      .compile()
      .build();
    srv.deliver(box.user, source);

    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'jsh');
      await page.goto(MAIL);
      const mail = pane(page, MAIL);
      await mail.getByTestId('mail-settings-open').click();
      await fillSettings(page, box);
      await mail.getByTestId('mail-sync').click();
      await rows(mail).filter({ hasText: subject }).waitFor();
      await expect.poll(() => page.getByTestId('mail-unread').textContent()).toMatch(/[1-9]/);
      await screenshot(page, 'crm-mail-inbox');

      await page.goto('/crm/potential_customer');
      const leads = pane(page, '/crm/potential_customer');
      await leads.getByPlaceholder('客户名称').fill(customer);
      await leads
        .getByRole('button', { name: '查 询' })
        .or(leads.getByRole('button', { name: '查询' }))
        .click();
      await rows(leads)
        .filter({ hasText: customer })
        .getByRole('button', { name: /详情|详 情/ })
        .click();
      const drawer = page.getByTestId('crm-customer-drawer');
      await drawer.getByTestId('crm-timeline-mail').filter({ hasText: subject }).click();
      const reader = page.getByTestId('mail-reader');
      const body = reader.getByTestId('mail-reader-body').filter({ hasText: `编号 ${run}` });
      await body.waitFor();
      // the HTML shown sanitised: its bold text, its inline logo loaded from the stored attachment, no script
      await body.locator('b', { hasText: '200 件' }).waitFor();
      await expect.poll(() => body.locator('img[alt="logo"]').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
      expect(await body.locator('script').count()).toBe(0);
      await screenshot(page, 'crm-mail-html');
      await reader.getByTestId('mail-reply').click();
      const compose = page.getByTestId('mail-compose');
      await expect.poll(() => compose.getByTestId('mail-compose-to').inputValue()).toBe(email);
      await compose.getByTestId('mail-compose-body').fill(`您好，200 件报价见下。${run}`);
      await settled(page);
      await screenshot(page, 'crm-mail-reply');
      const before = srv.received.length;
      await compose.getByRole('button', { name: /发 送|发送/ }).click();
      await expect.poll(() => srv.received.slice(before).some((m) => m.parsed.subject === `Re: ${subject}`)).toBe(true);
      const sent = srv.received.slice(before).find((m) => m.parsed.subject === `Re: ${subject}`)!;
      expect(sent.to).toEqual([email]);
      expect(sent.parsed.text).toContain(`200 件报价见下。${run}`);
      await drawer
        .getByTestId('crm-timeline-mail')
        .filter({ hasText: `发出邮件：Re: ${subject}` })
        .waitFor();
      await screenshot(page, 'crm-mail-timeline');
    } finally {
      await context.close();
    }
  });

  it('shows the mailbox and its settings in English at phone width', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, 'jsh');
      await chooseLanguage(page, 'en-US');
      await page.goto(MAIL);
      const mail = pane(page, MAIL);
      await mail.getByRole('tab', { name: 'Inbox' }).waitFor();
      await mail.getByRole('tab', { name: 'Sent' }).click();
      // the reply of the journey above when it ran first; an empty list (a retry of this test alone) is fine too
      await mail.locator('.ant-table-tbody tr.ant-table-row, .ant-table-tbody .ant-empty').first().waitFor();
      await screenshot(page, 'crm-mail-sent-phone-en');
      await mail.getByTestId('mail-settings-open').click();
      const dialog = page.getByTestId('mail-setting-dialog');
      await dialog.getByText('Incoming server (IMAP)').waitFor();
      await expect.poll(() => dialog.getByTestId('mail-imap-password').getAttribute('placeholder')).toBe('Saved (leave empty to keep)');
      await screenshot(page, 'crm-mail-settings-phone-en');
    } finally {
      await context.close();
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { rfc822 } from '../../../test-support/mail-servers.ts';
import { demoApi, seededRandom } from '../../../platform/demo/demo-api.ts';
import { crmDemoActivity } from '../index.ts';
import { okData, refusal } from './fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});

describe('the CRM demo story', () => {
  it('fills the board, the pool, the follow-ups, the won figures and two customers’ mails through the API', async () => {
    const t = await newTenant(app, 'crmdemo');
    await crmDemoActivity(await demoApi(app, '/api', t.loginName, t.password), seededRandom(1));
    const board = await okData(t.api.get('/crm/board'));
    expect(board.stages.reduce((a: number, s: any) => a + s.count, 0)).toBe(8);
    expect((await okData(t.api.get('/crm/pool/list'))).total).toBe(2);
    expect((await okData(t.api.get('/crm/follow/list'))).total).toBeGreaterThanOrEqual(2);
    expect((await okData(t.api.get('/crm/dashboard'))).wonByMonth).toHaveLength(1);

    // mails without a mail server: on the converted leads' timelines, the enquiry in HTML with its logo inline
    const inbox = (await okData(t.api.get('/crm/mail/list?pageSize=50'))).rows as Array<{ id: number; subject: string; customers: Array<{ name: string }> }>;
    expect(inbox).toHaveLength(4);
    const byCustomer = (name: string) => inbox.filter((m) => m.customers.some((c) => c.name === name)).map((m) => m.subject);
    expect(byCustomer('杭州启明电子有限公司').sort()).toEqual(['回复：询价：LED 灯带 500 米', '询价：LED 灯带 500 米']);
    expect(byCustomer('苏州恒远机械厂')).toEqual(['图纸确认：支架 B 型']);
    const enquiry = await okData(t.api.get(`/crm/mail/detail?id=${inbox.find((m) => m.subject === '询价：LED 灯带 500 米')!.id}`));
    expect(enquiry.html).toMatch(/<img alt="启明电子" data-attachment-id="\d+" \/>/);
    expect([enquiry.inlineImages.length, enquiry.attachments]).toEqual([1, []]);
    const news = await okData(t.api.get(`/crm/mail/detail?id=${inbox.find((m) => m.subject === '2026 照明展参展邀请')!.id}`));
    expect([news.blockedImages, news.customers]).toEqual([1, []]);
    const drawing = await okData(t.api.get(`/crm/mail/detail?id=${inbox.find((m) => m.subject === '图纸确认：支架 B 型')!.id}`));
    expect(drawing.attachments.map((a: any) => [a.fileName, a.stored])).toEqual([['规格表.csv', true]]);
  });

  it('imports an .eml into the caller’s mailbox once; a source that is not a mail is refused and writes nothing', async () => {
    const t = await newTenant(app, 'crmeml');
    const count = async () => (await okData(t.api.get('/crm/mail/list'))).total as number;
    const eml = rfc822({ from: 'a@customer.test', to: 'me@crm.test', subject: 'Imported', text: '正文', messageId: '<imp-1@customer.test>' });
    const first = await okData(t.api.post('/crm/mail/import', { eml }));
    expect(first.imported).toBe(true);
    expect(await okData(t.api.post('/crm/mail/import', { eml }))).toEqual({ id: first.id, imported: false });
    const d = await okData(t.api.get(`/crm/mail/detail?id=${first.id}`));
    expect([d.direction, d.subject, d.body.trim(), d.seen, d.html]).toEqual(['in', 'Imported', '正文', true, null]);
    expect(await refusal(t.api.post('/crm/mail/import', { eml: 'not a mail at all' }))).toBe('邮件内容无法识别：需要发件人和主题或正文');
    expect(await refusal(t.api.post('/crm/mail/import', { eml: '' }))).toContain('请提供邮件内容');
    expect(await refusal(t.api.post('/crm/mail/import', { eml, direction: 'sideways' }))).toBeTruthy();
    expect(await count()).toBe(1);
  });
});

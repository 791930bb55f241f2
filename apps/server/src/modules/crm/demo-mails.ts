import MailComposer from 'nodemailer/lib/mail-composer';
import type { DemoApi } from '../../platform/demo/demo-api.ts';
import { addDays, today } from '../../platform/clock.ts';

/**
 * 演示公司's mails (issue 20): without a mail server, a few mails are imported as .eml (POST /crm/mail/import) into
 * jsh's mailbox, so two customers' timelines and 邮件接收 show mail: an HTML enquiry with the customer's logo inline,
 * jsh's answer, a drawing confirmation with a spreadsheet attached, and a newsletter whose tracking image is blocked.
 */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAQCAIAAADfzGvmAAAAL0lEQVR42mP4P8gAw6iDSHGQxAR8aNRBpDgokqpgODpoNA2NpqHRNDRalw1fBwEA+DWngq/lai4AAAAASUVORK5CYII=',
  'base64',
);
const ME = 'jsh@huaxia-demo.cn';

const at = (daysAgo: number, hour: number) => new Date(`${addDays(today(), -daysAgo)}T${String(hour).padStart(2, '0')}:12:00+08:00`);

const eml = (m: ConstructorParameters<typeof MailComposer>[0]) => new MailComposer(m).compile().build();

export async function importDemoMails(api: DemoApi, qiming: string, hengyuan: string): Promise<void> {
  const enquiryId = '<demo-enquiry-1@qiming-demo.cn>';
  const mails: Array<{ direction: 'in' | 'out'; source: Buffer }> = [
    {
      direction: 'in',
      source: await eml({
        from: `陈经理 <${qiming}>`,
        to: ME,
        subject: '询价：LED 灯带 500 米',
        messageId: enquiryId,
        date: at(6, 9),
        text: '您好，我司需采购 LED 灯带 500 米（暖白 3000K），请报含税价和交期。',
        html: `<p><img src="cid:logo@qiming-demo.cn" alt="启明电子"></p>
<p>您好，</p><p>我司需采购以下物料，请报<b>含税价</b>和交期：</p>
<table border="1" cellpadding="4" style="border-collapse:collapse"><tr><th>物料</th><th>规格</th><th>数量</th></tr>
<tr><td>LED 灯带</td><td>暖白 3000K</td><td>500 米</td></tr><tr><td>电源适配器</td><td>12V 5A</td><td>40 个</td></tr></table>
<p style="color:#595959">陈经理 · 杭州启明电子有限公司</p>`,
        attachments: [{ filename: 'logo.png', content: LOGO, contentType: 'image/png', cid: 'logo@qiming-demo.cn' }],
      }),
    },
    {
      direction: 'out',
      source: await eml({
        from: ME,
        to: qiming,
        subject: '回复：询价：LED 灯带 500 米',
        inReplyTo: enquiryId,
        references: [enquiryId],
        date: at(5, 14),
        text: '陈经理您好：LED 灯带暖白 3000K 含税 18.50 元/米，电源适配器 12V 5A 含税 45 元/个，现货，下单后 3 天发货。',
      }),
    },
    {
      direction: 'in',
      source: await eml({
        from: `刘工 <${hengyuan}>`,
        to: ME,
        subject: '图纸确认：支架 B 型',
        date: at(2, 10),
        text: '附件是支架 B 型的规格表，请确认孔距后安排打样。',
        attachments: [{ filename: '规格表.csv', content: Buffer.from('\ufeff件号,孔距(mm),材质\nB-01,120,Q235\nB-02,150,Q235\n'), contentType: 'text/csv' }],
      }),
    },
    {
      direction: 'in',
      source: await eml({
        from: '展会组委会 <news@expo-demo.cn>',
        to: ME,
        subject: '2026 照明展参展邀请',
        date: at(1, 16),
        text: '诚邀贵司参加 2026 照明展。',
        html: '<h3>2026 照明展</h3><p>诚邀贵司参加，展位有限。</p><img src="https://expo-demo.cn/track.gif?u=jsh" width="1" height="1">',
      }),
    },
  ];
  for (const m of mails) await api.post('/crm/mail/import', { eml: m.source.toString('utf8'), direction: m.direction });
}

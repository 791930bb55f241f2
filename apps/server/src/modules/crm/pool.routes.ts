import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { assign, claim, convert, release } from './pool.service.ts';
import { createLead, findDuplicates } from './lead.service.ts';
import { reclaimNow } from './reclaim.ts';
import { crmSetting, updateSetting } from './setting.service.ts';

const tags = ['crm'];
const POOL = '/crm/high_seas';
const LEADS = '/crm/potential_customer';
const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max).optional();
const days = z.number().int().min(0).max(3650);

const leadBody = z.strictObject({
  name: z.string().trim().min(1, '名称不能为空').max(100),
  contacts: text(50),
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '请输入正确的手机号码')
    .optional(),
  telephone: text(30),
  email: z.string().trim().email('请输入正确的邮箱地址').max(100).optional(),
  taxNum: text(50),
  address: text(200),
  source: text(50),
  industry: text(50),
  grade: text(50),
  tags: z.array(z.string().trim().min(1).max(30)).max(20).optional(),
  description: text(500),
  toPool: z.boolean().optional(),
  force: z.boolean().optional(),
});

export const poolRoutes = [
  defineRoute({
    method: 'POST',
    url: '/crm/lead/add',
    summary: 'Add a lead (potential customer): refused when a customer has the same name, phone or tax number (force skips phone and tax number)',
    tags,
    access: { menu: LEADS, btn: '1' },
    body: leadBody,
    handler: ({ tx, session, req, body }) => createLead({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/lead/duplicates',
    summary: 'Customers sharing the name, phone or tax number, with what matches',
    tags,
    access: { menu: LEADS },
    query: z.strictObject({ name: text(100), phone: text(30), taxNum: text(50) }),
    handler: ({ tx, session, query }) => findDuplicates(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/lead/convert',
    summary: 'Convert a lead into a customer (enabled for documents; the caller holds it if nobody does)',
    tags,
    access: { menu: LEADS, btn: '1' },
    body: z.strictObject({ partnerId: id }),
    handler: ({ tx, session, req, body }) => convert({ tx, session, ip: req.ip }, body.partnerId),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/pool/claim',
    summary: 'Claim a customer from the high seas, within the per-user cap',
    tags,
    access: { menu: POOL, btn: '1' },
    body: z.strictObject({ partnerId: id }),
    handler: ({ tx, session, req, body }) => claim({ tx, session, ip: req.ip }, body.partnerId),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/pool/assign',
    summary: 'Give a customer to a user (manager), within that user’s cap',
    tags,
    access: { menu: POOL, btn: '1' },
    body: z.strictObject({ partnerId: id, userId: id }),
    handler: ({ tx, session, req, body }) => assign({ tx, session, ip: req.ip }, body.partnerId, body.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/pool/release',
    summary: 'Put a held customer back into the high seas (its holder or a manager)',
    tags,
    access: { menu: '/crm/customer_archive', btn: '1' },
    body: z.strictObject({ partnerId: id, reason: text(200) }),
    handler: ({ tx, session, req, body }) => release({ tx, session, ip: req.ip }, body.partnerId, body.reason),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/pool/reclaim',
    invalidates: false,
    summary: 'Run the high-seas reclaim now (manager): warnings, then customers past their deadlines return to the pool',
    tags,
    access: { menu: POOL, btn: '1' },
    handler: ({ db, req, session }) => reclaimNow(db, req.log, session),
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/pool/setting',
    summary: 'The high-seas rules and the company currency',
    tags,
    access: 'user',
    handler: ({ tx, session }) => crmSetting(tx, session.tenantId),
  }),
  defineRoute({
    method: 'PUT',
    url: '/crm/pool/setting',
    summary: 'Change the high-seas rules (manager)',
    tags,
    access: { menu: POOL, btn: '1' },
    body: z.strictObject({
      poolEnabled: z.boolean().optional(),
      followDays: days.optional(),
      dealDays: days.optional(),
      claimCap: z.number().int().min(0).max(100000).optional(),
      warnDays: z.number().int().min(0).max(365).optional(),
      baseCurrency: z
        .string()
        .regex(/^[A-Z]{3}$/, '币种应为三位大写字母代码')
        .optional(),
    }),
    handler: ({ tx, session, req, body }) => updateSetting({ tx, session, ip: req.ip }, body),
  }),
];

import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { addFollowUp, updateArchive } from './customer.service.ts';
import { customerDetail, followUpsDue, listCustomers, listFollowUps } from './customer.queries.ts';

const tags = ['crm'];
const ARCHIVE = '/crm/customer_archive';
const FOLLOW = '/crm/follow_up';
const id = z.coerce.number().int().positive();
const page = { currentPage: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(500).default(20) };
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const dictValue = z.string().trim().max(50).nullable().optional();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

const listQuery = z.strictObject({
  name: z.string().trim().max(100).optional(),
  ownerId: id.optional(),
  mine: flag.optional(),
  grade: z.string().max(50).optional(),
  industry: z.string().max(50).optional(),
  source: z.string().max(50).optional(),
  customerStage: z.string().max(50).optional(),
  tag: z.string().max(30).optional(),
  ...page,
});

const list = (url: string, menu: string, scope: 'lead' | 'pool' | 'archive', summary: string) =>
  defineRoute({
    method: 'GET',
    url,
    summary,
    tags,
    access: { menu },
    query: listQuery,
    handler: ({ tx, session, req, query }) => listCustomers({ tx, session, ip: req.ip }, { ...query, scope }),
  });

export const customerRoutes = [
  list('/crm/lead/list', '/crm/potential_customer', 'lead', 'Leads (potential customers), held or in the pool'),
  list('/crm/pool/list', '/crm/high_seas', 'pool', 'The high seas: customers and leads nobody holds'),
  list('/crm/customer/list', ARCHIVE, 'archive', 'Customer archives: customers with their CRM fields and holder'),
  defineRoute({
    method: 'GET',
    url: '/crm/customer/detail',
    summary: 'A customer with its timeline: follow-ups, claims and releases, opportunities',
    tags,
    access: { menu: ARCHIVE },
    query: z.strictObject({ partnerId: id }),
    handler: ({ tx, session, req, query }) => customerDetail({ tx, session, ip: req.ip }, query.partnerId),
  }),
  defineRoute({
    method: 'PUT',
    url: '/crm/customer/update',
    summary: 'Change a customer’s stage, grade, industry, source and tags (its holder or a manager)',
    tags,
    access: { menu: ARCHIVE, btn: '1' },
    body: z.strictObject({
      partnerId: id,
      customerStage: dictValue,
      grade: dictValue,
      industry: dictValue,
      source: dictValue,
      tags: z.array(z.string().trim().min(1).max(30)).max(20).optional(),
    }),
    handler: ({ tx, session, req, body: { partnerId, ...rest } }) => updateArchive({ tx, session, ip: req.ip }, partnerId, rest),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/follow/add',
    summary: 'Record a call, visit, e-mail or note; restarts the customer’s pool clock',
    tags,
    access: { menu: FOLLOW, btn: '1' },
    body: z.strictObject({
      partnerId: id,
      kind: z.enum(['call', 'visit', 'email', 'note']),
      content: z.string().trim().min(1, '跟进内容不能为空').max(2000),
      nextFollowDate: day.nullable().optional(),
      opportunityId: id.nullable().optional(),
    }),
    handler: ({ tx, session, req, body }) => addFollowUp({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/follow/list',
    summary: 'Follow-up records, newest first',
    tags,
    access: { menu: FOLLOW },
    query: z.strictObject({ partnerId: id.optional(), mine: flag.optional(), ...page }),
    handler: ({ tx, session, query }) => listFollowUps(tx, session.tenantId, session.userId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/follow/due',
    summary: 'Customers whose planned follow-up is due within a week (the caller’s; all with all=true for a manager)',
    tags,
    access: { menu: FOLLOW },
    query: z.strictObject({ all: flag.optional() }),
    handler: ({ tx, session, query }) => followUpsDue(tx, session.tenantId, query.all && (session.admin || session.user.isManager) ? null : session.userId),
  }),
];

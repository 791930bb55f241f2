import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { decideProposals, pendingProposals } from './confirmation.ts';
import { adviceDetail, listAdvices } from './arrival-advice.ts';
import { adviceToInbound } from './advice-to-inbound.ts';
import { inviteSupplierUser, listSupplierUsers } from './portal-users.service.ts';

/** The purchasing side of the portal (issue 22): staff routes, guarded by the purchase menus. */
const tags = ['portal'];
const id = z.coerce.number().int().positive();
const page = {
  currentPage: z.coerce.number().int().positive().max(100000).default(1),
  pageSize: z.coerce.number().int().positive().max(100).default(20),
};
const ADVICE_MENUS = ['/portal/arrival_advice', '/bill/purchase_in'];

export const buyerRoutes = [
  defineRoute({
    method: 'POST',
    url: '/portal/user/invite',
    summary: "Give a supplier's contact a portal sign-in and an invitation link for the first password",
    tags,
    access: { menu: '/system/vendor', btn: '1' },
    scope: 'system',
    body: z.strictObject({
      supplierId: id,
      loginName: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_.@-]{2,50}$/, '登录名只能包含字母、数字和 _ . @ -'),
      username: z.string().trim().min(1).max(50),
      phone: z.string().trim().max(30).optional(),
      email: z.string().trim().max(100).optional(),
    }),
    handler: (c) => inviteSupplierUser({ ...c, ip: c.req.ip }, c.body),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/user/list',
    summary: 'The portal users of the company, or of one supplier',
    tags,
    access: { menu: '/system/vendor' },
    query: z.strictObject({ supplierId: id.optional() }),
    handler: ({ tx, session, query }) => listSupplierUsers(tx, session.tenantId, query.supplierId),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/buyer/proposals',
    summary: "Suppliers' proposals (other quantity or date) waiting for the buyer",
    tags,
    access: { menu: '/bill/purchase_order' },
    handler: (c) => pendingProposals({ ...c, ip: c.req.ip }),
  }),
  defineRoute({
    method: 'POST',
    url: '/portal/buyer/decide',
    summary: "Accept or reject suppliers' proposals",
    tags,
    access: { menu: '/bill/purchase_order', btn: '1' },
    body: z.strictObject({ itemIds: z.array(id).min(1).max(500), accept: z.boolean() }),
    handler: (c) => decideProposals({ ...c, ip: c.req.ip }, c.body),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/buyer/advice/list',
    summary: 'Arrival advices of every supplier',
    tags,
    access: { menu: ADVICE_MENUS },
    query: z.strictObject({ ...page, status: z.enum(['sent', 'received', 'cancelled']).optional(), supplierId: id.optional() }),
    handler: (c) => listAdvices({ ...c, ip: c.req.ip }, c.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/buyer/advice/detail',
    summary: 'One arrival advice with its lines',
    tags,
    access: { menu: ADVICE_MENUS },
    query: z.strictObject({ id }),
    handler: (c) => adviceDetail({ ...c, ip: c.req.ip }, c.query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/portal/buyer/advice/toInbound',
    summary: 'Turn an arrival advice into a draft purchase inbound linked to its order',
    tags,
    access: { menu: '/bill/purchase_in', btn: '1' },
    body: z.strictObject({
      id,
      depotId: id.optional(),
      operTime: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, '单据日期格式应为 YYYY-MM-DD HH:mm:ss')
        .optional(),
    }),
    handler: (c) => adviceToInbound({ ...c, ip: c.req.ip }, c.body),
  }),
];

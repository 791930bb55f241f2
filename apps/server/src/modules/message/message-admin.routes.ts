import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { idList, intLike, plainText } from './message.schemas.ts';
import { publishMessage } from './realtime.ts';
import { addAdminMessage, audienceRoles, deleteAdminMessages, listAdminMessages, sendAdminMessage, updateAdminMessage } from './message-admin.service.ts';

const tags = ['message administration'];
const MENU = '/system/msg';

const ids = z
  .array(intLike(1, 999_999_999_999))
  .max(1000)
  .transform((a) => [...new Set(a)]);
const fields = {
  msgTitle: plainText('标题', 100, '请输入标题').pipe(z.string().min(1, '请输入标题')),
  msgContent: z
    .string()
    .max(50 * 1024, '内容不能超过50KB')
    .default(''),
  audience: z.enum(['users', 'roles', 'all'], '请选择接收范围'),
  audienceIds: ids.default([]),
  /** send at once instead of keeping a draft */
  send: z.boolean().default(false),
};
const needsIds = (b: { audience: string; audienceIds: number[] }) => b.audience === 'all' || b.audienceIds.length > 0;
const addBody = z.strictObject(fields).refine(needsIds, { message: '请选择接收人', path: ['audienceIds'] });
const updateBody = z.strictObject({ id: intLike(1, 999_999_999_999), ...fields }).refine(needsIds, { message: '请选择接收人', path: ['audienceIds'] });
const listQuery = z.strictObject({
  currentPage: intLike(1, 1_000_000).default(1),
  pageSize: intLike(1, 1000).default(10),
  msgTitle: z.string().trim().max(100).optional(),
});

/** docs/api.md "Message administration": announcements a tenant administrator writes, edits while unsent, sends and deletes. */
export const messageAdminRoutes = [
  defineRoute({
    method: 'GET',
    url: '/msg/admin/list',
    summary: 'Messages made on the administration page, newest first, with read counts',
    tags,
    access: { menu: MENU },
    query: listQuery,
    handler: ({ tx, session, query }) => listAdminMessages(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/msg/admin/roles',
    summary: 'Roles of the company a message may be addressed to',
    tags,
    access: { menu: MENU },
    handler: ({ tx, session }) => audienceRoles(tx, session.tenantId),
  }),
  defineRoute({
    method: 'POST',
    url: '/msg/admin/add',
    summary: 'Write a message to users, roles or everyone; a draft unless send is true',
    tags,
    access: { menu: MENU, btn: '1' },
    body: addBody,
    invalidates: false,
    handler: ({ db, req, tx, session, body, afterCommit }) =>
      addAdminMessage({ tx, session, ip: req.ip }, body, (id, users) => afterCommit(() => publishMessage(db, req.log, session.tenantId, id, users))),
  }),
  defineRoute({
    method: 'PUT',
    url: '/msg/admin/update',
    summary: 'Change an unsent message (and send it when send is true)',
    tags,
    access: { menu: MENU, btn: '1' },
    body: updateBody,
    invalidates: false,
    handler: ({ db, req, tx, session, body, afterCommit }) =>
      updateAdminMessage({ tx, session, ip: req.ip }, body, (id, users) => afterCommit(() => publishMessage(db, req.log, session.tenantId, id, users))),
  }),
  defineRoute({
    method: 'POST',
    url: '/msg/admin/send',
    summary: 'Send a draft to its recipients as they are now (WebSocket push)',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({ id: intLike(1, 999_999_999_999) }),
    invalidates: false,
    handler: ({ db, req, tx, session, body, afterCommit }) =>
      sendAdminMessage({ tx, session, ip: req.ip }, body.id, (id, users) => afterCommit(() => publishMessage(db, req.log, session.tenantId, id, users))),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/msg/admin/delete',
    summary: 'Delete messages (a sent one also leaves every inbox)',
    tags,
    access: { menu: MENU, btn: '1' },
    query: z.strictObject({ ids: idList }),
    invalidates: false,
    handler: ({ tx, session, req, query }) => deleteAdminMessages({ tx, session, ip: req.ip }, query.ids),
  }),
];

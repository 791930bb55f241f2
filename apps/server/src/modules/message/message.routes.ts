import { defineRoute } from '../../platform/http/route.ts';
import { batchStatusBody, byIdQuery, typeQuery, emptyBody, listBody, saveBody, solvedBody, statusBody, userListQuery } from './message.schemas.ts';
import * as svc from './message.service.ts';
import { publishMessage } from './realtime.ts';

const tags = ['message'];
const me = (s: { tenantId: number; userId: number }): svc.Inbox => ({ tenantId: s.tenantId, userId: s.userId });

/** SPEC §7.2 / docs/api.md "Messages": every call works on the signed-in user's own copies only. */
export const messageRoutes = [
  defineRoute({
    method: 'POST',
    url: '/msg/list',
    invalidates: false,
    summary: "The user's messages, newest first (message centre)",
    tags,
    access: 'user',
    body: listBody,
    handler: async ({ tx, session, body }) => svc.listMessages(tx, me(session), body),
  }),
  defineRoute({
    method: 'POST',
    url: '/msg/getList',
    invalidates: false,
    summary: "The user's messages as {records, total} (the bell asks for status 0)",
    tags,
    access: 'user',
    body: listBody,
    handler: async ({ tx, session, body }) => {
      const { rows, total } = await svc.listMessages(tx, me(session), body);
      return { records: rows, total };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/msg/getMsgByStatus',
    invalidates: false,
    summary: "The user's messages with one status (at most 999, newest first)",
    tags,
    access: 'user',
    body: statusBody,
    handler: async ({ tx, session, body }) => svc.messagesByStatus(tx, me(session), body.status),
  }),
  defineRoute({
    method: 'GET',
    url: '/msg/getMsgCountByType',
    summary: "How many of the user's own messages have this type (data.count)",
    tags,
    access: 'user',
    query: typeQuery,
    handler: async ({ tx, session, query }) => ({ count: await svc.countByType(tx, me(session), query.type) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/msg/batchUpdateStatus',
    invalidates: false,
    summary: 'Set the read flag (0 unread, 1 read, 2 read from the bell) of the user’s own messages',
    tags,
    access: 'user',
    body: batchStatusBody,
    handler: async ({ tx, session, body }) => {
      await svc.setStatus(tx, me(session), body.ids, body.status);
      return { message: '操作成功' };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/msg/updateSolvedStatus',
    invalidates: false,
    summary: 'Mark the user’s own messages handled (recording the time) or not handled',
    tags,
    access: 'user',
    body: solvedBody,
    // the contract's data is the text itself
    handler: async ({ tx, session, body }) => {
      await svc.setSolved(tx, me(session), body.ids, body.solvedStatus, body.solvedTime);
      return body.solvedStatus === 1 ? '已标记为已处理' : '已标记为未处理';
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/msg/readAllMsg',
    invalidates: false,
    summary: 'Mark every unread message of the user read',
    tags,
    access: 'user',
    body: emptyBody,
    handler: async ({ tx, session }) => {
      await svc.readAll(tx, me(session));
      return { message: '操作成功' };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/msg/saveMsg',
    invalidates: false,
    summary: 'Send a message to users of the company; they get it by WebSocket push and in their lists',
    tags,
    access: 'user',
    body: saveBody,
    handler: async ({ db, req, tx, session, body, afterCommit }) => {
      // the sender is whoever is signed in; a client-sent senderId or createTime is ignored
      const msgId = await svc.sendMessage(tx, session.tenantId, session.userId, body);
      afterCommit(() => publishMessage(db, req.log, session.tenantId, msgId, body.userIds));
      return { message: '发送成功' };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/user/list',
    summary: 'Users of the company (recipient picker)',
    tags,
    access: 'user',
    query: userListQuery,
    handler: async ({ tx, session, query }) => svc.companyUsers(tx, session.tenantId, query.currentPage, query.pageSize),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/annountCement/queryById',
    summary: 'One announcement of the company',
    tags,
    access: 'user',
    query: byIdQuery,
    handler: async ({ tx, session, query }) => svc.announcement(tx, session.tenantId, query.id),
  }),
];

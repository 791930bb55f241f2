import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { logWrite } from '../../../platform/audit.ts';
import { BusinessError } from '../../../platform/errors.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { loginName } from '../auth.routes.ts';
import { addUser, endSessions, listUsers, liveUsers, resetPassword, updateUser, USER_MSG } from './user.service.ts';
import { EMAIL_RE, filterText, idArray, idQuery, idsText, idValue, optText, paging, parseSearch, PHONE_RE } from './schemas.ts';

const tags = ['user'];
const read = { menu: '/system/user' } as const;
const write = { menu: '/system/user', btn: '1' } as const;

const fields = {
  username: z.string().trim().min(1, '用户姓名不能为空').max(50, '用户姓名不能超过50个字符'),
  phone: optText(11, PHONE_RE),
  email: optText(100, EMAIL_RE),
  position: optText(50),
  description: optText(500),
  isManager: z.boolean().optional(),
  roleIds: idArray(50).refine((a) => a.length > 0, '请选择角色'),
  orgIds: idArray(50),
};

/** Soft delete: the sign-in stays (other companies may use it); the user's tokens here stop at once. */
async function removeUsers(tx: Tx, session: Session, ip: string, ids: number[]) {
  if (ids.includes(session.userId)) throw new BusinessError(USER_MSG.self);
  await liveUsers(tx, session, ids, true);
  await tx.query('update sys_user set delete_flag = true where tenant_id = $1 and id = any($2::bigint[])', [session.tenantId, ids]);
  await endSessions(tx, session.tenantId, ids);
  await logWrite(tx, session, ip, 'delete', 'user', ids);
  return { message: '删除成功' };
}

/** Status 0 normal, 2 blacklisted (cannot sign in); forms send numbers or digit strings. */
const userStatus = z.union([z.literal(0), z.literal(2), z.literal('0').transform(() => 0), z.literal('2').transform(() => 2)]);

export const userRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/getUserList',
    summary: 'Users of the company, paged, with role and department names; search by loginName / username',
    tags,
    access: read,
    query: z.strictObject({ ...paging, search: z.string().max(4000).optional(), loginName: filterText, username: filterText }),
    handler: ({ tx, session, query }) => {
      const s = parseSearch(query.search, { loginName: filterText, username: filterText, userName: filterText });
      return listUsers(tx, session, {
        currentPage: query.currentPage,
        pageSize: query.pageSize,
        loginName: query.loginName ?? s.loginName,
        username: query.username ?? s.username ?? s.userName,
      });
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user/addUser',
    summary: 'A new user with a new sign-in and the default password 123456, within the company’s user limit',
    tags,
    access: write,
    scope: 'system',
    body: z.strictObject({ loginName, ...fields, orgIds: fields.orgIds.default([]) }),
    handler: async ({ tx, session, body, req }) => {
      const id = await addUser(tx, session, body);
      await logWrite(tx, session, req.ip, 'add', 'user', [id], { ...body });
      return { id, message: '新增成功' };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/user/updateUser',
    summary: 'Changes a user; roleIds / orgIds, when given, replace the lists (the login name never changes)',
    tags,
    access: write,
    body: z.strictObject({
      id: idValue,
      username: fields.username.optional(),
      phone: fields.phone,
      email: fields.email,
      position: fields.position,
      description: fields.description,
      isManager: fields.isManager,
      roleIds: fields.roleIds.optional(),
      orgIds: fields.orgIds.optional(),
    }),
    handler: async ({ tx, session, body, req }) => {
      const { id, ...rest } = body;
      await updateUser(tx, session, id, rest);
      await logWrite(tx, session, req.ip, 'update', 'user', [id], rest);
      return { id, message: '修改成功' };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user/resetPwd',
    summary: 'Resets the password to 123456 (refused when the sign-in also belongs to another company)',
    tags,
    access: write,
    scope: 'system',
    body: z.strictObject({ id: idValue }),
    handler: async ({ tx, session, body, req }) => {
      await resetPassword(tx, session, body.id);
      await logWrite(tx, session, req.ip, 'resetPwd', 'user', [body.id]);
      return { message: '密码已重置为123456' };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user/batchSetStatus',
    summary: 'Status 0 normal or 2 blacklisted; a blacklisted user is signed out at once; nobody blacklists themself',
    tags,
    access: write,
    body: z.strictObject({ status: userStatus, ids: idsText }),
    handler: async ({ tx, session, body, req }) => {
      if (body.status === 2 && body.ids.includes(session.userId)) throw new BusinessError(USER_MSG.self);
      await liveUsers(tx, session, body.ids, true);
      await tx.query('update sys_user set status = $3 where tenant_id = $1 and id = any($2::bigint[])', [session.tenantId, body.ids, body.status]);
      if (body.status === 2) await endSessions(tx, session.tenantId, body.ids);
      await logWrite(tx, session, req.ip, body.status === 2 ? 'disable' : 'enable', 'user', body.ids);
      return { message: '操作成功' };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/user/delete',
    summary: 'Soft-deletes a user of the company and ends their sessions; nobody deletes themself',
    tags,
    access: write,
    query: idQuery,
    handler: ({ tx, session, query, req }) => removeUsers(tx, session, req.ip, [query.id]),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/user/deleteBatch',
    summary: 'Soft-deletes several users (all or nothing) and ends their sessions',
    tags,
    access: write,
    query: z.strictObject({ ids: idsText }),
    handler: ({ tx, session, query, req }) => removeUsers(tx, session, req.ip, query.ids),
  }),

  defineRoute({
    method: 'GET',
    url: '/user/checkIsNameExist',
    summary: 'Is the login name taken by any sign-in (login names are global)?',
    tags,
    access: read,
    scope: 'system',
    query: z.strictObject({ name: z.string().trim().max(64), id: z.coerce.number().int().min(0).default(0) }),
    handler: async ({ tx, session, query }) => {
      // id: the user being edited, whose own login name does not count
      const taken = await tx.one(
        `select 1 from account a where a.login_name = $1
            and not exists (select 1 from sys_user u where u.tenant_id = $2 and u.id = $3 and u.account_id = a.id)`,
        [query.name, session.tenantId, query.id],
      );
      return { status: !!taken };
    },
  }),
];


import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { loginName } from '../auth.routes.ts';
import { addUser, listUsers, loginNameTaken, removeUsers, resetPassword, setUserStatus, updateUser } from './user.service.ts';
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
    handler: ({ tx, session, body, req }) => addUser({ tx, session, ip: req.ip }, body),
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
    handler: ({ tx, session, body, req }) => updateUser({ tx, session, ip: req.ip }, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/user/resetPwd',
    summary: 'Resets the password to 123456 (refused when the sign-in also belongs to another company)',
    tags,
    access: write,
    scope: 'system',
    body: z.strictObject({ id: idValue }),
    handler: ({ tx, session, body, req }) => resetPassword({ tx, session, ip: req.ip }, body.id),
  }),

  defineRoute({
    method: 'POST',
    url: '/user/batchSetStatus',
    summary: 'Status 0 normal or 2 blacklisted; a blacklisted user is signed out at once; nobody blacklists themself',
    tags,
    access: write,
    body: z.strictObject({ status: userStatus, ids: idsText }),
    handler: ({ tx, session, body, req }) => setUserStatus({ tx, session, ip: req.ip }, body),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/user/delete',
    summary: 'Soft-deletes a user of the company and ends their sessions; nobody deletes themself',
    tags,
    access: write,
    query: idQuery,
    handler: ({ tx, session, query, req }) => removeUsers({ tx, session, ip: req.ip }, [query.id]),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/user/deleteBatch',
    summary: 'Soft-deletes several users (all or nothing) and ends their sessions',
    tags,
    access: write,
    query: z.strictObject({ ids: idsText }),
    handler: ({ tx, session, query, req }) => removeUsers({ tx, session, ip: req.ip }, query.ids),
  }),

  defineRoute({
    method: 'GET',
    url: '/user/checkIsNameExist',
    summary: 'Is the login name taken by any sign-in (login names are global)?',
    tags,
    access: read,
    scope: 'system',
    query: z.strictObject({ name: z.string().trim().max(64), id: z.coerce.number().int().min(0).default(0) }),
    handler: ({ tx, session, query }) => loginNameTaken(tx, session.tenantId, query),
  }),
];

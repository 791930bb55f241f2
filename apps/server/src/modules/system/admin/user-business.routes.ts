import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { idArray, idValue } from './schemas.ts';
import { addAssignment, assignmentId, findAssignment, setOneValue, updateAssignment, usersWithValue } from './user-business.service.ts';

const tags = ['userBusiness'];
const read = { menu: '/system/user' } as const;
const write = { menu: '/system/user', btn: '1' } as const;

const type = z.enum(['UserRole', 'UserDepot', 'UserCustomer', 'UserBtn'], 'type 须为 UserRole、UserDepot、UserCustomer 或 UserBtn');
/** jshERP's "[1][2]" text, or an array of ids. */
const value = z
  .union([
    z
      .string()
      .trim()
      .max(20_000)
      .regex(/^(\[\d{1,15}\]){0,1000}$/, 'value 须为 [1][2] 形式的编号列表')
      .transform((s) => [...s.matchAll(/\d+/g)].map((m) => Number(m[0]))),
    z.array(idValue).max(1000),
  ])
  .transform((a) => [...new Set(a)]);
const btnStr = z
  .array(
    z.strictObject({
      funId: idValue,
      btnStr: z
        .string()
        .trim()
        .max(40)
        .regex(/^(\d(,\d)*)?$/, '按钮须为逗号分隔的编号'),
    }),
  )
  .max(500);
const body = { type, keyId: idValue, value: value.default([]), btnStr: btnStr.optional() };
const key = z.strictObject({ type, keyId: idValue });
const oneType = z.enum(['UserDepot', 'UserCustomer'], 'type 须为 UserDepot 或 UserCustomer');

export const userBusinessRoutes = [
  defineRoute({
    method: 'GET',
    url: '/userBusiness/checkIsValueExist',
    summary: "The id of the user's assignment of that type (roles, buttons, warehouses, customers), or null",
    tags,
    access: read,
    query: key,
    handler: ({ tx, session, query }) => assignmentId(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/userBusiness/info',
    summary: "The user's assignment of that type: value ([1][2]), ids and btnStr; null when none",
    tags,
    access: read,
    query: key,
    handler: ({ tx, session, query }) => findAssignment(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/userBusiness/add',
    summary: 'Assigns a user roles, buttons (per function), warehouses or customers',
    tags,
    access: write,
    body: z.strictObject(body),
    handler: ({ tx, session, body, req }) => addAssignment({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/userBusiness/update',
    summary: "Replaces a user's assignment; an empty list of warehouses, customers or buttons removes it",
    tags,
    access: write,
    body: z.strictObject({ id: idValue.optional(), ...body }),
    handler: ({ tx, session, body, req }) => updateAssignment({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/userBusiness/usersWithValue',
    summary:
      'Every user of the company and whether its warehouse (UserDepot) or customer (UserCustomer) assignment holds that one id: [{id, loginName, username, checked}]',
    tags,
    access: read,
    query: z.strictObject({ type: oneType, value: idValue }),
    handler: ({ tx, session, query }) => usersWithValue(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/userBusiness/setOneValue',
    summary: 'Assigns one warehouse or customer to exactly these users (added to theirs, removed from the others; an emptied assignment is removed)',
    tags,
    access: write,
    body: z.strictObject({ type: oneType, value: idValue, keyIds: idArray(10_000) }),
    handler: ({ tx, session, body, req }) => setOneValue({ tx, session, ip: req.ip }, body),
  }),
];

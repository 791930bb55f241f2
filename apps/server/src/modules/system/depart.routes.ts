import { z } from 'zod';
import { defineRoute, Raw } from '../../platform/http/route.ts';
import { currentUserDeparts, selectDepart } from './depart.service.ts';

const tags = ['session'];

/** These two calls answer in the {success, result} shape their clients expect (SPEC §7.1). */
export const departRoutes = [
  defineRoute({
    method: 'GET',
    url: '/sys/user/getCurrentUserDeparts',
    summary: "The user's departments and the current one",
    tags,
    access: 'user',
    handler: async ({ tx, session }) => new Raw({ code: 200, success: true, result: await currentUserDeparts(tx, session) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/selectDepart',
    summary: 'Make one of the user’s departments the current one',
    tags,
    access: 'user',
    body: z.strictObject({ orgCode: z.string().trim().min(1, '请选择部门').max(64), username: z.string().max(64).optional() }),
    handler: async ({ tx, session, body }) => new Raw({ code: 200, success: true, result: await selectDepart(tx, session, body) }),
  }),
];

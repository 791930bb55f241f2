import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { casSignIn } from './cas.ts';
import { sessionPayload } from './sign-in.ts';

const input = z.strictObject({
  ticket: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,512}$/, 'CAS票据格式不正确'),
  service: z
    .string()
    .trim()
    .max(1000)
    .regex(/^https?:\/\/\S+$/, 'service 须为 http(s):// 地址'),
});

const handler = async ({ db, req, input: i }: { db: Parameters<typeof casSignIn>[0]; req: { ip: string }; input: z.infer<typeof input> }) => {
  const r = await casSignIn(db, i.ticket, i.service, req.ip);
  if (!r.session) return { msgTip: r.msgTip };
  const payload = await db.tenant(r.session.tenantId, (tx) => sessionPayload(tx, r.session!));
  return { msgTip: r.msgTip, token: r.token, ...payload };
};

const common = {
  url: '/cas/client/validateLogin',
  summary:
    'CAS single sign-on: validate the ticket against the configured CAS server and sign its user in (reply as /user/login; refusals in the envelope, so no reply schema)',
  tags: ['session'],
  access: 'public' as const,
};

export const casRoutes = [
  defineRoute({ ...common, method: 'GET', query: input, handler: ({ db, req, query }) => handler({ db, req, input: query }) }),
  defineRoute({ ...common, method: 'POST', body: input, handler: ({ db, req, body }) => handler({ db, req, input: body }) }),
];

import { z } from 'zod';
import { loginReplySchema, sessionUserSchema } from '@erp/entities';
import { refuseWhileThrottled, type Throttle } from '../../platform/auth/throttle.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { MD5_HEX, md5, PASSWORD_RULE } from '../../platform/auth/password.ts';
import { endSession } from '../../platform/auth/session.ts';
import { BusinessError, forbidden, badRequest } from '../../platform/errors.ts';
import { enter, memberships, MSG_TIP, sessionPayload, signIn } from './sign-in.ts';
import { provisionTenant } from './tenant-provisioning.ts';
import { platformSetting } from './config.service.ts';
import { changePassword, PWD_MSG } from './password.service.ts';
import { checkCaptcha, newCaptcha } from './captcha.service.ts';

const tags = ['session'];
export const loginName = z
  .string()
  .trim()
  .min(1, '请输入登录名')
  .max(32, '登录名不能超过32个字符')
  .regex(/^[A-Za-z0-9_.@-]+$/, '登录名只能包含字母、数字和 _ . @ -');
const md5Password = z.string().regex(MD5_HEX, '密码须以MD5摘要传输');

declare module 'fastify' {
  interface FastifyInstance {
    /** Self-registrations per source address (app.ts), when limited. */
    registrations?: Throttle;
  }
}

export const authRoutes = [
  defineRoute({
    method: 'POST',
    url: '/user/login',
    reply: loginReplySchema,
    summary: 'Sign in; data.msgTip tells the outcome (SPEC §4)',
    tags,
    access: 'public',
    // uuid and code: the captcha of /user/randomImage, required only while checkcode_flag is '1' (jshERP's client always sends them)
    body: z.strictObject({ loginName, password: md5Password, uuid: z.string().max(64).optional(), code: z.string().max(16).optional() }),
    handler: async ({ db, body, req }) => {
      let r;
      try {
        // a database that cannot answer is 'access service error' here too; the captcha's refusals pass through
        await checkCaptcha(db, body.code, body.uuid);
        r = await signIn(db, body.loginName, body.password, req.ip);
      } catch (e) {
        if ((e as { httpStatus?: number }).httpStatus) throw e;
        req.log.error({ err: e }, 'sign-in failed');
        return { msgTip: MSG_TIP.serviceError };
      }
      if (!r.session) return { msgTip: r.msgTip };
      const payload = await db.tenant(r.session.tenantId, (tx) => sessionPayload(tx, r.session!));
      return { msgTip: r.msgTip, token: r.token, ...payload };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/user/randomImage',
    summary: "A sign-in captcha: data.uuid to send back with the code, data.base64 its picture (checked while checkcode_flag is '1')",
    tags,
    access: 'public',
    handler: async ({ db }) => {
      const { uuid, base64 } = await newCaptcha(db);
      return { uuid, base64 };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/user/getUserBtnByCurrentUser',
    summary: 'The buttons this user may press per screen, as sign-in answers them (data.userBtn)',
    tags,
    access: 'user',
    handler: async ({ tx, session }) => ({ userBtn: (await sessionPayload(tx, session)).userBtn }),
  }),

  defineRoute({
    method: 'GET',
    url: '/user/logout',
    summary: 'End this session; the token stops working at once',
    tags,
    access: 'user',
    invalidates: true,
    handler: async ({ tx, session }) => {
      await endSession(tx, session.tenantId, session.tokenHash);
      return { message: '退出成功' };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user/domain/login',
    reply: loginReplySchema,
    summary: 'Switch company: a new session in another company of the same sign-in',
    tags,
    access: 'user',
    scope: 'system',
    body: z.strictObject({ tenantId: z.coerce.number().int().positive() }),
    handler: async ({ tx, session, body, req }) => {
      const target = (await memberships(tx, session.accountId)).find((m) => m.tenant_id === body.tenantId);
      if (!target) throw forbidden('您不属于该公司');
      const r = await enter(tx, session.accountId, target, req.ip);
      if (!r.session) return { msgTip: r.msgTip };
      await endSession(tx, session.tenantId, session.tokenHash);
      return { msgTip: r.msgTip, token: r.token, ...(await sessionPayload(tx, r.session)) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/tenant/company/domain',
    summary: 'The companies the signed-in person belongs to',
    tags,
    access: 'user',
    scope: 'system',
    handler: async ({ tx, session }) =>
      (await memberships(tx, session.accountId)).map((m) => ({ tenantId: m.tenant_id, name: m.name, current: m.tenant_id === session.tenantId })),
  }),

  defineRoute({
    method: 'GET',
    url: '/user/infoWithTenant',
    reply: sessionUserSchema,
    summary: "The user with the company's type ('0' trial, '1' paid) and expiry",
    tags,
    access: 'user',
    // answered from the session alone: no database work on the most frequent call
    handler: async ({ session }) => session.user,
  }),

  defineRoute({
    method: 'POST',
    url: '/user/updatePwd',
    summary: 'Change own password; data.status 1 done, 2 old password wrong, 3 rule broken',
    tags,
    access: 'user',
    scope: 'system',
    // the new password arrives in clear (over TLS) so the server can enforce the rule; the old one as MD5
    body: z.strictObject({
      userId: z.coerce.number().int().positive(),
      oldpassword: z.string().max(64).default(''),
      password: z.string().max(64).default(''),
      confirmPassword: z.string().max(64).default(''),
    }),
    handler: ({ tx, session, body }) => changePassword(tx, session, body),
  }),
  ...['/user/registerUser', '/user/register'].map((url) =>
    defineRoute({
      method: 'POST',
      url,
      summary: 'Register a company (trial) with its administrator',
      tags,
      access: 'public',
      // a clear password, so the server can enforce the password rule
      body: z.strictObject({
        loginName,
        password: z.string().min(1, PWD_MSG.newRequired).max(64),
        confirmPassword: z.string().max(64).optional(),
        tenantName: z.string().trim().min(1).max(60).optional(),
      }),
      handler: async ({ db, body, req }) => {
        const perAddress = req.server.registrations;
        if (perAddress) refuseWhileThrottled(perAddress, [req.ip], (s) => `注册过于频繁，请${Math.ceil(s / 60)}分钟后再试`);
        if (!PASSWORD_RULE.test(body.password)) throw badRequest(PWD_MSG.rule);
        if (body.confirmPassword !== undefined && body.confirmPassword.trim() !== body.password.trim()) throw badRequest(PWD_MSG.mismatch);
        const r = await db.system(async (tx) => {
          // the platform administrator's settings (/system/platform_config)
          if ((await platformSetting(tx, 'register_flag')) !== '1') throw new BusinessError('平台暂未开放注册');
          return provisionTenant(tx, {
            name: body.tenantName ?? `${body.loginName}的公司`,
            type: '0',
            expireTime: new Date(Date.now() + Number(await platformSetting(tx, 'trial_days')) * 864e5),
            userLimit: Number(await platformSetting(tx, 'trial_user_limit')),
            admin: { loginName: body.loginName, passwordMd5: md5(body.password), username: body.loginName },
          });
        });
        perAddress?.fail(req.ip); // every company made counts, not only refusals
        return { message: '注册成功', tenantId: r.tenantId };
      },
    }),
  ),
];

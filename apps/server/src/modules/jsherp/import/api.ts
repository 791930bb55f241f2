import type { FastifyInstance } from 'fastify';
import { md5 } from '../../../platform/auth/password.ts';

export type ApiResult = { ok: true; data: any } | { ok: false; message: string };

/**
 * The import writes through our own API (app.inject, signed in as the new company's administrator), so
 * validation, numbering, tenant scope, posting and the operation log apply as for any user.
 */
export interface ImportApi {
  post(url: string, body: unknown): Promise<ApiResult>;
  get(url: string): Promise<ApiResult>;
}

export async function signedInApi(app: FastifyInstance, apiBase: string, loginName: string, password: string): Promise<ImportApi> {
  const send = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<ApiResult> => {
    const res = await app.inject({
      method,
      url: `${apiBase}${url}`,
      headers: token ? { 'x-access-token': token } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    let reply: any;
    try {
      reply = JSON.parse(res.body);
    } catch {
      return { ok: false, message: `${res.statusCode} ${res.body.slice(0, 200)}` };
    }
    if (res.statusCode === 200 && reply.code === 200) return { ok: true, data: reply.data };
    return { ok: false, message: String(reply?.data?.message ?? reply?.msg ?? res.body.slice(0, 200)) };
  };
  const login = await send('POST', '/user/login', '', { loginName, password: md5(password) });
  if (!login.ok || !login.data.token) throw new Error(`jshERP import: sign-in of ${loginName} refused (${login.ok ? login.data.msgTip : login.message})`);
  const token = login.data.token as string;
  return { post: (url, body) => send('POST', url, token, body), get: (url) => send('GET', url, token) };
}

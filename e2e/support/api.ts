import crypto from 'node:crypto';
import { baseUrl } from './browser.ts';

export const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

export interface ApiReply<T = any> {
  status: number;
  body: { code: number; data: T } | any;
}

/** Calls the API the way the web app does (token in both headers). */
export async function api<T = any>(method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<ApiReply<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) Object.assign(headers, { 'X-Access-Token': opts.token, Authorization: `Bearer ${opts.token}` });
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(`${baseUrl()}/api${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // plain text (loginOut)
  }
  return { status: r.status, body };
}

export async function apiSignIn(loginName: string, password = '123456'): Promise<{ token: string; userId: number }> {
  const r = await api('POST', '/user/login', { body: { loginName, password: md5(password) } });
  if (r.body?.data?.msgTip !== 'user can login') throw new Error(`sign-in of ${loginName} failed: ${JSON.stringify(r.body)}`);
  return { token: r.body.data.token, userId: r.body.data.user.id };
}

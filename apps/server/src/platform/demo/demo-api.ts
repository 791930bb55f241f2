import type { FastifyInstance } from 'fastify';
import { DEFAULT_PASSWORD, md5 } from '../auth/password.ts';

/**
 * What an area's demo story is given (modules/system/demo-activity.ts runs them): a signed-in API
 * client over app.inject, so the demo goes through validation, numbering and posting like any user.
 */
export interface DemoApi {
  post(url: string, body: unknown): Promise<any>;
  get(url: string): Promise<any>;
  put(url: string, body: unknown): Promise<any>;
  /** The same kind of client signed in as another user (e.g. a supplier portal user, issue 22). */
  as?(loginName: string, password: string): Promise<DemoApi>;
  /** One file through POST /common/uploadMinio (its limits and type checks): the stored name. */
  upload?(fileName: string, data: Buffer): Promise<string>;
}
export type DemoActivity = (api: DemoApi, rand: () => number) => Promise<void>;

/** mulberry32: the same demo every time (only the dates follow today). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An API client over app.inject that throws on anything but a success. */
export async function demoApi(app: FastifyInstance, apiBase: string, loginName: string, password = DEFAULT_PASSWORD): Promise<DemoApi> {
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url: `${apiBase}${url}`,
      headers: token ? { 'x-access-token': token } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const reply = JSON.parse(res.body);
    if (res.statusCode !== 200 || reply.code !== 200) throw new Error(`demo activity: ${method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    return reply.data;
  };
  const login = await send('POST', '/user/login', '', { loginName, password: md5(password) });
  if (!login.token) throw new Error(`demo activity: sign-in of ${loginName} refused (${login.msgTip})`);
  const token = login.token as string;
  return {
    post: (url, body) => send('POST', url, token, body),
    get: (url) => send('GET', url, token),
    put: (url, body) => send('PUT', url, token, body),
    as: (name, pw) => demoApi(app, apiBase, name, pw),
    upload: async (fileName, data) => {
      const boundary = `----erpdemo${Date.now().toString(16)}`;
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const res = await app.inject({
        method: 'POST',
        url: `${apiBase}/common/uploadMinio`,
        headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      const reply = JSON.parse(res.body);
      if (reply.code !== 200) throw new Error(`demo activity: upload ${fileName} → ${res.statusCode} ${res.body.slice(0, 300)}`);
      return reply.data.fileName as string;
    },
  };
}

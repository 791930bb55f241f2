import type { FastifyInstance } from 'fastify';
import { JSHERP_BASE } from '../index.ts';

/** axios 0.x's param serialisation: encodeURIComponent, then a few characters put back. */
const axiosParams = (params: Record<string, unknown>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => {
      const enc = (s: string) =>
        encodeURIComponent(s).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+').replace(/%5B/gi, '[').replace(/%5D/gi, ']');
      return `${enc(k)}=${enc(String(v))}`;
    })
    .join('&');

export function jshClient(app: FastifyInstance, token?: string) {
  const headers = (): Record<string, string> => (token ? { 'X-Access-Token': token } : {});
  const parse = (body: string) => {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  };
  return {
    getAction: async (url: string, params: Record<string, unknown> = {}) => {
      const q = axiosParams(params);
      const r = await app.inject({ method: 'GET', url: `${JSHERP_BASE}${url}${q ? `?${q}` : ''}`, headers: headers() });
      return { status: r.statusCode, data: parse(r.body) };
    },
    postAction: (url: string, body: unknown) => send('POST', url, body),
    /** httpAction(url, data, 'put'): its edit forms */
    putAction: (url: string, body: unknown) => send('PUT', url, body),
  };
  async function send(method: 'POST' | 'PUT', url: string, body: unknown) {
    const r = await app.inject({
      method,
      url: `${JSHERP_BASE}${url}`,
      headers: { ...headers(), 'content-type': 'application/json;charset=UTF-8' },
      payload: JSON.stringify(body),
    });
    return { status: r.statusCode, data: parse(r.body) };
  }
}

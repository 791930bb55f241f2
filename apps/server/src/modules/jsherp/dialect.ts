import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { jshNames, ourNames, REPLY_ADAPTERS, REROUTES } from './adapters.ts';
import { REQUEST_ADAPTERS } from './request-adapters.ts';
import { lenientObject, schemaKeys } from './lenient.ts';
import { notOffered, rerouteKey } from './not-offered.ts';

/** Where jshERP's web client looks for its server by default (its window._CONFIG.domianURL fallback). */
export const JSHERP_BASE = '/jshERP-boot';

type Method = RouteSpec['method'];
interface Found {
  spec: RouteSpec;
  /** our path, with path parameters filled in */
  path: string;
}

/** Our routes by method and url; parametric urls (":key") matched by pattern. */
function routeIndex(routes: RouteSpec[]) {
  const exact = new Map(routes.map((r) => [`${r.method} ${r.url}`, r]));
  const patterns = routes.filter((r) => r.url.includes(':')).map((r) => ({ r, re: new RegExp(`^${r.url.replace(/:\w+/g, '[^/]+')}$`) }));
  const find = (method: Method, path: string): RouteSpec | undefined =>
    exact.get(`${method} ${path}`) ?? patterns.find((p) => p.r.method === method && p.re.test(path))?.r;
  return (method: Method, path: string): Found | undefined => {
    const spec = find(method, path) ?? find(method === 'GET' ? 'POST' : 'GET', path);
    return spec && { spec, path };
  };
}

function queryString(q: Record<string, unknown>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    for (const one of Array.isArray(v) ? v : [v]) s.append(k, typeof one === 'object' ? JSON.stringify(one) : String(one));
  const text = s.toString();
  return text ? `?${text}` : '';
}

/**
 * jshERP's dialect of our API under /jshERP-boot (issue 23; docs/decisions.md "jshERP's client beside ours"):
 * each call is read leniently against the schema of the route it names (lenient.ts), sent to that route as
 * our own client would send it — through the same validation, access checks and tenant scope — and its reply
 * is reshaped where jshERP's client reads another shape (adapters.ts). Our own API under API_BASE keeps its
 * strict contract; nothing here can reach a column our schemas do not accept.
 */
export function registerJshErpDialect(app: FastifyInstance, db: Database, apiBase: string): void {
  // read at the first call: every route is registered by then (app.ts collects them in app.routeSpecs)
  let lookup: ReturnType<typeof routeIndex> | undefined;
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: `${JSHERP_BASE}/*`,
    schema: { hide: true },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const path = req.url.slice(JSHERP_BASE.length).split('?')[0];
      lookup ??= routeIndex(app.routeSpecs!);
      const refused = notOffered(req.method, path);
      if (refused) return reply.send(refused);
      const sent = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
      const { key: rerouteAs, params } = rerouteKey(req.method, path);
      const rerouted = REROUTES[rerouteAs]?.({ query: { ...((req.query as Record<string, unknown>) ?? {}), ...params }, body: { ...sent } });
      const found = rerouted ? lookup(rerouted.method ?? 'GET', rerouted.path) : lookup(req.method as Method, path);
      if (!found) return reply.status(404).send({ code: 404, data: { message: `接口不存在: ${req.method} ${path}` } });
      const { spec } = found;
      const key = `${spec.method} ${spec.url}`;
      let query = rerouted ? rerouted.query : { ...((req.query as Record<string, unknown>) ?? {}) };
      let body = rerouted ? { ...(rerouted.body ?? {}) } : { ...sent };
      // jshERP sends some reads as GET with a query where we take a POST body, and the other way round
      if (spec.method !== 'GET' && req.method === 'GET') [body, query] = [{ ...query, ...body }, {}];
      if (spec.method === 'GET' && req.method !== 'GET') [query, body] = [{ ...body, ...query }, {}];
      ({ query, body } = ourNames(path, { query, body }, schemaKeys(spec.query).includes('search')));
      const token = req.headers['x-access-token'];
      const asCaller = async (url: string) => {
        const r = await app.inject({ method: 'GET', url: `${apiBase}${url}`, headers: typeof token === 'string' ? { 'x-access-token': token } : {} });
        const out = r.statusCode === 200 ? (r.json() as { code?: number; data?: unknown }) : undefined;
        return out?.code === 200 ? out.data : null;
      };
      ({ query, body } = (await REQUEST_ADAPTERS[key]?.({ query, body }, { get: asCaller })) ?? { query, body });
      const res = await app.inject({
        method: spec.method,
        url: `${apiBase}${found.path}${queryString(spec.query ? lenientObject(spec.query, query) : {})}`,
        headers: {
          ...(typeof token === 'string' ? { 'x-access-token': token } : {}),
          ...(req.headers['accept-language'] ? { 'accept-language': req.headers['accept-language'] } : {}),
          // our throttles key on the caller's address; the inner call comes from loopback, which is trusted
          'x-forwarded-for': req.ip,
          ...(spec.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(spec.method === 'GET' ? {} : { payload: JSON.stringify(spec.body ? lenientObject(spec.body, body) : {}) }),
      });
      const type = String(res.headers['content-type'] ?? '');
      if (!type.includes('application/json')) {
        for (const h of ['content-type', 'content-disposition'] as const) if (res.headers[h]) reply.header(h, res.headers[h]);
        return reply.status(res.statusCode).send(res.rawPayload);
      }
      const out = jshNames(path, res.json() as { code?: number; data?: unknown });
      const adapt = res.statusCode === 200 && out.code === 200 ? (rerouted?.reply ?? REPLY_ADAPTERS[key]) : undefined;
      return reply.status(res.statusCode).send(adapt ? await adapt(out, { db, query, body, get: asCaller }) : out);
    },
  });
}

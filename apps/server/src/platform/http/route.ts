import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Tx } from '../db/database.ts';
import { loadSession, type Session } from '../auth/session.ts';
import { checkAccess, type Access } from '../auth/access.ts';
import { hashToken, parseToken, tokenFromHeaders } from '../auth/token.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import { lazyTenantTx } from '../db/lazy-tx.ts';
import { forbidden, LoginOutError, unauthorized } from '../errors.ts';

export type { Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Cached sessions (see session-cache.ts); absent when an app is built without one. */
    sessions?: SessionCache;
    /** Every route registerRoutes has registered, for what serves another dialect of the same API (modules/jsherp). */
    routeSpecs?: RouteSpec[];
  }
}

type Schema = z.ZodType | undefined;
type In<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

interface BaseCtx<B extends Schema, Q extends Schema, P extends Schema> {
  db: Database;
  req: FastifyRequest;
  reply: FastifyReply;
  body: In<B>;
  query: In<Q>;
  params: In<P>;
}
export type PublicCtx<B extends Schema, Q extends Schema, P extends Schema> = BaseCtx<B, Q, P>;
/** A signed-in request: `tx` is the request's one transaction, confined to the session's tenant. */
export interface UserCtx<B extends Schema, Q extends Schema, P extends Schema> extends BaseCtx<B, Q, P> {
  session: Session;
  tx: Tx;
  /** Runs after commit, for side effects that must not happen if the transaction rolls back. */
  afterCommit(fn: () => unknown): void;
}

interface RouteCommon<B extends Schema, Q extends Schema, P extends Schema> {
  /**
   * 'tenant' (default): the handler's tx is the session's tenant scope. 'system': the session is
   * checked first, then the handler runs as the owner; only for identity work that spans
   * companies (sign-in identities, company switch).
   */
  scope?: 'tenant' | 'system';
  /** Drops the company's cached sessions after success (default: every non-GET call; false for reads sent as POST). */
  invalidates?: boolean;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  tags?: string[];
  body?: B;
  query?: Q;
  params?: P;
  /** The `data` of a successful reply, when the web reads it through a shared schema (packages/entities api/); documented in OpenAPI and checked on the way out. */
  reply?: z.ZodType;
}
type CtxFor<A extends Access, B extends Schema, Q extends Schema, P extends Schema> = A extends 'public' ? PublicCtx<B, Q, P> : UserCtx<B, Q, P>;

export type RouteSpec<A extends Access = Access, B extends Schema = Schema, Q extends Schema = Schema, P extends Schema = Schema> = RouteCommon<B, Q, P> & {
  access: A;
  handler: (c: CtxFor<A, B, Q, P>) => Promise<unknown>;
};

/** Identity function that keeps the handler's types tied to its access rule and schemas. */
export function defineRoute<const A extends Access, B extends Schema = undefined, Q extends Schema = undefined, P extends Schema = undefined>(
  r: RouteSpec<A, B, Q, P>,
): RouteSpec {
  return r as unknown as RouteSpec;
}

/** A reply that bypasses the {code, data} envelope (a few spec calls use other shapes). */
export class Raw {
  constructor(public readonly body: unknown) {}
}

export const ok = (data: unknown) => ({ code: 200, data });

/** The request's session: from the cache when it is there, else loaded in a short tenant transaction. */
export async function resolveSession(db: Database, req: FastifyRequest): Promise<Session> {
  const token = tokenFromHeaders(req.headers);
  if (!token) throw unauthorized();
  const parsed = parseToken(token);
  if (!parsed) throw new LoginOutError();
  const cache = req.server.sessions;
  const cached = cache?.get(hashToken(token));
  if (cached) return cached;
  const generation = cache?.generation(parsed.tenantId) ?? 0;
  const session = await db.tenant(parsed.tenantId, (tx) => loadSession(tx, token));
  if (!session) throw new LoginOutError();
  cache?.set(session, generation);
  return session;
}

/** Runs fn with the request's session inside a tenant transaction (for routes outside registerRoutes). */
export async function authenticate<T>(db: Database, req: FastifyRequest, fn: (s: Session, tx: Tx) => Promise<T>): Promise<T> {
  const session = await resolveSession(db, req);
  if (session.supplierId) throw forbidden();
  return db.tenant(session.tenantId, (tx) => fn(session, tx));
}

/**
 * A supplier portal user (issue 22) reaches the portal's routes (access 'supplier') and these few about its own
 * sign-in, nothing else: every internal route refuses it whatever its roles say.
 */
export const SUPPLIER_SHELL = new Set(['/user/logout', '/user/infoWithTenant', '/user/updatePwd']);

export function registerRoutes(app: FastifyInstance, db: Database, routes: RouteSpec[]): void {
  app.routeSpecs?.push(...routes);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const r of routes) {
    typed.route({
      method: r.method,
      url: r.url,
      schema: {
        summary: r.summary,
        tags: r.tags,
        ...(r.body && { body: r.body }),
        ...(r.query && { querystring: r.query }),
        ...(r.params && { params: r.params }),
        ...(r.reply && { response: { 200: z.object({ code: z.literal(200), data: r.reply }) } }),
        ...(r.access === 'public' ? {} : { security: [{ token: [] }] }),
      },
      handler: async (req, reply) => {
        const base = { db, req, reply, body: req.body, query: req.query, params: req.params } as BaseCtx<Schema, Schema, Schema>;
        let out: unknown;
        if (r.access === 'public') {
          out = await (r.handler as (c: PublicCtx<Schema, Schema, Schema>) => Promise<unknown>)(base);
        } else {
          const after: Array<() => unknown> = [];
          const handler = r.handler as (c: UserCtx<Schema, Schema, Schema>) => Promise<unknown>;
          const run = (session: Session, tx: Tx) => handler({ ...base, session, tx, afterCommit: (fn) => after.push(fn) });
          const access = r.access as Exclude<Access, 'public'>;
          const session = await resolveSession(db, req);
          if (session.supplierId && access !== 'supplier' && !SUPPLIER_SHELL.has(r.url)) throw forbidden();
          checkAccess(session, access);
          if (r.scope === 'system') {
            out = await db.system((tx) => run(session, tx));
          } else {
            const lazy = lazyTenantTx(db, session.tenantId, access === 'supplier' ? session.supplierId : null);
            try {
              out = await run(session, lazy.tx);
            } catch (e) {
              await lazy.end(e);
              throw e;
            }
            await lazy.end();
          }
          // a write may change what sessions may do: drop them here before replying (the database
          // triggers tell every instance, this one included, a moment later)
          if (r.invalidates ?? r.method !== 'GET') req.server.sessions?.drop(session.platformTenant ? '*' : session.tenantId);
          for (const fn of after) await fn();
        }
        if (reply.sent) return reply;
        if (out instanceof Raw) return reply.send(out.body);
        return reply.send(ok(out ?? null));
      },
    });
  }
}

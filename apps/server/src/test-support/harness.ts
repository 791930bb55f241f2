import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Database } from '../platform/db/database.ts';
import { openDatabase } from '../platform/db/open-database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { md5 } from '../platform/auth/password.ts';
import { syncCatalogue } from '../modules/system/index.ts';
import { seedDemo } from '../modules/system/seed-demo.ts';

/**
 * The database suites run once per engine: TEST_DB=pglite (in memory) or TEST_DB=postgres
 * (DATABASE_URL). Vitest runs the files in one process, so they share one database and one app;
 * tests that change data make their own company with newTenant().
 */
export const ENGINE = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let shared: Promise<{ app: FastifyInstance; db: Database }> | undefined;

export async function openTestDatabase(): Promise<Database> {
  if (ENGINE === 'postgres' && !process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const db = await openDatabase({ databaseUrl: ENGINE === 'postgres' ? process.env.DATABASE_URL : undefined });
  await migrate(db);
  await syncCatalogue(db);
  await seedDemo(db);
  return db;
}

export function testApp(): Promise<{ app: FastifyInstance; db: Database }> {
  shared ??= (async () => {
    const db = await openTestDatabase();
    const app = await buildApp({ config: { apiBase: '/api', webDist: '/nonexistent', logLevel: 'silent' }, db, logger: false });
    await app.ready();
    return { app, db };
  })();
  return shared;
}

export interface Reply<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, unknown>;
}

/** A small HTTP client over app.inject, with the token in X-Access-Token. */
export function client(app: FastifyInstance, token?: string) {
  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const h: Record<string, string> = { ...(token ? { 'x-access-token': token } : {}), ...headers };
    // a string payload is sent as it is (malformed JSON tests); objects are serialised by inject
    if (typeof payload === 'string') h['content-type'] ??= 'application/json';
    const res = await app.inject({ method, url: `/api${url}`, headers: h, ...(payload === undefined ? {} : { payload: payload as string }) });
    let body: unknown = res.body;
    try {
      body = JSON.parse(res.body);
    } catch {
      /* plain text, e.g. loginOut */
    }
    return { status: res.statusCode, body, text: res.body, headers: res.headers };
  }
  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) => call('POST', url, payload ?? {}, headers),
    put: (url: string, payload?: unknown) => call('PUT', url, payload ?? {}),
    delete: (url: string) => call('DELETE', url),
  };
}
export type Client = ReturnType<typeof client>;

export const DEMO_PASSWORD = '123456';

export async function login(app: FastifyInstance, loginName: string, password = DEMO_PASSWORD) {
  const r = await client(app).post('/user/login', { loginName, password: md5(password) });
  if (r.body?.data?.msgTip !== 'user can login') throw new Error(`login ${loginName} failed: ${r.text}`);
  return { token: r.body.data.token as string, data: r.body.data, api: client(app, r.body.data.token) };
}

export const uniqueName = (prefix: string) => `${prefix}_${crypto.randomBytes(4).toString('hex')}`;

/** Registers a fresh trial company and signs its administrator in. */
export async function newTenant(app: FastifyInstance, prefix = 't') {
  const loginName = uniqueName(prefix);
  const password = 'abc123';
  const r = await client(app).post('/user/registerUser', { loginName, password });
  if (r.body?.code !== 200) throw new Error(`register failed: ${r.text}`);
  const s = await login(app, loginName, password);
  return { loginName, password, tenantId: r.body.data.tenantId as number, ...s };
}

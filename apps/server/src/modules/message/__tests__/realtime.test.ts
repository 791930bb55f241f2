import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app.ts';
import { type Database } from '../../../platform/db/database.ts';
import { openDatabase } from '../../../platform/db/open-database.ts';
import { ENGINE, login, testApp } from '../../../test-support/harness.ts';
import { companyOfTwo, connect, type TestSocket } from './fixtures.ts';

const CONFIG = { apiBase: '/api', webDist: '/nonexistent', logLevel: 'silent' };

/** A real HTTP server (the WebSocket needs one) on a random port, over the given database. */
async function serve(db: Database) {
  const app = await buildApp({ config: CONFIG, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}` };
}

async function post(base: string, token: string, url: string, body: unknown) {
  const r = await fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { code: number; data: any };
}

/** Opens the user's socket and waits until the server has checked it (a pong means registered). */
async function signedInSocket(wsBase: string, userId: number, token: string): Promise<TestSocket> {
  const s = connect(`${wsBase}/websocket/${userId}?token=${encodeURIComponent(token)}`);
  await s.opened;
  s.send('ping');
  await s.waitFor((m) => m === 'pong');
  return s;
}

const isMsg = (title: string) => (m: string) => m.startsWith('{') && JSON.parse(m).msg?.msgTitle === title;

let db: Database;
let shared: FastifyInstance;
let server: Awaited<ReturnType<typeof serve>>;
let co: Awaited<ReturnType<typeof companyOfTwo>>;
const open: TestSocket[] = [];

beforeAll(async () => {
  ({ app: shared, db } = await testApp());
  co = await companyOfTwo(shared, db);
  server = await serve(db);
});
afterAll(async () => {
  for (const s of open) s.close();
  await server?.app.close();
});

describe('WebSocket /websocket/:userId', () => {
  it('answers ping with pong', async () => {
    const s = await signedInSocket(server.ws, co.other.userId, co.other.token);
    open.push(s);
    s.messages.length = 0;
    s.send('hello'); // anything but ping gets no answer
    s.send('ping');
    await s.waitFor((m) => m === 'pong');
    expect(s.messages).toEqual(['pong']);
  });

  it('drops a socket that sends an oversized frame and keeps serving others', async () => {
    const s = await signedInSocket(server.ws, co.other.userId, co.other.token);
    s.send('x'.repeat(10000));
    expect(await s.closed).toBe(1009);
    const again = await signedInSocket(server.ws, co.other.userId, co.other.token);
    open.push(again);
  });

  it('pushes a saved message to the recipient, and not to others (the cluster check measures the delay)', async () => {
    const mine = await signedInSocket(server.ws, co.other.userId, co.other.token);
    const sender = await signedInSocket(server.ws, co.admin.userId, co.admin.token);
    open.push(mine, sender);
    const r = await post(server.http, co.admin.token, '/msg/saveMsg', {
      type: '1',
      msgTitle: '推送测试',
      msgContent: '<p>看这里<script>x()</script></p>',
      userIds: String(co.other.userId),
    });
    expect(r.code).toBe(200);
    const push = JSON.parse(await mine.waitFor(isMsg('推送测试')));
    expect(push.cmd).toBe('msg');
    expect(push.msg).toMatchObject({ msgTitle: '推送测试', msgContent: '<p>看这里</p>', type: '1', status: 0, solvedStatus: 0, senderId: co.admin.userId });
    expect(push.msg.id).toEqual(expect.any(Number));
    expect(push.msg.userId).toBeUndefined();
    await new Promise((res) => setTimeout(res, 200));
    expect(sender.messages.some(isMsg('推送测试'))).toBe(false);
  });

  it('pushes a message whose content is far over the 8000-byte NOTIFY limit', async () => {
    const s = await signedInSocket(server.ws, co.other.userId, co.other.token);
    open.push(s);
    const big = `<p>${'长'.repeat(15000)}</p>`;
    expect((await post(server.http, co.admin.token, '/msg/saveMsg', { msgTitle: '大消息', msgContent: big, userIds: String(co.other.userId) })).code).toBe(200);
    const push = JSON.parse(await s.waitFor(isMsg('大消息')));
    expect(push.msg.msgContent).toBe(big);
  });

  it('stops pushing to a socket whose sign-in has ended, closing it with 4401', async () => {
    const second = await login(shared, co.other.loginName, 'abc123');
    const stale = await signedInSocket(server.ws, co.other.userId, second.token);
    const live = await signedInSocket(server.ws, co.other.userId, co.other.token);
    open.push(stale, live);
    expect((await second.api.get('/user/logout')).body.code).toBe(200);
    await post(server.http, co.admin.token, '/msg/saveMsg', { msgTitle: '退出后', msgContent: 'x', userIds: String(co.other.userId) });
    await live.waitFor(isMsg('退出后'));
    expect(await stale.closed).toBe(4401);
    expect(stale.messages.some(isMsg('退出后'))).toBe(false);
  });

  it.each([
    ['a malformed token', () => `${co.other.userId}?token=nonsense`],
    ['no token', () => `${co.other.userId}`],
    ['a well-formed but unknown token', () => `${co.other.userId}?token=${co.tenantId}.${'A'.repeat(43)}`],
    ['another user’s id', () => `${co.other.userId}?token=${co.admin.token}`],
    ['a user id that is not a number', () => `abc?token=${co.other.token}`],
  ])('closes with 4401 for %s', async (_name, path) => {
    const s = connect(`${server.ws}/websocket/${path()}`);
    expect(await s.closed).toBe(4401);
  });
});

describe.runIf(ENGINE === 'postgres')('fan-out between server instances (LISTEN/NOTIFY)', () => {
  let db2: Database;
  let second: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    db2 = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    second = await serve(db2);
  });
  afterAll(async () => {
    await second?.app.close();
    await db2?.close();
  });

  it('a message saved on instance 1 reaches a socket on instance 2', async () => {
    const s = await signedInSocket(second.ws, co.other.userId, co.other.token);
    open.push(s);
    const r = await post(server.http, co.admin.token, '/msg/saveMsg', { msgTitle: '跨实例', msgContent: 'hi', userIds: String(co.other.userId) });
    expect(r.code).toBe(200);
    const push = JSON.parse(await s.waitFor(isMsg('跨实例')));
    expect(push).toMatchObject({ cmd: 'msg', msg: { msgTitle: '跨实例', status: 0 } });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app.ts';
import type { Database } from '../../../platform/db/database.ts';
import { md5 } from '../../../platform/auth/password.ts';
import { createRole, createUser } from '../../system/tenant-provisioning.ts';
import { login, testApp, uniqueName } from '../../../test-support/harness.ts';
import { companyOfTwo, connect } from './fixtures.ts';

let app: FastifyInstance;
let db: Database;
let co: Awaited<ReturnType<typeof companyOfTwo>>;
/** a third user, the only member of role 仓管 */
let clerk: Awaited<ReturnType<typeof login>> & { userId: number; roleId: number };

beforeAll(async () => {
  ({ app, db } = await testApp());
  co = await companyOfTwo(app, db);
  const loginName = uniqueName('clerk');
  const { roleId } = await db.system(async (tx) => {
    const roleId = await createRole(tx, co.tenantId, '仓管', { numbers: ['04'] });
    await createUser(tx, co.tenantId, { loginName, passwordMd5: md5('abc123'), username: '仓管员', roleIds: [roleId] });
    return { roleId };
  });
  const s = await login(app, loginName, 'abc123');
  clerk = { ...s, userId: s.data.user.id as number, roleId };
});

const admin = () => co.admin.api;
const inbox = async (api: typeof admin extends () => infer A ? A : never, title: string) =>
  (await api.post('/msg/list', { currentPage: 1, pageSize: 50, msgTitle: title })).body.data.rows as Array<{ msgTitle: string; type: string }>;
const adminRow = async (id: number) =>
  ((await admin().get('/msg/admin/list?pageSize=100')).body.data.rows as Array<Record<string, unknown>>).find((r) => r.id === id);

describe('message administration', () => {
  it('keeps a draft out of every inbox, edits it, then sends it to a role with read counts', async () => {
    const add = await admin().post('/msg/admin/add', {
      msgTitle: '盘点通知',
      msgContent: '<p>周五盘点</p>',
      audience: 'users',
      audienceIds: [co.other.userId],
    });
    expect(add.body.data.message).toBe('保存成功');
    const id = add.body.data.id as number;
    expect(await adminRow(id)).toMatchObject({ msgTitle: '盘点通知', sent: false, audience: 'users', recipientCount: 0, readCount: 0 });
    expect(await inbox(co.other.api, '盘点通知')).toEqual([]);

    const upd = await admin().put('/msg/admin/update', {
      id,
      msgTitle: '盘点通知(改)',
      msgContent: '<p>周六盘点</p>',
      audience: 'roles',
      audienceIds: [clerk.roleId],
    });
    expect(upd.body.data.message).toBe('保存成功');
    const sent = await admin().post('/msg/admin/send', { id });
    expect(sent.body.data).toMatchObject({ recipientCount: 1, message: '发送成功' });
    expect(await inbox(clerk.api, '盘点通知')).toMatchObject([{ msgTitle: '盘点通知(改)', type: '3' }]);
    expect(await inbox(co.other.api, '盘点通知')).toEqual([]);

    const [m] = (await clerk.api.post('/msg/list', { currentPage: 1, pageSize: 5, msgTitle: '盘点通知' })).body.data.rows;
    await clerk.api.post('/msg/batchUpdateStatus', { ids: String(m.id), status: 1 });
    expect(await adminRow(id)).toMatchObject({ sent: true, recipientCount: 1, readCount: 1 });

    // sent: no more edits or second sends
    for (const r of [await admin().put('/msg/admin/update', { id, msgTitle: 'x', audience: 'all' }), await admin().post('/msg/admin/send', { id })])
      expect(r.body).toMatchObject({ code: 500, data: { message: '消息已发送，不能修改' } });
  });

  it('sends an announcement to everyone at once and pushes it over the WebSocket', async () => {
    const server = await buildApp({ config: { apiBase: '/api', webDist: '/nonexistent', logLevel: 'silent' }, db, logger: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as { port: number };
      const s = connect(`ws://127.0.0.1:${port}/websocket/${clerk.userId}?token=${encodeURIComponent(clerk.token)}`);
      await s.opened;
      s.send('ping');
      await s.waitFor((x) => x === 'pong');
      const r = await admin().post('/msg/admin/add', { msgTitle: '全员公告', msgContent: '<p>放假<script>x()</script></p>', audience: 'all', send: true });
      expect(r.body.data.message).toBe('发送成功');
      const pushed = JSON.parse(await s.waitFor((x) => x.includes('全员公告')));
      expect(pushed.msg).toMatchObject({ msgTitle: '全员公告', msgContent: '<p>放假</p>' });
      s.close();
      for (const api of [co.admin.api, co.other.api, clerk.api]) expect((await inbox(api, '全员公告')).length).toBe(1);
      expect(await adminRow(r.body.data.id)).toMatchObject({ sent: true, recipientCount: 3, readCount: 0, audience: 'all' });
    } finally {
      await server.close();
    }
  });

  it('deletes a sent message from the list and from every inbox', async () => {
    const r = await admin().post('/msg/admin/add', { msgTitle: '待删公告', audience: 'users', audienceIds: [co.other.userId], send: true });
    expect((await inbox(co.other.api, '待删公告')).length).toBe(1);
    const del = await admin().delete(`/msg/admin/delete?ids=${r.body.data.id}`);
    expect(del.body.data.message).toBe('删除成功');
    expect(await adminRow(r.body.data.id)).toBeUndefined();
    expect(await inbox(co.other.api, '待删公告')).toEqual([]);
    expect((await admin().delete(`/msg/admin/delete?ids=${r.body.data.id}`)).status).toBe(404);
  });

  it('refuses bad input, strangers and other companies, writing nothing', async () => {
    const before = (await admin().get('/msg/admin/list')).body.data.total;
    const jsh = await login(app, 'jsh');
    const jshUser = jsh.data.user.id as number;
    const cases: Array<[unknown, RegExp]> = [
      [{ msgTitle: ' ', audience: 'all' }, /请输入标题/],
      [{ msgTitle: 'x'.repeat(101), audience: 'all' }, /标题不能超过100个字符/],
      [{ msgTitle: 'x', audience: 'users' }, /请选择接收人/],
      [{ msgTitle: 'x', audience: 'everyone' }, /请选择接收范围/],
      [{ msgTitle: 'x', audience: 'all', tenantId: 1 }, /tenantId/],
      [{ msgTitle: 'x', audience: 'users', audienceIds: [jshUser] }, /接收人不存在或不属于本公司/],
      [{ msgTitle: 'x', audience: 'roles', audienceIds: [0] }, /不能小于1/],
    ];
    for (const [body, msg] of cases) {
      const r = await admin().post('/msg/admin/add', body);
      expect(r.body.code, JSON.stringify(body)).not.toBe(200);
      expect(JSON.stringify(r.body), JSON.stringify(body)).toMatch(msg);
    }
    // a role nobody holds: refused at send, the draft stays a draft
    const empty = await db.system((tx) => createRole(tx, co.tenantId, uniqueName('空角色'), { numbers: [] }));
    const d = await admin().post('/msg/admin/add', { msgTitle: '无人', audience: 'roles', audienceIds: [empty], send: true });
    expect(d.body).toMatchObject({ code: 500, data: { message: '没有接收人' } });
    expect((await admin().get('/msg/admin/list')).body.data.total).toBe(before);

    const mine = (await admin().post('/msg/admin/add', { msgTitle: '本公司草稿', audience: 'all' })).body.data.id;
    expect((await jsh.api.post('/msg/admin/send', { id: mine })).status).toBe(404);
    expect((await jsh.api.delete(`/msg/admin/delete?ids=${mine}`)).status).toBe(404);
    expect((await co.other.api.get('/msg/admin/list')).status).toBe(403);
    expect((await co.other.api.post('/msg/admin/add', { msgTitle: 'x', audience: 'all' })).status).toBe(403);
    expect(await adminRow(mine)).toMatchObject({ sent: false });
  });
});

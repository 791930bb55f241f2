import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import { client, newTenant, testApp } from '../../../test-support/harness.ts';
import { companyOfTwo } from './fixtures.ts';

let app: FastifyInstance;
let db: Database;
let co: Awaited<ReturnType<typeof companyOfTwo>>;

beforeAll(async () => {
  ({ app, db } = await testApp());
  co = await companyOfTwo(app, db);
});

const send = (body: Record<string, unknown>) =>
  co.admin.api.post('/msg/saveMsg', { type: '0', msgContent: '<p>请处理</p>', userIds: String(co.other.userId), ...body });

async function newestOf(api: typeof co.other.api, title: string) {
  const r = await api.post('/msg/list', { currentPage: 1, pageSize: 5, msgTitle: title });
  expect(r.body.code).toBe(200);
  return r.body.data.rows[0];
}

const msgRows = (tenantId: number) =>
  db.system(async (tx) => Number((await tx.one<{ n: number }>('select count(*)::int as n from msg where tenant_id = $1', [tenantId]))!.n));

describe('sending a message', () => {
  it('reaches the recipient in list, getList and getMsgByStatus, sent by the signed-in user', async () => {
    const r = await send({ msgTitle: '审批提醒A', senderId: 999999, createTime: '2000-01-01 00:00:00' });
    expect(r.body).toEqual({ code: 200, data: { message: '发送成功' } });

    const list = await co.other.api.post('/msg/list', { currentPage: 1, pageSize: 5 });
    expect(list.body.code).toBe(200);
    const m = list.body.data.rows.find((x: { msgTitle: string }) => x.msgTitle === '审批提醒A');
    expect(m).toMatchObject({ msgContent: '<p>请处理</p>', type: '0', status: 0, solvedStatus: 0, solvedTime: null, senderId: co.admin.userId });
    expect(m.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(m.createTime).not.toBe('2000-01-01 00:00:00');
    expect(m.createTimeStr).toBe(m.createTime);
    expect(list.body.data.total).toBeGreaterThanOrEqual(1);

    const bell = await co.other.api.post('/msg/getList', { currentPage: 1, pageSize: 999, status: 0 });
    expect(bell.body.data.records.map((x: { id: number }) => x.id)).toContain(m.id);
    expect(bell.body.data.total).toBeGreaterThanOrEqual(1);

    const byStatus = await co.other.api.post('/msg/getMsgByStatus', { status: 0 });
    expect(byStatus.body.data.map((x: { id: number }) => x.id)).toContain(m.id);

    // the sender is not a recipient, so it is not in the sender's inbox
    const senderList = await co.admin.api.post('/msg/list', { currentPage: 1, pageSize: 999 });
    expect(senderList.body.data.rows.map((x: { id: number }) => x.id)).not.toContain(m.id);
  });

  it('pages newest first and filters by title (wildcards taken literally)', async () => {
    for (const t of ['页1', '页2', '页3%']) await send({ msgTitle: `分页${t}` });
    const p1 = await co.other.api.post('/msg/list', { currentPage: 1, pageSize: 2, msgTitle: '分页' });
    expect(p1.body.data.total).toBe(3);
    expect(p1.body.data.rows.map((x: { msgTitle: string }) => x.msgTitle)).toEqual(['分页页3%', '分页页2']);
    const p2 = await co.other.api.post('/msg/list', { currentPage: '2', pageSize: '2', msgTitle: '分页' });
    expect(p2.body.data.rows.map((x: { msgTitle: string }) => x.msgTitle)).toEqual(['分页页1']);
    const pct = await co.other.api.post('/msg/getList', { currentPage: 1, pageSize: 10, msgTitle: '3%', status: '' });
    expect(pct.body.data.records.map((x: { msgTitle: string }) => x.msgTitle)).toEqual(['分页页3%']);
  });

  it('strips scripts, event handlers and javascript: links but keeps formatting, links and images', async () => {
    const html =
      '<p style="color:red;position:fixed" onclick="steal()">你好<script>alert(1)</script><b>粗</b>' +
      '<a href="javascript:alert(1)">坏</a><a href="https://example.com/x" target="_blank">好</a>' +
      '<img src="https://example.com/a.png" onerror="steal()"><iframe src="https://evil"></iframe></p>';
    expect((await send({ msgTitle: '清洗', msgContent: html })).body.code).toBe(200);
    const m = await newestOf(co.other.api, '清洗');
    expect(m.msgContent).not.toMatch(/script|onclick|onerror|javascript:|iframe|position/i);
    expect(m.msgContent).toContain('<b>粗</b>');
    expect(m.msgContent).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">好</a>');
    expect(m.msgContent).toContain('<img src="https://example.com/a.png" />');
    expect(m.msgContent).toContain('style="color:red"');
  });

  it('refuses a recipient of another company and writes nothing', async () => {
    const stranger = await newTenant(app, 'msgx');
    const before = await msgRows(co.tenantId);
    const r = await send({ msgTitle: '越界', userIds: `${co.other.userId},${stranger.data.user.id}` });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(500);
    expect(r.body.data.message).toContain('接收人不存在或不属于本公司');
    expect(await msgRows(co.tenantId)).toBe(before);
    expect(await msgRows(stranger.tenantId)).toBe(0);
  });
});

describe('read and handled flags', () => {
  it('batchUpdateStatus, readAllMsg and updateSolvedStatus change only the user’s own copies', async () => {
    await send({ msgTitle: '状态1' });
    await send({ msgTitle: '状态2' });
    const m1 = await newestOf(co.other.api, '状态1');
    const m2 = await newestOf(co.other.api, '状态2');

    const r = await co.other.api.post('/msg/batchUpdateStatus', { ids: `${m1.id}`, status: 2 });
    expect(r.body).toEqual({ code: 200, data: { message: '操作成功' } });
    expect((await newestOf(co.other.api, '状态1')).status).toBe(2);

    const unread = await co.other.api.post('/msg/getMsgByStatus', { status: '0' });
    const unreadIds = unread.body.data.map((x: { id: number }) => x.id);
    expect(unreadIds).toContain(m2.id);
    expect(unreadIds).not.toContain(m1.id);

    expect((await co.other.api.post('/msg/readAllMsg', {})).body.code).toBe(200);
    expect((await co.other.api.post('/msg/getMsgByStatus', { status: 0 })).body.data).toEqual([]);
    expect((await newestOf(co.other.api, '状态2')).status).toBe(1);
    expect((await newestOf(co.other.api, '状态1')).status).toBe(2); // bell-read stays bell-read

    const given = await co.other.api.post('/msg/updateSolvedStatus', { ids: `${m1.id}`, solvedStatus: 1, solvedTime: '2025-03-04 05:06:07' });
    expect(given.body).toEqual({ code: 200, data: '已标记为已处理' });
    expect(await newestOf(co.other.api, '状态1')).toMatchObject({ solvedStatus: 1, solvedTime: '2025-03-04 05:06:07' });

    const now = await co.other.api.post('/msg/updateSolvedStatus', { ids: `${m2.id}`, solvedStatus: 1 });
    expect(now.body.code).toBe(200);
    const solved = await newestOf(co.other.api, '状态2');
    expect(solved.solvedStatus).toBe(1);
    expect(solved.solvedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(solved.solvedTime >= solved.createTime).toBe(true);

    await co.other.api.post('/msg/updateSolvedStatus', { ids: `${m2.id}`, solvedStatus: 0 });
    expect(await newestOf(co.other.api, '状态2')).toMatchObject({ solvedStatus: 0, solvedTime: null });
  });

  it('a user cannot change someone else’s message', async () => {
    await send({ msgTitle: '别人的' });
    const m = await newestOf(co.other.api, '别人的');
    // the administrator sent it but is not a recipient
    for (const [url, body] of [
      ['/msg/batchUpdateStatus', { ids: `${m.id}`, status: 1 }],
      ['/msg/updateSolvedStatus', { ids: `${m.id}`, solvedStatus: 1 }],
    ] as const) {
      const r = await co.admin.api.post(url, body);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(500);
    }
    await co.admin.api.post('/msg/readAllMsg', {});
    expect(await newestOf(co.other.api, '别人的')).toMatchObject({ status: 0, solvedStatus: 0, solvedTime: null });
  });

  it('a message id of one company is invisible to another company', async () => {
    await send({ msgTitle: '租户A' });
    const m = await newestOf(co.other.api, '租户A');
    const b = await newTenant(app, 'msgb');
    const list = await b.api.post('/msg/list', { currentPage: 1, pageSize: 999 });
    expect(list.body.data).toEqual({ rows: [], total: 0 });
    expect((await b.api.post('/msg/batchUpdateStatus', { ids: `${m.id}`, status: 1 })).body.code).toBe(500);
    expect((await b.api.post('/msg/updateSolvedStatus', { ids: `${m.id}`, solvedStatus: 1 })).body.code).toBe(500);
    expect(await newestOf(co.other.api, '租户A')).toMatchObject({ status: 0, solvedStatus: 0 });
  });
});

describe('input checks', () => {
  const cases: Array<[string, string, unknown]> = [
    ['ids not digits', '/msg/batchUpdateStatus', { ids: '1,abc', status: 1 }],
    ['ids with SQL', '/msg/batchUpdateStatus', { ids: '1); delete from msg; --', status: 1 }],
    ['ids empty', '/msg/batchUpdateStatus', { ids: '', status: 1 }],
    ['status out of range', '/msg/batchUpdateStatus', { ids: '1', status: 5 }],
    ['solvedStatus out of range', '/msg/updateSolvedStatus', { ids: '1', solvedStatus: 2 }],
    ['solvedTime not a time', '/msg/updateSolvedStatus', { ids: '1', solvedStatus: 1, solvedTime: 'yesterday' }],
    ['solvedTime impossible date', '/msg/updateSolvedStatus', { ids: '1', solvedStatus: 1, solvedTime: '2025-13-45 25:61:00' }],
    ['huge pageSize', '/msg/list', { currentPage: 1, pageSize: 100000 }],
    ['page zero', '/msg/getList', { currentPage: 0, pageSize: 10 }],
    ['fractional page size', '/msg/getList', { currentPage: 1, pageSize: 1.5 }],
    ['unknown field', '/msg/list', { currentPage: 1, pageSize: 5, tenantId: 1 }],
    ['status missing', '/msg/getMsgByStatus', {}],
    ['readAllMsg with fields', '/msg/readAllMsg', { userId: 1 }],
    ['title missing', '/msg/saveMsg', { msgContent: 'x', userIds: '1' }],
    ['title blank', '/msg/saveMsg', { msgTitle: '   ', userIds: '1' }],
    ['title too long', '/msg/saveMsg', { msgTitle: 'x'.repeat(101), userIds: '1' }],
    ['content over 50 KB', '/msg/saveMsg', { msgTitle: 't', msgContent: '中'.repeat(17100), userIds: '1' }],
    ['recipients missing', '/msg/saveMsg', { msgTitle: 't' }],
    ['recipients not digits', '/msg/saveMsg', { msgTitle: 't', userIds: '1,2x' }],
    ['type not a number', '/msg/saveMsg', { msgTitle: 't', userIds: '1', type: 'x' }],
    ['malformed JSON', '/msg/saveMsg', '{"msgTitle": '],
  ];
  it.each(cases)('%s → 400 envelope', async (_name, url, body) => {
    const r = await co.other.api.post(url, body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect(typeof r.body.data.message).toBe('string');
  });

  it.each([
    ['/user/list?currentPage=1&pageSize=10000'],
    ['/user/list?currentPage=x&pageSize=10'],
    ['/sys/annountCement/queryById?id=abc'],
    ['/sys/annountCement/queryById'],
  ])('GET %s → 400 envelope', async (url) => {
    const r = await co.other.api.get(url);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
  });

  it('needs a sign-in', async () => {
    const r = await client(app).post('/msg/list', { currentPage: 1, pageSize: 5 });
    expect(r.status).toBe(401);
  });
});

describe('users and announcements', () => {
  it('GET /user/list lists the users of the company only, paged', async () => {
    const all = await co.other.api.get('/user/list?currentPage=1&pageSize=9999');
    expect(all.body.code).toBe(200);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.rows).toEqual([
      { id: co.admin.userId, username: expect.any(String), loginName: co.admin.loginName },
      { id: co.other.userId, username: expect.any(String), loginName: co.other.loginName },
    ]);
    const p2 = await co.other.api.get('/user/list?currentPage=2&pageSize=1');
    expect(p2.body.data).toEqual({ rows: [expect.objectContaining({ id: co.other.userId })], total: 2 });
  });

  it('GET /sys/annountCement/queryById answers the company’s own announcement, cleaned', async () => {
    const id = await db.system(async (tx) =>
      Number(
        (await tx.one<{ id: number }>(
          `insert into announcement(tenant_id, msg_title, msg_content) values ($1, '放假通知', '<p>周五放假<script>x()</script></p>') returning id`,
          [co.tenantId],
        ))!.id,
      ),
    );
    const r = await co.other.api.get(`/sys/annountCement/queryById?id=${id}`);
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ id, msgTitle: '放假通知', msgContent: '<p>周五放假</p>' });
    expect(r.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const b = await newTenant(app, 'msgc');
    const other = await b.api.get(`/sys/annountCement/queryById?id=${id}`);
    expect(other.body).toEqual({ code: 500, data: { message: '查找不到数据' } });
  });
});

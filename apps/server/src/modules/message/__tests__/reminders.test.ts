import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import { buildApp } from '../../../app.ts';
import { testApp, uniqueName, type Client } from '../../../test-support/harness.ts';
import { createUser } from '../../system/tenant-provisioning.ts';
import { md5 } from '../../../platform/auth/password.ts';
import { world } from '../../inventory/__tests__/fixtures.ts';
import { defineReminderJob, REMINDER_JOB, SKIPPED_KINDS } from '../reminders.ts';
import { JobRunner } from '../../../platform/jobs/runner.ts';
import { companyOfTwo, connect, type TestSocket } from './fixtures.ts';

let app: FastifyInstance;
let db: Database;
let co: Awaited<ReturnType<typeof companyOfTwo>>;
let w: Awaited<ReturnType<typeof world>>;
/** A second, listening app on the same database: the bell's WebSocket needs a real HTTP server. */
let listening: FastifyInstance;
let bell: TestSocket;

/** YYYY-MM-DD `days` from today in the database's calendar (what current_date compares with). */
async function dayFromToday(days: number): Promise<string> {
  const r = await db.system((tx) => tx.one<{ d: string }>(`select to_char(current_date + $1::int, 'YYYY-MM-DD') as d`, [days]));
  return r!.d;
}

type Msg = { msgTitle: string; msgContent: string; type: string; openPage: string | null };
async function inbox(api: Client): Promise<Msg[]> {
  const r = await api.post('/msg/list', { currentPage: 1, pageSize: 50 });
  expect(r.body.code).toBe(200);
  return r.body.data.rows;
}
const reminders = async (api: Client) => (await inbox(api)).filter((m) => m.type === '4');

async function setting(body: object): Promise<number> {
  const r = await co.admin.api.post('/reminderSetting/add', body);
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id;
}

async function runNow(api: Client = co.admin.api) {
  const r = await api.post('/reminderSetting/runNow', {});
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { settings: number; messages: number; subjects: number; skipped: Array<{ kind: string; reason: string }> };
}

beforeAll(async () => {
  ({ app, db } = await testApp());
  co = await companyOfTwo(app, db);
  listening = await buildApp({ config: { apiBase: '/api', webDist: '/nonexistent', logLevel: 'silent' }, db, logger: false });
  await listening.listen({ port: 0, host: '127.0.0.1' });
  const { port } = listening.server.address() as { port: number };
  bell = connect(`ws://127.0.0.1:${port}/websocket/${co.other.userId}?token=${encodeURIComponent(co.other.token)}`);
  await bell.opened;
  bell.send('ping');
  await bell.waitFor((m) => m === 'pong');
  w = await world(co.admin.api);
  // 螺丝 below its minimum, 钉子 above its maximum, 垫片 within both
  await w.material('螺丝', 'LOW1', { stocks: [{ depotId: w.depotA, initNumber: '5', lowSafeStock: '10.5' }] });
  await w.material('钉子', 'HIGH1', { stocks: [{ depotId: w.depotB, initNumber: 100, highSafeStock: 50 }] });
  await w.material('垫片', 'OK1', { stocks: [{ depotId: w.depotA, initNumber: 20, lowSafeStock: 10, highSafeStock: 50 }] });
  // milk: batch S expires in 5 days, batch L in 100. Balances and documents are written in SQL
  // here, to keep this suite about reminders rather than about posting documents.
  const milk = await w.material('牛奶', 'MILK', { enableBatchNumber: true });
  await db.system(async (tx) => {
    for (const [batch, qty, days] of [
      ['S', 3, 5],
      ['L', 4, 100],
    ] as const) {
      await tx.query(
        `insert into stock_balance(tenant_id, material_id, depot_id, batch_number, qty, expiration_date) values ($1, $2, $3, $4, $5, current_date + $6::int)`,
        [co.tenantId, milk, w.depotA, batch, qty, days],
      );
    }
    // a receipt waiting three days for audit, an audited one as old, and a new unaudited one
    const head = `insert into depot_head(tenant_id, doc_key, type, sub_type, number, oper_time, status, created_at) values ($1, 'otherIn', '入库', '其它', $2, now(), $3, now() - $4::int * interval '1 day')`;
    await tx.query(head, [co.tenantId, 'QTRK-OLD', '0', 3]);
    await tx.query(head, [co.tenantId, 'QTRK-DONE', '1', 3]);
    await tx.query(head, [co.tenantId, 'QTRK-NEW', '0', 0]);
  });
});

afterAll(async () => {
  bell.close();
  await listening.close();
});

describe('reminders', () => {
  it('sends one message per setting to its recipients, listing only what is due', async () => {
    const both = `${co.admin.userId},${co.other.userId}`;
    await setting({ name: '库存', kind: 'stockWarning', recipients: both });
    await setting({ name: '保质期', kind: 'expiry', threshold: 30, recipients: String(co.other.userId) });
    await setting({ name: '审核', kind: 'approval', threshold: 2, recipients: String(co.admin.userId) });
    await setting({ name: '欠款', kind: 'arrears', threshold: 1000, recipients: String(co.admin.userId) });
    const off = await setting({ name: '停用', kind: 'stockWarning', recipients: both });
    expect((await co.admin.api.post('/reminderSetting/batchSetStatus', { status: false, ids: String(off) })).body.code).toBe(200);

    const run = await runNow();
    expect(run).toEqual({
      settings: 4,
      messages: 3,
      subjects: 4,
      skipped: [{ id: expect.any(Number), name: '欠款', kind: 'arrears', reason: SKIPPED_KINDS.arrears }],
    });

    const mine = await reminders(co.admin.api);
    const theirs = await reminders(co.other.api);
    expect(mine.map((m) => m.msgTitle).sort()).toEqual(['库存预警提醒（库存）：2项', '待审核单据提醒（审核）：1项']);
    expect(theirs.map((m) => m.msgTitle).sort()).toEqual(['保质期到期提醒（保质期）：1项', '库存预警提醒（库存）：2项']);

    // pushed to the recipient's bell (through the other instance, as across servers)
    const pushed = await bell.waitFor((m) => m.startsWith('{') && JSON.parse(m).msg?.msgTitle === '保质期到期提醒（保质期）：1项');
    expect(JSON.parse(pushed).msg.type).toBe('4');

    const stock = mine.find((m) => m.msgTitle.startsWith('库存预警'))!;
    expect(stock.openPage).toBe('/report/stock_warning');
    expect(stock.msgContent).toContain('螺丝（甲仓）当前库存 5，低于最低安全库存 10.5');
    expect(stock.msgContent).toContain('钉子（乙仓）当前库存 100，高于最高安全库存 50');
    expect(stock.msgContent).not.toContain('垫片');

    const expiry = theirs.find((m) => m.msgTitle.startsWith('保质期'))!;
    expect(expiry.msgContent).toContain(`牛奶（甲仓，批号 S，数量 3）将于 ${await dayFromToday(5)} 到期（5天后）`);
    expect(expiry.msgContent).not.toContain('批号 L');

    const approval = mine.find((m) => m.msgTitle.startsWith('待审核'))!;
    expect(approval.msgContent).toMatch(/其它入库 QTRK-OLD（.*创建）已等待审核 3 天/);
  });

  it('does not remind of the same subject twice on one day, but does of a new one', async () => {
    expect(await runNow()).toMatchObject({ messages: 0, subjects: 0 });
    expect(await reminders(co.admin.api)).toHaveLength(2);

    // a new material below its minimum: only it is reminded of
    await w.material('垫圈', 'LOW2', { stocks: [{ depotId: w.depotA, initNumber: 1, lowSafeStock: 2 }] });
    expect(await runNow()).toMatchObject({ messages: 1, subjects: 1 });
    const latest = (await reminders(co.other.api)).find((m) => m.msgTitle === '库存预警提醒（库存）：1项')!;
    expect(latest.msgContent).toContain('垫圈（甲仓）当前库存 1，低于最低安全库存 2');
    expect(latest.msgContent).not.toContain('螺丝');
  });

  it('leaves out recipients who are gone, and skips a setting with none left', async () => {
    const gone = await db.system((tx) =>
      createUser(tx, co.tenantId, { loginName: uniqueName('gone'), passwordMd5: md5('abc123'), username: '离职', roleIds: [] }),
    );
    await setting({ name: '无人', kind: 'stockWarning', recipients: String(gone) });
    await db.system((tx) => tx.query('update sys_user set delete_flag = true where tenant_id = $1 and id = $2', [co.tenantId, gone]));
    const run = await runNow();
    expect(run.skipped).toContainEqual({ id: expect.any(Number), name: '无人', kind: 'stockWarning', reason: '没有有效的接收人' });
    expect(run.messages).toBe(0);
  });

  it('is for the company administrator only, and reaches only their company', async () => {
    const r = await co.other.api.post('/reminderSetting/runNow', {});
    expect(r.body.code).toBe(403);
    const elsewhere = await companyOfTwo(app, db);
    const run = await runNow(elsewhere.admin.api);
    expect(run).toEqual({ settings: 0, messages: 0, subjects: 0, skipped: [] });
    expect(await reminders(elsewhere.admin.api)).toEqual([]);
  });

  it('records runNow in the job list, and runs as a scheduled job per company', async () => {
    const jobs = async () =>
      (await co.admin.api.get(`/job/list?name=${REMINDER_JOB}&pageSize=100`)).body.data as { rows: Array<{ state: string; attempts: number }>; total: number };
    const before = await jobs();
    expect(before.rows[0]).toMatchObject({ state: 'done', attempts: 1 });
    await w.material('密封圈', 'LOW3', { stocks: [{ depotId: w.depotA, initNumber: 0, lowSafeStock: 5 }] });
    // REMINDER_INTERVAL_MINUTES=1: the current minute's run fires at the runner's first tick
    defineReminderJob(1);
    const runner = new JobRunner(db, listening.log, { pollMs: 50, names: [REMINDER_JOB] }).start();
    try {
      await expect
        .poll(async () => (await reminders(co.other.api)).some((m) => m.msgTitle === '库存预警提醒（库存）：1项' && m.msgContent.includes('密封圈')), {
          timeout: 60_000,
        })
        .toBe(true);
      await expect.poll(async () => (await jobs()).rows.filter((r) => r.state === 'done').length, { timeout: 60_000 }).toBe(before.total + 1);
    } finally {
      await runner.stop();
      defineReminderJob(0);
    }
  });
});

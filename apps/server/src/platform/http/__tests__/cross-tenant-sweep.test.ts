import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { seedDemoMasterData } from '../../../modules/master/seed-demo.ts';
import { seedDemoActivity } from '../../../modules/system/demo-activity.ts';
import { SAMPLE, uploadFile } from '../../../test-support/upload.ts';
import { baseBody } from './sweep-bodies.ts';

/**
 * Issue 10, "keep it closed": every route of the OpenAPI document that takes an id (path, query or
 * body) is called by another company's administrator with the victim company's ids. Nothing may come
 * back that a made-up id would not also give (the two replies are compared, the id masked), and none
 * of the victim's rows may change. New routes are swept the day they land.
 */
type Operation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
const ID_LIKE = /^(id|ids|.*Id|.*Ids|number|linkNumber|headerId)$/;
const SKIP = new Set(['/user/logout']);
/** The reply with the id itself (a whole token, not digits inside another number) masked. */
const mask = (reply: string, id: string) => reply.replace(new RegExp(`(?<![\\w])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'g'), '<id>');
/** One id per kind of record the victim has, the kinds an id parameter can point at. */
const TABLES = [
  'depot_head',
  'depot_item',
  'material',
  'material_extend',
  'partner',
  'depot',
  'settlement_account',
  'sys_user',
  'role',
  'unit',
  'material_category',
  'person',
  'organization',
  'in_out_item',
  'msg',
  'job',
  'account_head',
  // projects (issue 19): project, task and time-entry ids reach the progress reports and time-entry edits
  'proj_project',
  'proj_task',
  'proj_time_entry',
  // 项目分类 (issue 19): a category id reaches the project's add, update and list filter
  'proj_category',
  'portal_shipping_plan',
  // CRM mail (issue 20): an attachment id reaches the attachment download
  'crm_mail_attachment',
];

describe('cross-tenant ids on every route of the OpenAPI document', async () => {
  const { app, db } = await testApp();
  const victim = await newTenant(app, 'victim');
  await db.system((tx) => seedDemoMasterData(tx, victim.tenantId));
  await seedDemoActivity(app, '/api', victim.loginName, victim.password);
  // the demo has no mail server: one sent mail with a stored attachment of the victim's
  const attached = await uploadFile(app, victim.token, '报价单.pdf', SAMPLE.pdf('victim'));
  await db.system((tx) =>
    tx.query(
      `with m as (insert into crm_mail(tenant_id, user_id, direction, from_addr, to_addrs, subject, sent_at, seen)
                  select $1, min(id), 'out', 'boss@victim.test', '{buyer@customer.test}', '报价', now(), true from sys_user where tenant_id = $1 returning id)
       insert into crm_mail_attachment(tenant_id, mail_id, part, file_name, content_type, size, path) select $1, id, '1', '报价单.pdf', 'application/pdf', 40, $2 from m`,
      [victim.tenantId, attached],
    ),
  );
  const attacker = await newTenant(app, 'attacker');
  // the attacker's own task, for ids nested in a body's list (made before the victim ids are picked, so none is the attacker's)
  const asAttacker = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url, headers: { 'x-access-token': attacker.token }, payload })).json<{ data: { id: number } }>().data.id;
  const ownProject = await asAttacker('/api/project/add', { name: '攻方项目', startDate: '2026-11-02' });
  const ownTask = await asAttacker('/api/project/task/add', { projectId: ownProject, name: '攻方任务', duration: 1 });
  const doc = JSON.parse((await app.inject({ url: '/docs/json' })).body) as { paths: Record<string, Record<string, Operation>> };

  // ids are per table, so a victim's id may also be one of the attacker's own rows in another table:
  // only ids the attacker owns nowhere are used, or its own record would pass for a leak
  const withId = await db.system((tx) =>
    tx.query<{ t: string }>(`select table_name t from information_schema.columns where table_schema = 'public' and column_name = 'id' and table_name in (
                               select table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id')`),
  );
  const attackerOwns = async (id: string) => {
    // the company table is global: the attacker's own company id would switch it into its own company
    if (id === String(attacker.tenantId)) return true;
    for (const { t } of withId)
      if (await db.system((tx) => tx.one(`select 1 from ${t} where tenant_id = $1 and id = $2`, [attacker.tenantId, id]))) return true;
    return false;
  };
  const ids: string[] = [];
  for (const table of TABLES) {
    const rows = await db.system((tx) =>
      tx.query<{ id: string }>(`select id::text id from ${table} where tenant_id = $1 order by id desc limit 3`, [victim.tenantId]),
    );
    const usable = [];
    for (const r of rows) if (!(await attackerOwns(r.id))) usable.push(r.id);
    if (usable[0]) ids.push(usable[0]);
  }
  const number = (await db.system((tx) => tx.one<{ n: string }>('select max(number) n from depot_head where tenant_id = $1', [victim.tenantId])))!.n;
  const tenantTables = await db.system((tx) =>
    tx.query<{ t: string }>(`select table_name t from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' order by 1`),
  );
  const snapshot = () =>
    db.system(async (tx) => {
      const out: Record<string, string> = {};
      for (const { t } of tenantTables) {
        const r = await tx.one<{ h: string }>(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) h from ${t} x where tenant_id = $1`, [
          victim.tenantId,
        ]);
        out[t] = r!.h;
      }
      return out;
    });

  it('gives the victim’s ids no more than made-up ones, and changes none of the victim’s rows', async () => {
    expect(ids.length).toBeGreaterThan(10);
    const before = await snapshot();
    const leaks: string[] = [];
    let calls = 0;
    const send = async (method: string, url: string, payload?: unknown) => {
      calls++;
      const r = await app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-access-token': attacker.token },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return `${r.statusCode} ${r.body}`;
    };
    // the same call with a victim id and with an id nobody has: any difference is something learnt
    const probe = async (method: string, make: (v: string) => { url: string; payload?: unknown }, values: string[], bogus: string) => {
      // the made-up call is the same for every victim id: asked once (half the sweep's calls)
      const b = make(bogus);
      const fakeReply = mask(await send(method, b.url, b.payload), bogus);
      for (const v of values) {
        const a = make(v);
        const real = mask(await send(method, a.url, a.payload), v);
        // the victim id is masked in the made-up reply too: a small id such as 1 also stands in replies for other
        // reasons (an enum list "0"|"1" in a refusal), which says nothing about the victim's row
        const fake = mask(fakeReply, v);
        if (real !== fake)
          leaks.push(`${method} ${a.url} ${JSON.stringify(a.payload ?? '')}\n      victim id: ${real.slice(0, 200)}\n      made-up id: ${fake.slice(0, 200)}`);
      }
    };
    for (const [rawPath, ops] of Object.entries(doc.paths)) {
      if (SKIP.has(rawPath)) continue;
      const base = rawPath.startsWith('/api/') ? rawPath : `/api${rawPath}`;
      for (const [method, op] of Object.entries(ops)) {
        const M = method.toUpperCase();
        const params = op.parameters ?? [];
        for (const p of params.filter((x) => x.in === 'path' && ID_LIKE.test(x.name)))
          await probe(M, (v) => ({ url: base.replace(`{${p.name}}`, v) }), ids, '987654321');
        for (const p of params.filter((x) => x.in === 'query' && ID_LIKE.test(x.name))) {
          await probe(
            M,
            (v) => ({ url: `${base}?${p.name}=${encodeURIComponent(v)}` }),
            p.name.toLowerCase().includes('number') ? [number] : ids,
            p.name.toLowerCase().includes('number') ? 'ZZ000000000' : '987654321',
          );
        }
        const props = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
        for (const field of props.filter((f) => ID_LIKE.test(f))) {
          const isNumber = field.toLowerCase().includes('number');
          const asValue = (v: string) => (isNumber || field.endsWith('s') ? v : Number(v));
          await probe(
            M,
            (v) => ({ url: base, payload: { ...baseBody(rawPath), [field]: asValue(v) } }),
            isNumber ? [number] : ids,
            isNumber ? 'ZZ000000000' : '987654321',
          );
        }
      }
    }
    // ids nested in a body's list, which the walk above does not reach: a task's predecessors (issue 19)
    await probe(
      'PUT',
      (v) => ({ url: '/api/project/task/update', payload: { id: ownTask, predecessors: [{ predId: Number(v), kind: 'FS', lag: 0 }] } }),
      ids,
      '987654321',
    );
    console.log(`cross-tenant sweep: ${ids.length} victim ids, ${calls} calls, ${leaks.length} differences`);
    expect(calls).toBeGreaterThan(500);
    expect(leaks).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // the attacker was signed in to the end, or every call after its session ended compared two refusals
    expect(await send('GET', '/api/user/infoWithTenant')).toMatch(/^200 /);
  }, 900_000); // a bound for a stuck sweep only: ~8,000 calls took 396 s at load average 25
});

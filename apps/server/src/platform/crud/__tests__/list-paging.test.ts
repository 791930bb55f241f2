import { afterEach, describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';

type Row = { id: number; name: string; createTime: string; barCode?: string | null };
type List = { rows: Row[]; total: number; totalEstimated?: boolean; sums?: Record<string, number> };

/** Paging, totals and fuzzy search of the generic list at volume (decisions.md "Lists at a million rows"). */
describe('generic list: paging, totals and fuzzy search', async () => {
  const { app, db } = await testApp();
  const a = await newTenant(app, 'pga');
  const b = await newTenant(app, 'pgb');
  const ROWS = 120;
  // bulk rows as the benchmark makes them; created_at repeats every 7 rows so the id breaks ties
  const seed = (tenantId: number, tag: string) =>
    db.system(async (tx) => {
      await tx.query(
        `insert into material (tenant_id, name, model, unit, created_at)
         select $1, $2 || ' 螺丝' || g || case when g = 7 then ' 50%_off' else '' end, 'M' || g, '个', timestamptz '2026-01-01' + (g / 7) * interval '1 hour'
           from generate_series(1, $3) g`,
        [tenantId, tag, ROWS],
      );
      await tx.query(
        `insert into material_extend (tenant_id, material_id, bar_code, commodity_unit, default_flag)
         select tenant_id, id, $2 || lpad(model, 8, '0'), '个', true from material where tenant_id = $1`,
        [tenantId, tag === 'Alpha' ? '11' : '22'],
      );
      await tx.query(`insert into partner (tenant_id, name, type, begin_need_get) select $1, $2 || '客户' || g, '客户', 1.25 from generate_series(1, $3) g`, [
        tenantId,
        tag,
        ROWS,
      ]);
    });
  await seed(a.tenantId, 'Alpha');
  await seed(b.tenantId, 'Alpha');
  const list = async (entity: string, q: Record<string, string | number | object>): Promise<List> => {
    const params = Object.fromEntries(Object.entries(q).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
    const r = await a.api.get(`/${entity}/list?${new URLSearchParams(params)}`);
    expect(r.body.code, `${entity} ${JSON.stringify(q)}: ${r.text}`).toBe(200);
    return r.body.data;
  };
  afterEach(() => {
    delete process.env.LIST_COUNT_CAP;
  });

  it('pages deep in the same order as one big page, with exact totals under the cap', async () => {
    const all = await list('material', { currentPage: 1, pageSize: 1000 });
    expect(all.total).toBe(ROWS);
    const sorted = [...all.rows].sort((x, y) => y.createTime.localeCompare(x.createTime) || y.id - x.id);
    expect(all.rows.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(await list('material', { currentPage: p, pageSize: 50 }));
    expect(pages.map((p) => p.total)).toEqual([ROWS, ROWS, ROWS]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(all.rows.map((r) => r.id));
    // the list hook still fills the page's computed columns
    expect(pages[2].rows.every((r) => /^110*M\d+$/.test(r.barCode ?? ''))).toBe(true);
    const past = await list('material', { currentPage: 9, pageSize: 50 });
    expect(past).toMatchObject({ rows: [], total: ROWS });
  });

  it('sorts a required column both ways with the id breaking ties', async () => {
    const asc = await list('material', { pageSize: 1000, column: 'name', order: 'ascend' });
    const desc = await list('material', { pageSize: 1000, column: 'name', order: 'descend' });
    const names = asc.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(desc.rows.map((r) => r.name)).toEqual([...names].reverse());
  });

  it('walks a list by nextCursor (keyset) in the same order as one big page, for each kind of order', async () => {
    process.env.LIST_COUNT_CAP = '50';
    // a nullable sort column with ties and nulls: every third partner has no sort text, the others repeat 4 values
    await db.system((tx) => tx.query(`update partner set sort = case when id % 3 = 0 then null else 's' || (id % 4) end where tenant_id = $1`, [a.tenantId]));
    const orders: Array<[string, Record<string, string>]> = [
      ['material', {}],
      ['material', { column: 'name', order: 'ascend' }],
      ['material', { column: 'createTime', order: 'ascend' }],
      ['supplier', { column: 'sort', order: 'ascend' }],
      ['supplier', { column: 'sort', order: 'descend' }],
      ['supplier', { column: 'beginNeedGet', order: 'descend' }],
    ];
    for (const [entity, o] of orders) {
      const all = await list(entity, { ...o, currentPage: 1, pageSize: 1000 });
      expect(all.rows.length).toBeGreaterThan(100);
      const walked: number[] = [];
      let page = await list(entity, { ...o, currentPage: 1, pageSize: 23 });
      for (let i = 0; i < 100; i++) {
        walked.push(...page.rows.map((r) => r.id));
        // the total describes the whole filter on every page (estimated past the cap, as OFFSET pages)
        expect(page.total).toBeGreaterThanOrEqual(50);
        const next = (page as List & { nextCursor: string | null }).nextCursor;
        if (next === null) break;
        page = await list(entity, { ...o, cursor: next, currentPage: 1, pageSize: 23 });
      }
      expect(walked, `${entity} ${JSON.stringify(o)}`).toEqual(all.rows.map((r) => r.id));
    }
    // a cursor made for one order is refused under another, and a made-up one too
    const first = (await list('material', { currentPage: 1, pageSize: 10 })) as List & { nextCursor: string };
    for (const cursor of [first.nextCursor, 'bm90LWEta2V5']) {
      const r = await a.api.get(`/material/list?${new URLSearchParams({ column: 'name', order: 'ascend', cursor })}`);
      expect(r.body.code).toBe(400);
      expect(r.body.data.message).toMatch(/cursor 无效/);
    }
    // another company's row as the cursor gives nothing of theirs: the last-row lookup is the company's only
    const theirs = await db.system((tx) => tx.one<{ id: number }>('select max(id) as id from material where tenant_id = $1', [b.tenantId]));
    const forged = Buffer.from(`${theirs!.id}.${Buffer.from(first.nextCursor, 'base64url').toString().split('.')[1]}`).toString('base64url');
    expect((await list('material', { cursor: forged, currentPage: 1, pageSize: 10 })).rows).toEqual([]);
  });

  it('estimates the total past the cap, never below what was shown, and then leaves out sums', async () => {
    process.env.LIST_COUNT_CAP = '50';
    const first = await list('supplier', { currentPage: 1, pageSize: 10, search: { type: '客户' } });
    expect(first.totalEstimated).toBe(true);
    expect(first.total).toBeGreaterThan(50);
    expect(first.sums).toBeUndefined();
    const deep = await list('supplier', { currentPage: 11, pageSize: 10, search: { type: '客户' } });
    expect(deep.rows).toHaveLength(10);
    expect(deep.total).toBeGreaterThanOrEqual(101);
    // an empty page past the end carries no count in its rows: the total is still counted (and estimated)
    const beyond = await list('supplier', { currentPage: 99, pageSize: 10, search: { type: '客户' } });
    expect(beyond).toMatchObject({ rows: [], totalEstimated: true });
    expect(beyond.total).toBeGreaterThan(50);
    expect(beyond.total).toBeLessThan(980);
    // under the cap the count is exact and the sums are there
    const few = await list('supplier', { currentPage: 1, pageSize: 10, search: { type: '客户', name: 'Alpha客户1' } });
    expect(few).toMatchObject({ total: 32, sums: { beginNeedGet: 40 } });
    expect(few.totalEstimated).toBeUndefined();
    // a last, short page gives its exact total without a count, but no sums past the cap
    const last = await list('supplier', { currentPage: 3, pageSize: 50, search: { type: '客户' } });
    expect(last.rows).toHaveLength(20);
    expect(last).toMatchObject({ total: ROWS });
    expect(last.totalEstimated).toBeUndefined();
    expect(last.sums).toBeUndefined();
    // a first page that is not full is the whole list: its sums are those of its rows
    const one = await list('supplier', { search: { type: '客户', name: 'Alpha客户119' } });
    expect(one).toMatchObject({ total: 1, sums: { beginNeedGet: 1.25, beginNeedPay: 0, advanceIn: 0 } });
  });

  it('finds by name and by barcode fragment within the company only, wildcards taken literally', async () => {
    const byName = await list('material', { search: { name: '螺丝11' } });
    expect(byName.rows.map((r) => r.name).sort()).toEqual([
      'Alpha 螺丝11',
      'Alpha 螺丝110',
      'Alpha 螺丝111',
      'Alpha 螺丝112',
      'Alpha 螺丝113',
      'Alpha 螺丝114',
      'Alpha 螺丝115',
      'Alpha 螺丝116',
      'Alpha 螺丝117',
      'Alpha 螺丝118',
      'Alpha 螺丝119',
    ]);
    expect(byName.total).toBe(11);
    const own = new Set((await list('material', { pageSize: 1000 })).rows.map((r) => r.id));
    expect(byName.rows.every((r) => own.has(r.id))).toBe(true);
    expect((await list('material', { search: { name: '50%_' } })).rows.map((r) => r.name)).toEqual(['Alpha 螺丝7 50%_off']);
    expect((await list('material', { search: { name: '5%f' } })).total).toBe(0);
    const byCode = await list('material', { search: { barCode: '0000M10' } });
    expect(byCode.rows.map((r) => r.barCode).sort()).toEqual(['1100000M10', ...Array.from({ length: 10 }, (_, i) => `110000M10${i}`)].sort());
    // company B's barcodes start 22: never found from A, with or without their prefix
    expect((await list('material', { search: { barCode: '2200' } })).total).toBe(0);
    // under three characters no trigram exists: the plain filter gives the same answers
    expect((await list('material', { search: { name: '螺丝' } })).total).toBe(ROWS);
    expect((await list('material', { search: { name: '%_' } })).rows.map((r) => r.name)).toEqual(['Alpha 螺丝7 50%_off']);
    expect((await list('material', { search: { barCode: 'M7' } })).rows.map((r) => r.barCode).sort()).toEqual([
      '11000000M7',
      ...Array.from({ length: 10 }, (_, i) => `1100000M7${i}`),
    ]);
    const partners = await list('supplier', { search: { type: '客户', name: 'pha客户12' } });
    expect(partners.total).toBe(2);
  });

  it('keeps the search function to the company in app.tenant_id and to known columns', async () => {
    const none = await db.tenant(a.tenantId, (tx) => tx.query(`select erp_fuzzy_ids('material.name', '%') as id`));
    expect(none).toHaveLength(ROWS);
    await expect(db.tenant(a.tenantId, (tx) => tx.query(`select erp_fuzzy_ids('sys_user.login_name', '%')`))).rejects.toThrow(/unknown target/);
    const outside = await db.system(async (tx) => {
      await tx.query(`select set_config('app.tenant_id', '', true)`);
      return tx.query(`select erp_fuzzy_ids('material.name', '%')`);
    });
    expect(outside).toHaveLength(0);
  });
});

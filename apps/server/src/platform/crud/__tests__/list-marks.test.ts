import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { pageMarkSeeks, usePageMarks } from '../list-marks.ts';

type List = { rows: Array<{ id: number; name: string }>; total: number };

/**
 * Deep OFFSET pages from page marks (decisions.md "Deep list pages from page marks"): every page equals
 * what the plain OFFSET plan gives, for several orders and filters, after writes through the API, and
 * per company. Marks every 7 rows from offset 7 on, so small lists exercise them.
 */
describe('generic list: deep pages seek from page marks', async () => {
  process.env.LIST_MARK_EVERY = '7';
  process.env.LIST_DEEP_OFFSET = '7';
  const { app, db } = await testApp();
  const a = await newTenant(app, 'pma');
  const b = await newTenant(app, 'pmb');
  const ROWS = 95;
  // created_at repeats every 5 rows (the id breaks ties); every third partner has no sort text, the others repeat 4 values
  const seed = (tenantId: number, tag: string) =>
    db.system(async (tx) => {
      await tx.query(
        `insert into material (tenant_id, name, model, unit, created_at)
         select $1, $2 || ' 垫片' || (g % 13), 'M' || g, '个', timestamptz '2026-01-01' + (g / 5) * interval '1 hour' from generate_series(1, $3) g`,
        [tenantId, tag, ROWS],
      );
      await tx.query(
        `insert into partner (tenant_id, name, type, sort, begin_need_get)
         select $1, $2 || '客户' || g, case when g % 4 = 0 then '供应商' else '客户' end,
                case when g % 3 = 0 then null else 's' || (g % 4) end, g % 6 from generate_series(1, $3) g`,
        [tenantId, tag, ROWS],
      );
    });
  await seed(a.tenantId, 'A');
  await seed(b.tenantId, 'B');
  afterAll(() => {
    delete process.env.LIST_MARK_EVERY;
    delete process.env.LIST_DEEP_OFFSET;
    usePageMarks(true);
  });
  beforeEach(() => usePageMarks(true));

  const get = async (api: typeof a.api, entity: string, q: Record<string, string | number | object>): Promise<List> => {
    const params = Object.fromEntries(Object.entries(q).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
    const r = await api.get(`/${entity}/list?${new URLSearchParams(params)}`);
    expect(r.body.code, `${entity} ${JSON.stringify(q)}: ${r.text}`).toBe(200);
    return r.body.data;
  };
  /** Every page of the list through marks, then the same pages by the plain plan: the same ids and totals. */
  const samePages = async (api: typeof a.api, entity: string, q: Record<string, string | number | object>, pageSize = 10) => {
    const pages = Math.ceil(ROWS / pageSize) + 1;
    const seeks = pageMarkSeeks();
    const marked: List[] = [];
    for (let p = pages; p >= 1; p--) marked[p] = await get(api, entity, { ...q, currentPage: p, pageSize });
    expect(pageMarkSeeks(), 'the deep pages used marks').toBeGreaterThan(seeks);
    usePageMarks(false);
    for (let p = 1; p <= pages; p++) {
      const plain = await get(api, entity, { ...q, currentPage: p, pageSize });
      expect(
        marked[p].rows.map((r) => r.id),
        `${entity} ${JSON.stringify(q)} page ${p}`,
      ).toEqual(plain.rows.map((r) => r.id));
      expect(marked[p].total).toBe(plain.total);
    }
    usePageMarks(true);
    return marked.slice(1);
  };

  it('gives every page exactly as OFFSET does, for each kind of order and filter', async () => {
    const cases: Array<[string, Record<string, string | object>]> = [
      ['material', {}],
      ['material', { column: 'name', order: 'ascend' }],
      ['material', { column: 'createTime', order: 'ascend' }],
      ['material', { search: { name: '垫片1' } }],
      ['supplier', { search: { type: '客户' } }],
      ['supplier', { column: 'sort', order: 'ascend' }],
      ['supplier', { column: 'sort', order: 'descend', search: { type: '客户' } }],
      ['supplier', { column: 'beginNeedGet', order: 'descend' }],
    ];
    for (const [entity, q] of cases) await samePages(a.api, entity, q);
    // a page size that does not divide the marks' spacing, and a page past the end
    const pages = await samePages(a.api, 'material', { column: 'name', order: 'descend' }, 3);
    expect(pages.at(-1)!.rows).toEqual([]);
  });

  it('is right on the next page after an insert, an update of the sort column and a delete through the API', async () => {
    const q = { column: 'name', order: 'ascend' };
    const before = await samePages(a.api, 'material', q);
    const added = (await a.api.post('/material/add', { name: 'A 垫片10 新', unit: '个' })).body.data.id as number;
    const after = await samePages(a.api, 'material', q);
    expect(after.flatMap((p) => p.rows.map((r) => r.id))).toContain(added);
    expect(after.flatMap((p) => p.rows).length).toBe(before.flatMap((p) => p.rows).length + 1);
    const moved = after[2].rows[0];
    expect((await a.api.put('/material/update', { id: moved.id, name: 'A 垫片99', unit: '个' })).body.code).toBe(200);
    const updated = await samePages(a.api, 'material', q);
    expect(updated.flatMap((p) => p.rows).at(-1)!.id).toBe(moved.id);
    expect((await a.api.delete(`/material/delete?id=${added}`)).body.code).toBe(200);
    const deleted = await samePages(a.api, 'material', q);
    expect(deleted.flatMap((p) => p.rows.map((r) => r.id))).not.toContain(added);
    // partners: a deep page, a new customer, the same deep page
    const deepQ = { search: { type: '客户' }, currentPage: 4, pageSize: 10 };
    await get(a.api, 'supplier', deepQ);
    expect((await a.api.post('/supplier/add', { name: 'A客户新', type: '客户' })).body.code).toBe(200);
    const marked = await get(a.api, 'supplier', deepQ);
    usePageMarks(false);
    expect(marked.rows.map((r) => r.id)).toEqual((await get(a.api, 'supplier', deepQ)).rows.map((r) => r.id));
  });

  it('serves concurrent first requests of a deep page from one pass, each with the OFFSET rows', async () => {
    const q = { column: 'name', order: 'descend', search: { name: '垫片' }, pageSize: 10 };
    const pages = [5, 8, 5, 9, 8, 5];
    const seeks = pageMarkSeeks();
    const marked = await Promise.all(pages.map((p) => get(a.api, 'material', { ...q, currentPage: p })));
    expect(pageMarkSeeks() - seeks).toBe(pages.length);
    usePageMarks(false);
    for (const [k, p] of pages.entries())
      expect(
        marked[k].rows.map((r) => r.id),
        `page ${p}`,
      ).toEqual((await get(a.api, 'material', { ...q, currentPage: p })).rows.map((r) => r.id));
  });

  it("never uses another company's marks: the same filter and order gives each company its own rows", async () => {
    const q = { column: 'createTime', order: 'descend' };
    const mine = await samePages(a.api, 'material', q);
    const theirs = await samePages(b.api, 'material', q);
    const ownIds = async (tenantId: number) =>
      new Set((await db.system((tx) => tx.query<{ id: number }>('select id from material where tenant_id = $1', [tenantId]))).map((r) => r.id));
    const [aIds, bIds] = [await ownIds(a.tenantId), await ownIds(b.tenantId)];
    expect(mine.flatMap((p) => p.rows).every((r) => aIds.has(r.id))).toBe(true);
    expect(theirs.flatMap((p) => p.rows).every((r) => bIds.has(r.id))).toBe(true);
    expect(theirs.flatMap((p) => p.rows)).toHaveLength(ROWS);
  });
});

import { describe, expect, it } from 'vitest';
import { defineEntity, f, widen } from '../definition.ts';
import { createSchema, listQuerySchema, updateSchema } from '../schemas.ts';

// The API schemas derived from a definition (ARCHITECTURE §4): what add and update accept and refuse.
const line = widen(
  defineEntity({
    name: 'sampleLine',
    table: 'sample_line',
    area: 'test',
    kind: 'line',
    label: { zh: '明细', en: 'Line' },
    menu: '/x',
    fields: { sampleId: f.link('单据', 'Sample', { entity: 'sample', required: true }), qty: f.quantity('数量', 'Qty', { required: true, min: 0 }) },
  }),
);
const sample = widen(
  defineEntity({
    name: 'sample',
    table: 'sample',
    area: 'test',
    kind: 'master',
    label: { zh: '样例', en: 'Sample' },
    menu: '/x',
    status: true,
    fields: {
      name: f.text('名称', 'Name', { required: true, max: 5 }),
      price: f.money('价格', 'Price', { min: 0 }),
      kind: f.enum('类型', 'Kind', { options: [{ value: 'a', label: { zh: 'A', en: 'A' } }] }),
      day: f.date('日期', 'Day'),
      balance: f.money('余额', 'Balance', { readOnly: true }),
      lines: f.lines('明细', 'Lines', { of: line, foreignKey: 'sampleId', maxLines: 2 }),
    },
  }),
);

const errors = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('schemas derived from a definition', () => {
  it('add: requires required fields, keeps money exact, refuses unknown and read-only keys', () => {
    const add = createSchema(sample);
    expect(add.parse({ name: ' ab ', price: 1.5, enabled: true })).toEqual({ name: 'ab', price: '1.5', enabled: true });
    expect(errors(add.safeParse({}))).toHaveLength(1);
    expect(errors(add.safeParse({ name: '' }))).toEqual(['名称不能为空']);
    expect(errors(add.safeParse({ name: 'abcdef' }))).toEqual(['名称不能超过5个字符']);
    expect(errors(add.safeParse({ name: 'a', price: '1.2345' }))).toEqual(['价格只能是整数或最多3位小数']);
    expect(errors(add.safeParse({ name: 'a', price: '-1' }))).toEqual(['价格不能小于0']);
    expect(errors(add.safeParse({ name: 'a', day: '2026-1-1' }))).toEqual(['日期格式应为 YYYY-MM-DD']);
    expect(add.safeParse({ name: 'a', kind: 'b' }).success).toBe(false);
    expect(add.safeParse({ name: 'a', balance: '5' }).success).toBe(false);
    expect(add.safeParse({ name: 'a', extra: 1 }).success).toBe(false);
  });

  it('add: child lines without their parent key, at most maxLines', () => {
    const add = createSchema(sample);
    expect(add.parse({ name: 'a', lines: [{ qty: 2 }] })).toEqual({ name: 'a', lines: [{ qty: '2' }] });
    expect(add.safeParse({ name: 'a', lines: [{ qty: 2, sampleId: 1 }] }).success).toBe(false);
    expect(errors(add.safeParse({ name: 'a', lines: [{ qty: 1 }, { qty: 1 }, { qty: 1 }] }))).toEqual(['明细最多2行']);
  });

  it('update: an id and any subset; a required field may not be cleared, an optional one may', () => {
    const upd = updateSchema(sample);
    expect(upd.parse({ id: 3, price: null })).toEqual({ id: 3, price: null });
    expect(upd.safeParse({ id: 3, name: null }).success).toBe(false);
    expect(upd.safeParse({ price: 1 }).success).toBe(false);
  });

  it('list query: paging within limits, strict keys', () => {
    expect(listQuerySchema.safeParse({ currentPage: '1', pageSize: '100' }).success).toBe(true);
    expect(listQuerySchema.safeParse({ currentPage: '1', pageSize: '100000' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ currentPage: '1', bogus: 'x' }).success).toBe(false);
  });
});

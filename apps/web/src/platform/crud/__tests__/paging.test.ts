import { describe, expect, it } from 'vitest';
import { nextPage, pagination } from '../paging.ts';

describe('paging', () => {
  it('keeps the page when only the page changes, starts at 1 when the size changes', () => {
    expect(nextPage({ currentPage: 2, pageSize: 10 }, 5, 10)).toEqual({ currentPage: 5, pageSize: 10 });
    expect(nextPage({ currentPage: 7, pageSize: 10 }, 7, 50)).toEqual({ currentPage: 1, pageSize: 50 });
  });

  it('gives the pager the SPEC §9 total text and sizes', () => {
    let page = { currentPage: 3, pageSize: 20 };
    const p = pagination(
      page,
      (x) => (page = x),
      95,
      [10, 20],
      (a, b, total) => `${a}-${b} 共 ${total} 条`,
    );
    expect(p).toMatchObject({ current: 3, pageSize: 20, total: 95, pageSizeOptions: [10, 20], showSizeChanger: true });
    expect(p.showTotal?.(95, [41, 60])).toBe('41-60 共 95 条');
    p.onChange?.(4, 20);
    expect(page).toEqual({ currentPage: 4, pageSize: 20 });
  });
});

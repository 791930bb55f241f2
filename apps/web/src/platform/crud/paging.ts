import type { TablePaginationConfig } from 'antd';

export interface Paging {
  currentPage: number;
  pageSize: number;
}

/** The page after a pager change: a new page size starts again at page 1. */
export const nextPage = (page: Paging, currentPage: number, pageSize: number): Paging => ({
  currentPage: pageSize === page.pageSize ? currentPage : 1,
  pageSize,
});

/** The pager of a server-paged table with the SPEC §9 'a-b 共 N 条' total text. */
export function pagination(
  page: Paging,
  setPage: (p: Paging) => void,
  total: number,
  sizes: number[],
  pageTotal: (a: number, b: number, total: number) => string,
): TablePaginationConfig {
  return {
    current: page.currentPage,
    pageSize: page.pageSize,
    total,
    pageSizeOptions: sizes,
    showSizeChanger: true,
    showTotal: (n, [a, b]) => pageTotal(a, b, n),
    onChange: (currentPage, pageSize) => setPage(nextPage(page, currentPage, pageSize)),
  };
}

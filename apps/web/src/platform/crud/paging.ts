import type { TablePaginationConfig } from 'antd';
import { i18n } from '../i18n/index.ts';

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
  // SPEC §9's 'a-b 共 N 条' unless a screen words it otherwise
  pageTotal: (a: number, b: number, total: number) => string = (a, b, total) => i18n.t('common.pageTotal', { a, b, total }),
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

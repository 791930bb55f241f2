import { Table, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { pagination, type Paging } from './paging.ts';
import type { ListPage } from './use-list-state.ts';

export interface PagedTableProps<R> extends Omit<TableProps<R>, 'dataSource' | 'pagination' | 'loading'> {
  /** the page's rows as the server returned them */
  list: UseQueryResult<ListPage<R>>;
  page: Paging;
  setPage: (p: Paging) => void;
  sizes?: number[];
}

/** A server-paged table as every list screen shows one: bordered, scrolling sideways on a phone, the SPEC §9 pager. */
export function PagedTable<R extends object>({ list, page, setPage, sizes = [10, 20, 50], ...rest }: PagedTableProps<R>) {
  return (
    <Table<R>
      rowKey="id"
      size="middle"
      bordered
      scroll={{ x: 'max-content' }}
      loading={list.isFetching && !list.data}
      dataSource={list.data?.rows ?? []}
      pagination={pagination(page, setPage, list.data?.total ?? 0, sizes)}
      {...rest}
    />
  );
}

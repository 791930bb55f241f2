import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { SortState } from './entity-columns.tsx';
import { nextPage, pagination, type Paging } from './paging.ts';

/** SPEC §9 list constants. */
export const PAGE_SIZES = [10, 20, 30, 50, 100];
export const DEFAULT_PAGE_SIZE = 100;

/** What a server-paged list call returns (entity lists, documents, reports). */
export interface ListPage<R> {
  rows: R[];
  total: number;
  totalEstimated?: boolean;
  sums?: Record<string, number | null>;
}

/**
 * The state of one list page, shared by every list: paging, sort, filters, selection, the rows from
 * TanStack Query (kept on screen while the next page loads, never served stale), reload after a write.
 * `search` is whatever the page's filters produce; a new search starts again at page 1.
 */
export function useListState<R, S extends object = Record<string, unknown>, P extends ListPage<R> = ListPage<R>>(opts: {
  key: QueryKey;
  fetch: (p: { page: Paging; sort: SortState; search: S }) => Promise<P>;
  initialSearch?: S;
  initialSort?: SortState;
  pageSize?: number;
  /** whether the list may be fetched with these filters (a report that needs a material first) */
  enabled?: (search: S) => boolean;
  /** further queries a write makes stale (pickers showing this list's names …) */
  alsoInvalidate?: QueryKey[];
}) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: opts.pageSize ?? DEFAULT_PAGE_SIZE });
  const [sort, setSort] = useState<SortState>(opts.initialSort ?? {});
  const [search, setSearch] = useState<S>(opts.initialSearch ?? ({} as S));
  const [selected, setSelected] = useState<number[]>([]);
  // every search runs anew, even with the same filters (stock may have moved meanwhile)
  const [run, setRun] = useState(0);
  const query = useQuery({
    queryKey: [...opts.key, page, sort, search, run],
    queryFn: () => opts.fetch({ page, sort, search }),
    enabled: opts.enabled ? opts.enabled(search) : true,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const total = query.data?.total ?? 0;
  return {
    page,
    sort,
    search,
    selected,
    setSelected,
    query,
    rows: query.data?.rows ?? [],
    total,
    totalEstimated: query.data?.totalEstimated === true,
    sums: query.data?.sums as P['sums'],
    loading: query.isFetching,
    error: query.error,
    applySearch: (s: S) => {
      setSearch(s);
      setPage((p) => ({ ...p, currentPage: 1 }));
      setSelected([]);
      setRun((n) => n + 1);
    },
    changePage: (currentPage: number, pageSize: number) => setPage(nextPage(page, currentPage, pageSize)),
    changeSort: (s: SortState) => setSort(s.order ? s : {}),
    /** the antd pager with the SPEC §9 total text */
    pager: (sizes: number[], pageTotal: (a: number, b: number, total: number) => string, shownTotal = total) =>
      pagination(page, setPage, shownTotal, sizes, pageTotal),
    /** after a write: refetch this list and what shows its data elsewhere */
    reload: () => {
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: opts.key });
      for (const k of opts.alsoInvalidate ?? []) void queryClient.invalidateQueries({ queryKey: k });
    },
  };
}

import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntityDef } from '@erp/entities';
import type { EntityApi } from './entity-api.ts';
import type { SortState } from './entity-columns.tsx';
import { nextPage } from './paging.ts';

/** SPEC §9 list constants. */
export const PAGE_SIZES = [10, 20, 30, 50, 100];
export const DEFAULT_PAGE_SIZE = 100;

/**
 * Paging, sorting, filters and selection of one list page, with the rows from TanStack Query.
 * With no sort chosen the server's default applies (the definition's, else createTime descending),
 * which the createTime column shows when it is the one.
 */
export function useEntityList(def: EntityDef, api: EntityApi, key: string, fixed: Record<string, string> | undefined, createTimeQuery: boolean) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [sort, setSort] = useState<SortState>(() => (def.defaultSort || !createTimeQuery ? {} : { column: 'createTime', order: 'descend' }));
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const [selected, setSelected] = useState<number[]>([]);

  const params = useMemo(() => ({ ...page, search: { ...search, ...fixed }, ...sort }), [page, search, fixed, sort]);
  const query = useQuery({
    queryKey: ['entity-list', key, params],
    queryFn: () => api.list(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  return {
    page,
    sort,
    selected,
    setSelected,
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    totalEstimated: query.data?.totalEstimated === true,
    sums: query.data?.sums,
    loading: query.isFetching,
    error: query.error,
    /** new filters start again at page 1 */
    applySearch: (s: Record<string, unknown>) => {
      setSearch(s);
      setPage((p) => ({ ...p, currentPage: 1 }));
      setSelected([]);
    },
    changePage: (currentPage: number, pageSize: number) => setPage(nextPage(page, currentPage, pageSize)),
    changeSort: (s: SortState) => setSort(s.order ? s : {}),
    /** after a write: refetch this list (and pickers that show its names) */
    reload: () => {
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: ['entity-list', key] });
      void queryClient.invalidateQueries({ queryKey: ['link-options', def.name] });
      void queryClient.invalidateQueries({ queryKey: ['parent-tree', def.name] });
    },
    /** what export sends: the same filters and order, no paging */
    exportQuery: () => ({ search: JSON.stringify(Object.fromEntries(Object.entries(params.search).filter(([, v]) => v !== '' && v != null))), column: sort.column, order: sort.column ? sort.order : undefined }),
  };
}

export type EntityList = ReturnType<typeof useEntityList>;

import type { EntityDef } from '@erp/entities';
import type { EntityApi } from './entity-api.ts';
import type { ListReply, Row } from './crud-types.ts';
import { useListState } from './use-list-state.ts';

export { PAGE_SIZES, DEFAULT_PAGE_SIZE } from './use-list-state.ts';

/**
 * An entity kit list (useListState with the kit's list call). With no sort chosen the server's
 * default applies (the definition's, else createTime descending), which the createTime column shows
 * when it is the one.
 */
export function useEntityList(def: EntityDef, api: EntityApi, key: string, fixed: Record<string, string> | undefined, createTimeQuery: boolean) {
  const list = useListState<Row, Record<string, unknown>, ListReply>({
    key: ['entity-list', key],
    fetch: ({ page, sort, search }) => api.list({ ...page, search: { ...search, ...fixed }, ...sort }),
    initialSort: def.defaultSort || !createTimeQuery ? {} : { column: 'createTime', order: 'descend' },
    alsoInvalidate: [
      ['link-options', def.name],
      ['parent-tree', def.name],
    ],
  });
  return {
    ...list,
    /** what export sends: the same filters and order, no paging */
    exportQuery: () => ({
      search: JSON.stringify(Object.fromEntries(Object.entries({ ...list.search, ...fixed }).filter(([, v]) => v !== '' && v != null))),
      column: list.sort.column,
      order: list.sort.column ? list.sort.order : undefined,
    }),
  };
}

export type EntityList = ReturnType<typeof useEntityList>;

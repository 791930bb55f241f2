import { http, unwrap } from '../http.ts';
import type { CrudOptions, EntityUrls, ListReply, Row } from './crud-types.ts';
import { needUrl } from './entity-urls.ts';

export interface ListParams {
  currentPage: number;
  pageSize: number;
  search: Record<string, unknown>;
  column?: string;
  order?: 'ascend' | 'descend';
}

/** Drops empty filter values so the search JSON holds only what the user asked for. */
export function searchText(search: Record<string, unknown>): string | undefined {
  const kept = Object.entries(search).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : undefined;
}

/**
 * The calls of one list page. Every address goes through needUrl, so a custom page that forgets
 * one gets SPEC §5's 请设置url.X属性! instead of a silent 404.
 */
export function entityApi(urls: EntityUrls, opts: CrudOptions = {}) {
  return {
    async list(p: ListParams): Promise<ListReply> {
      const data = unwrap(
        await http.get<ListReply>(needUrl(urls, 'list'), {
          search: searchText(p.search),
          currentPage: p.currentPage,
          pageSize: p.pageSize,
          column: p.column,
          order: p.column ? p.order : undefined,
        }),
      );
      const rows = opts.mapRow ? data.rows.map(opts.mapRow) : data.rows;
      return { ...data, rows };
    },
    async info(id: number): Promise<Row> {
      const row = unwrap(await http.get<Row>(needUrl(urls, 'info'), { id }));
      return opts.mapRow ? opts.mapRow(row) : row;
    },
    async remove(id: number): Promise<unknown> {
      return unwrap(await http.delete(needUrl(urls, 'delete'), { id }));
    },
    async removeBatch(ids: number[]): Promise<unknown> {
      return unwrap(await http.delete(needUrl(urls, 'deleteBatch'), { ids: ids.join(',') }));
    },
    async setStatus(ids: number[], on: boolean): Promise<unknown> {
      const joined = ids.join(',');
      const body = opts.statusBody ? opts.statusBody(on, joined) : { status: on, ids: joined };
      return unwrap(await http.post(needUrl(urls, 'batchSetStatusUrl'), body));
    },
    /** SPEC §7.5: is the name taken (scope fields such as a partner's type travel along)? */
    async nameTaken(name: string, id: number | undefined, scope: Record<string, unknown> = {}): Promise<boolean> {
      if (!urls.checkName) return false;
      const params: Record<string, string | number> = { name, id: id ?? 0 };
      for (const [k, v] of Object.entries(scope)) if ((typeof v === 'string' && v) || typeof v === 'number') params[k] = v;
      const data = unwrap(await http.get<{ status: boolean }>(urls.checkName, params));
      return data.status === true;
    },
    async save(body: Record<string, unknown>, id?: number): Promise<{ id?: number; message?: string }> {
      const env =
        id === undefined
          ? await http.post<{ id: number; message: string }>(needUrl(urls, 'add'), body)
          : await http.put<{ id: number; message: string }>(needUrl(urls, 'edit'), { ...body, id });
      return unwrap(env);
    },
  };
}

export type EntityApi = ReturnType<typeof entityApi>;
export type { Row };

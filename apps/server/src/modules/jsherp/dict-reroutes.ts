import type { Payload } from './request-adapters.ts';
import { searchOf } from './search-text.ts';

/**
 * jshERP 3.5's 字典管理 (DictList.vue, DictDataListModal.vue, DictDataModal.vue) and its dictionary cache
 * (utils/dict: `/dict/data/type/{dictType}`) answered by ours: the company's items are our `/dictData/*` under
 * jshERP's names (dictCode, dictLabel, dictValue, dictSort, status '0' 正常 / '1' 停用); the types are the
 * platform's (global, read only here), so their writes are refused in not-offered.ts. Merged into adapters.ts's REROUTES.
 */
type Envelope = { code?: number; data?: unknown };
type Row = Record<string, unknown>;
type Reroute = (p: Payload) => {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query: Record<string, unknown>;
  body?: Record<string, unknown>;
  reply: (out: Envelope) => unknown;
};

const present = (v: unknown) => v !== undefined && v !== null && v !== '';
/** jshERP's status: '0' 正常, '1' 停用 (its sys_normal_disable); anything else is passed on for our schema to refuse. */
const enabledOf = (status: unknown) => (String(status) === '0' ? true : String(status) === '1' ? false : status);
const paging = (q: Record<string, unknown>) => Object.fromEntries(['currentPage', 'pageSize'].filter((k) => present(q[k])).map((k) => [k, q[k]]));

/** One item of ours in jshERP's names (its SysDictData), ours beside them. */
const jshItem = (r: Row) => ({
  ...r,
  dictCode: r.id,
  dictLabel: r.dictLabel ?? r.label,
  dictValue: r.dictValue ?? r.value,
  dictSort: r.dictSort ?? r.sort,
  isDefault: r.isDefault === true ? 'Y' : 'N',
  status: r.enabled === false ? '1' : '0',
});

/** DictDataModal.vue's form in our fields: unknown keys (createBy, …) dropped by the lenient reading. */
const ourItem = (b: Row) => ({
  ...(present(b.dictCode) ? { id: b.dictCode } : {}),
  dictType: b.dictType,
  label: b.dictLabel,
  value: b.dictValue,
  ...(present(b.dictSort) ? { sort: b.dictSort } : {}),
  ...(b.cssClass !== undefined ? { cssClass: b.cssClass } : {}),
  ...(b.listClass !== undefined ? { listClass: b.listClass } : {}),
  ...(b.remark !== undefined ? { remark: b.remark } : {}),
  ...(present(b.status) ? { enabled: enabledOf(b.status) } : {}),
});

/** The platform's dictionary types as jshERP's SysDictType rows (dictId: the type's place, types having no number here). */
const jshTypes = (out: Envelope) =>
  ((out.data as Row[] | null) ?? []).map((t, i) => ({ dictId: i + 1, dictName: t.name, dictType: t.type, status: '0', remark: null }));

const writeReply = (out: Envelope) => out;

export const DICT_REROUTES: Record<string, Reroute> = {
  'GET /dict/data/list': ({ query }) => {
    const s = searchOf(query);
    const filters = {
      ...(present(s.dictType) ? { dictType: s.dictType } : {}),
      ...(present(s.dictLabel) ? { label: s.dictLabel } : {}),
      ...(present(s.status) ? { enabled: enabledOf(s.status) } : {}),
    };
    return {
      path: '/dictData/list',
      query: { ...paging(query), search: JSON.stringify(filters), column: 'sort', order: 'ascend' },
      reply: (out) => {
        const data = out.data as { rows?: Row[]; total?: number };
        return { ...out, data: { rows: (data.rows ?? []).map(jshItem), total: data.total ?? 0 } };
      },
    };
  },
  'POST /dict/data/add': ({ body }) => ({ path: '/dictData/add', method: 'POST', query: {}, body: ourItem(body), reply: writeReply }),
  'PUT /dict/data/update': ({ body }) => ({ path: '/dictData/update', method: 'PUT', query: {}, body: ourItem(body), reply: writeReply }),
  'DELETE /dict/data/delete': ({ query }) => ({ path: '/dictData/delete', method: 'DELETE', query: { id: query.id }, reply: writeReply }),
  'DELETE /dict/data/deleteBatch': ({ query }) => ({ path: '/dictData/deleteBatch', method: 'DELETE', query: { ids: query.ids }, reply: writeReply }),
  // its dictionary cache (DictTag, sys_normal_disable …): the enabled items of one type, {code, data: [items]}
  'GET /dict/data/type/:dictType': ({ query }) => ({
    path: `/system/dict/data/type/${encodeURIComponent(String(query.dictType ?? ''))}`,
    query: {},
    reply: (out) => ({ ...out, data: ((out.data as Row[] | null) ?? []).map(jshItem) }),
  }),
  // DictList.vue: the types, filtered by its 字典名称/字典类型 (contains) and 状态 (every type is 正常)
  'GET /dict/type/list': ({ query }) => {
    const s = searchOf(query);
    const has = (v: unknown, part: unknown) => !present(part) || String(v).toLowerCase().includes(String(part).toLowerCase());
    return {
      path: '/dictType/allList',
      query: {},
      reply: (out) => {
        const rows = jshTypes(out).filter(
          (t) => has(t.dictName, s.dictName) && has(t.dictType, s.dictType) && (!present(s.status) || String(s.status) === '0'),
        );
        return { ...out, data: { rows, total: rows.length } };
      },
    };
  },
  // DictDataListModal.vue's 字典名称 select
  'GET /dict/type/optionselect': () => ({ path: '/dictType/allList', query: {}, reply: (out) => ({ ...out, data: jshTypes(out) }) }),
  // 刷新缓存: our items are read from the table on every call, there is no cache to refresh
  'DELETE /dict/type/refreshCache': () => ({ path: '/dictType/allList', query: {}, reply: (out) => ({ code: out.code, data: null }) }),
};

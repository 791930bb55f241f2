import type { Payload } from './request-adapters.ts';

/**
 * jshERP's stock dialogs and its serial-number material picker answered by our routes (issue 23). Merged into adapters.ts's REROUTES; each goes
 * through our route's own validation, access (the stock report's menu), warehouse scope and price masking.
 */
type Envelope = { code?: number; data?: unknown };
type Reroute = (p: Payload) => {
  path: string;
  query: Record<string, unknown>;
  reply: (out: Envelope) => unknown;
};

const PAST_END = '本系统的库存分布显示当前库存：结束日期早于今天时，请在出入库汇总中查看期末结存';

export const STOCK_REROUTES: Record<string, Reroute> = {
  // MaterialDepotStockListWithTime.vue (进销存统计's 库存分布, the report's dates with it): jshERP works out the stock
  // at the end date; ours is the current stock per warehouse (/material/getMaterialDepotStock), the same figures
  // while the period ends today or later. An end date already past is refused with where its closing stock is shown.
  'GET /depotItem/getMaterialDepotStockByParam': ({ query }) => {
    const end = String(query.endTime ?? '').trim();
    const past = /^\d{4}-\d{2}-\d{2}/.test(end) && end.slice(0, 10) < new Date().toISOString().slice(0, 10);
    return {
      path: '/material/getMaterialDepotStock',
      query: Object.fromEntries(['materialId', 'depotIds', 'currentPage', 'pageSize'].filter((k) => query[k] !== undefined).map((k) => [k, query[k]])),
      reply: (out) => (past ? { code: 500, data: { message: PAST_END } } : out),
    };
  },
  // api.js's getSerialMaterialBySelect (no screen of 3.5 calls it): the enabled materials with serial numbers, one row
  // per barcode, searched by q, paged by page/rows, as a bare {rows, total} (its controller sends no envelope)
  'GET /material/getMaterialEnableSerialNumberList': ({ query }) => ({
    path: '/material/findBySelect',
    query: {
      enableSerialNumber: '1',
      ...Object.fromEntries(
        [
          ['q', 'q'],
          ['page', 'currentPage'],
          ['rows', 'pageSize'],
        ]
          .filter(([from]) => query[from] !== undefined && query[from] !== '')
          .map(([from, to]) => [to, query[from]]),
      ),
    },
    reply: (out) => {
      const data = out.data as { rows?: Array<Record<string, unknown>>; total?: number };
      return { rows: (data.rows ?? []).map((r) => ({ ...r, mBarCode: r.barCode })), total: data.total ?? 0 };
    },
  }),
};

import { Decimal } from 'decimal.js';
import { DOC_TYPES } from '@erp/entities';
import type { Database } from '../../platform/db/database.ts';
import type { Payload } from './request-adapters.ts';
import { JSHERP_VIEWS } from './views.ts';
import { REPORT_REROUTES } from './report-reroutes.ts';
import { FORM_REROUTES } from './form-reroutes.ts';
import { jshConfig, SYSTEM_REROUTES } from './system-reroutes.ts';
import { DICT_REROUTES } from './dict-reroutes.ts';
import { ROLE_REROUTES } from './role-reroutes.ts';
import { STOCK_REROUTES } from './stock-reroutes.ts';
import { materialByParam, scannedLine, waitBillList } from './bill-adapters.ts';
import { materialListStock, withBigUnitStock } from './stock-adapters.ts';

/**
 * Where jshERP's client means or reads something else than our own client, per route of ours (method and url).
 * Everything not named here passes as it is: our {code, data} envelope is jshERP's too.
 */
type Envelope = { code?: number; data?: unknown };
type ReplyCtx = Payload & { db: Database; get: (url: string) => Promise<unknown> };
type Row = Record<string, unknown>;

// message status: jshERP 1 unread, 2 read; ours 0 unread, 1 read, 2 read from the bell (request-adapters.ts: the other way)
const toJshStatus = (v: unknown) => (Number(v) === 0 ? '1' : '2');

/** jshERP's names for fields we name otherwise, per area (the first segment of the path). */
export const FIELD_ALIASES: Record<string, Record<string, string>> = {
  // jshERP's telephone is the mobile number and phoneNum the landline; ours are phone and telephone
  supplier: { supplier: 'name', telephone: 'phone', phoneNum: 'telephone', phonenum: 'telephone' },
  // MaterialList.vue's barcode and manufacturer columns (MaterialModal.vue sends mfrs)
  material: { mBarCode: 'barCode', mfrs: 'manufacturer' },
  // the bill lists' date, operator and quantity columns
  depotHead: { operTimeStr: 'operTime', userName: 'creatorName', materialCount: 'totalNumber' },
  accountHead: { billTimeStr: 'billTime', userName: 'creatorName' },
};

const renameKeys = (o: Record<string, unknown>, names: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [names[k] ?? k, v]));

/** Keys jshERP's lists put inside `search` that say how to show rows, not which: mpList names the material properties shown as columns. */
const DISPLAY_ONLY = ['mpList'];
const withoutDisplayKeys = (search: string) => {
  try {
    const filters = JSON.parse(search) as unknown;
    if (!filters || typeof filters !== 'object' || Array.isArray(filters) || !DISPLAY_ONLY.some((k) => k in filters)) return search;
    return JSON.stringify(Object.fromEntries(Object.entries(filters).filter(([k]) => !DISPLAY_ONLY.includes(k))));
  } catch {
    return search;
  }
};

/** A request in jshERP's names, in ours: the area's aliases, and list filters sent inside `search` where the route takes them one by one. */
export function ourNames(path: string, p: Payload, routeTakesSearch: boolean): Payload {
  let { query, body } = p;
  if (typeof query.search === 'string') query = { ...query, search: withoutDisplayKeys(query.search) };
  if (!routeTakesSearch && typeof query.search === 'string') {
    let filters: unknown;
    try {
      filters = JSON.parse(query.search);
    } catch {
      filters = undefined;
    }
    const given = filters && typeof filters === 'object' ? Object.entries(filters).filter(([, v]) => v !== '' && v !== null && v !== undefined) : [];
    query = { ...Object.fromEntries(given), ...query };
  }
  const names = FIELD_ALIASES[path.split('/')[1]];
  if (names) {
    query = renameKeys(query, names);
    body = renameKeys(body, names);
    if (typeof query.search === 'string' && /^\{/.test(query.search)) {
      try {
        query.search = JSON.stringify(renameKeys(JSON.parse(query.search) as Record<string, unknown>, names));
      } catch {
        // left as sent: our list answers with its message
      }
    }
  }
  return { query, body };
}

/** A reply's rows (data.rows, or data itself) with jshERP's names beside ours. */
export function jshNames(path: string, out: Envelope): Envelope {
  const names = FIELD_ALIASES[path.split('/')[1]];
  if (!names || !out.data || typeof out.data !== 'object') return out;
  const add = (row: unknown) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
    const r = row as Record<string, unknown>;
    return {
      ...r,
      ...Object.fromEntries(
        Object.entries(names)
          .filter(([, ours]) => ours in r)
          .map(([jsh, ours]) => [jsh, r[ours]]),
      ),
    };
  };
  const data = out.data as { rows?: unknown[] };
  return { ...out, data: Array.isArray(data.rows) ? { ...data, rows: data.rows.map(add) } : Array.isArray(out.data) ? out.data.map(add) : add(out.data) };
}

interface OurMenu {
  id: number;
  text: string;
  icon: string | null;
  url: string;
  children?: OurMenu[];
}
interface JshMenu {
  id: number;
  text: string;
  icon: string | null;
  url: string;
  component: string;
  children?: JshMenu[];
}

/** Our menu tree as jshERP's client builds its routes from: its view files as components, entries it has no view for left out. */
export function jshMenu(tree: OurMenu[]): JshMenu[] {
  return tree.flatMap((m): JshMenu[] => {
    if (m.children?.length) {
      const children = jshMenu(m.children);
      return children.length ? [{ id: m.id, text: m.text, icon: m.icon, url: m.url, component: '/layouts/TabLayout', children }] : [];
    }
    const view = JSHERP_VIEWS[m.url];
    return view ? [{ id: m.id, text: m.text, icon: m.icon, url: m.url, component: view }] : [];
  });
}

const HOME: JshMenu = { id: 0, text: '首页', icon: 'home', url: '/dashboard/analysis', component: '/layouts/TabLayout' };

const bare = (out: Envelope) => out.data;

/** jshERP's home chart: six months of purchase, sale and retail amounts as {x: month, y}; masked purchase amounts as ***. */
const homeChart = (out: Envelope) => {
  const months = (out.data as { months: Array<{ month: string; buy: number | null; sale: number; retail: number }> }).months;
  const list = (k: 'buy' | 'sale' | 'retail') => months.map((m) => ({ x: m.month, y: m[k] ?? '***' }));
  return { ...out, data: { buyPriceList: list('buy'), salePriceList: list('sale'), retailPriceList: list('retail') } };
};

const mapRows = (out: Envelope, f: (r: Row) => Row) => {
  const data = out.data as { rows?: Row[] };
  return { ...out, data: { ...data, rows: (data.rows ?? []).map((r) => ({ ...r, ...f(r) })) } };
};

/** UserList.vue's columns: the user's kind, manager flag, departments and phone under jshERP's names. */
const jshUserRows = (out: Envelope) =>
  mapRows(out, (u) => ({ userType: u.tenantAdmin ? '租户' : '普通', leaderFlagStr: u.isManager ? '是' : '否', orgAbr: u.orgName, phonenum: u.phone }));

/** jshERP's depotIds (its warehouse multi-select): one warehouse filters ours; none or several read the user's whole scope. */
const oneDepot = (q: Record<string, unknown>) => {
  const ids = String(q.depotIds ?? q.depotId ?? '')
    .split(',')
    .filter(Boolean);
  return ids.length === 1 ? { depotId: ids[0] } : {};
};
const pick = (q: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => q[k] !== undefined && q[k] !== '').map((k) => [k, q[k]]));
/** A report of ours read by one of jshERP's report screens: its filters in, its row names out. */
const report =
  (path: string, filters: string[], rename: (r: Row) => Row) =>
  ({ query }: Payload) => ({
    path,
    query: { ...pick(query, ['currentPage', 'pageSize', ...filters]), ...oneDepot(query) },
    reply: (out: Envelope) => mapRows(out, rename),
  });

/** jshERP's 入库明细 / 出库明细 (InDetail.vue, OutDetail.vue): the document types moving stock that way. */
const MOVING = { 入库: DOC_TYPES.filter((t) => t.stock === 1), 出库: DOC_TYPES.filter((t) => t.stock === -1) };
function inOutDetail({ query }: Payload) {
  const type = query.type === '出库' ? '出库' : '入库';
  const out = type === '出库';
  const base = report('/report/inOutDetail', ['materialParam', 'number', 'beginTime', 'endTime'], (r) => {
    const qty = (out ? r.outQty : r.inQty) as number;
    // the line's price: its amount over what it moved (masked amounts stay masked)
    const unitPrice =
      r.allPrice === null || r.allPrice === undefined || !qty ? null : new Decimal(String(r.allPrice)).div(String(qty)).toDecimalPlaces(6).toNumber();
    return { mname: r.materialName, mUnit: r.unit, operNumber: qty, unitPrice };
  })({ query, body: {} });
  // its header's 总数量 and 总金额 (formatted by the client, which stalls without them): the quantity and the cost
  // that moved over the whole filter — jshERP sums the lines' amounts there; ours keeps costs in its totals
  const reply = (o: Envelope) => {
    const shaped = base.reply(o) as Envelope;
    const sums = ((o.data as { sums?: Row }).sums ?? {}) as Row;
    const [qty, value] = out ? [sums.outQty, sums.outValue] : [sums.inQty, sums.inValue];
    return { ...shaped, data: { ...(shaped.data as Row), operNumberTotal: qty ?? 0, allPriceTotal: value ?? 0 } };
  };
  return { ...base, query: { ...base.query, docType: MOVING[type].map((t) => t.key).join(',') }, reply };
}

/** InOutStockReport.vue's rows (进销存统计) from our 出入库汇总. */
const inOutStockRows = report('/report/inOutSummary', ['materialParam', 'categoryId', 'beginTime', 'endTime'], (r) => ({
  id: r.materialId,
  materialStandard: r.standard,
  materialModel: r.model,
  unitName: r.unit,
  // 成本价: the closing average cost, at 6 decimals as jshERP keeps costs (masked values stay masked)
  unitPrice:
    r.closingValue === null || r.closingValue === undefined
      ? null
      : Number(r.closingQty) > 0
        ? new Decimal(String(r.closingValue)).div(String(r.closingQty)).toDecimalPlaces(6).toNumber()
        : 0,
  prevSum: r.openingQty,
  inSum: r.inQty,
  outSum: r.outQty,
  thisSum: r.closingQty,
  thisAllPrice: r.closingValue,
}));

/**
 * A call of jshERP's that another route of ours answers: the route (GET unless `method` says otherwise), the query
 * and body it takes and how its reply is reshaped. Keyed by jshERP's method and path (path parameters as in
 * not-offered.ts's rerouteKey); undefined where the route of that path answers as it is.
 */
export const REROUTES: Record<
  string,
  (p: Payload) =>
    | {
        path: string;
        method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
        query: Record<string, unknown>;
        body?: Record<string, unknown>;
        reply: (out: Envelope, ctx: ReplyCtx) => unknown;
      }
    | undefined
> = {
  // with no line to price, jshERP's buyOrSalePrice is its home chart
  'GET /depotItem/buyOrSalePrice': ({ query }) =>
    query.materialExtendId === undefined ? { path: '/depotHead/getTrendStatistics', query: { months: 6 }, reply: homeChart } : undefined,
  // its report screens (StockWarningReport.vue, InOutStockReport.vue): one row per material and warehouse
  'GET /depotItem/findStockWarningCount': report('/report/stockWarning', ['materialParam', 'categoryId'], (r) => ({
    mname: r.materialName,
    mstandard: r.standard,
    mmodel: r.model,
    materialUnit: r.unit,
    currentNumber: r.currentStock,
    lowCritical: r.shortfall,
    highCritical: r.excess,
  })),
  'GET /depotItem/getInOutStock': (p) => {
    const base = inOutStockRows(p);
    // its 结存数量 tooltip: the closing stock in the big unit
    return { ...base, reply: async (out: Envelope, ctx: ReplyCtx) => withBigUnitStock(base.reply(out), ctx.get, 'thisSum') };
  },
  // InOutStockReport.vue's header (本期总结存, 总结存金额): the closing totals of the same filter, one page row asked
  'GET /depotItem/getInOutStockCountMoney': (p) => {
    const base = report('/report/inOutSummary', ['materialParam', 'categoryId', 'beginTime', 'endTime'], (r) => r)(p);
    return {
      ...base,
      query: { ...base.query, currentPage: 1, pageSize: 1 },
      reply: (out: Envelope) => {
        const sums = ((out.data as { sums?: Row }).sums ?? {}) as Row;
        return { ...out, data: { totalStock: sums.closingQty ?? 0, totalCount: sums.closingValue ?? 0, showStockPrice: sums.closingValue !== null } };
      },
    };
  },
  'GET /depotHead/findInOutDetail': inOutDetail,
  // 其它入库/其它出库's 选择单据: audited or partly done documents of several sub types
  'GET /depotHead/waitBillList': waitBillList,
  // the bill forms' 条码 cell: barcodes matching a keyword
  'GET /material/getMaterialByParam': materialByParam,
  // the account, purchase/sale statistics and statement reports (report-reroutes.ts)
  ...REPORT_REROUTES,
  // the material form's unit choices and barcodes (form-reroutes.ts)
  ...FORM_REROUTES,
  // the system, warehouse, account and partner screens' calls (system-reroutes.ts)
  ...SYSTEM_REROUTES,
  // 字典管理 and the dictionary cache (dict-reroutes.ts)
  ...DICT_REROUTES,
  // 角色管理's 分配功能 and 分配按钮 (role-reroutes.ts)
  ...ROLE_REROUTES,
  // 进销存统计's 库存分布 with the report's dates (stock-reroutes.ts)
  ...STOCK_REROUTES,
  // MaterialStock.vue: the filter's totals beside the rows
  'GET /material/getListWithStock': (p) => {
    const base = report('/report/materialStock', ['materialParam', 'categoryId', 'zeroStock'], (r) => ({
      // its 流水 and 分布 links open for rows with an id: the material's
      id: r.materialId,
      mBarCode: r.barCode,
      name: r.materialName,
      unitName: r.unit,
      currentStock: r.qty,
      currentUnitPrice: r.avgCost,
      purchaseDecimal: r.avgCost,
      currentStockPrice: r.value,
      currentWeight: r.weight,
    }))(p);
    return {
      ...base,
      reply: async (out: Envelope, ctx: ReplyCtx) => {
        // 库存's tooltip in the big unit, and 初始库存: the opening stock set on the material for the row's warehouse
        const shaped = await withBigUnitStock(base.reply(out), ctx.get, 'currentStock', true);
        const sums = ((out.data as { sums?: Row }).sums ?? {}) as Row;
        // its header formats the totals with toFixed(2); 流水 (the cost ledger) shows when stock prices are not masked;
        // the cost is always our moving average, so no separate average-price view (moveAvgPriceFlag)
        return {
          ...shaped,
          data: {
            ...(shaped.data as Row),
            currentStock: sums.qty ?? 0,
            currentStockPrice: sums.value ?? 0,
            currentWeight: sums.weight ?? 0,
            showStockPrice: sums.value !== null,
            moveAvgPriceFlag: false,
          },
        };
      },
    };
  },
  // jshERP's /user/list is its user screen (ours: /user/getUserList) and its /user/getUserList a bare picker list
  'GET /user/list': ({ query }) => ({ path: '/user/getUserList', query, reply: jshUserRows }),
  'GET /user/getUserList': () => ({
    path: '/user/list',
    query: { pageSize: 9999 },
    reply: (out) => ((out.data as { rows: Row[] }).rows ?? []).map((u) => ({ id: u.id, userName: u.username })),
  }),
};

interface Category {
  id: number;
  children?: Category[];
}
/** jshERP's tree: children always a list; the category being edited (`id`) left out with its subtree, so it cannot become its own parent. */
const jshTree = (nodes: Category[], except: number): Category[] =>
  nodes.filter((c) => c.id !== except).map((c) => ({ ...c, state: 'open', children: jshTree(c.children ?? [], except) }));

export const REPLY_ADAPTERS: Record<string, (out: Envelope, ctx: ReplyCtx) => unknown> = {
  // the partner pickers are read as bare arrays of {id, supplier}
  'GET /supplier/findBySelect_sup': bare,
  'GET /supplier/findBySelect_cus': bare,
  'GET /supplier/findBySelect_retail': bare,
  'GET /supplier/findBySelect_organ': bare,
  // read as a bare array, with the home entry first for the whole tree
  'POST /function/findMenuByPNumber': (out, { body }) => {
    const menu = jshMenu(out.data as OurMenu[]);
    return String(body.pNumber ?? '0') === '0' && menu.length ? [HOME, ...menu] : menu;
  },
  // both read as bare arrays in jshERP's own shapes
  'GET /materialCategory/getMaterialCategoryTree': (out, { query }) => jshTree(out.data as Category[], Number(query.id)),
  'GET /person/getPersonByNumType': (out) => (out.data as Row[]).map((p) => ({ value: String(p.id), text: p.name })),
  // RoleList.vue shows what a role hides; our one switch hides purchase prices and stock cost everywhere
  'GET /role/list': (out) =>
    mapRows(out, (r) => ({ priceLimit: r.priceMasking ? '1,4,7' : '', priceLimitStr: r.priceMasking ? '屏蔽首页采购价,屏蔽单据采购价,屏蔽库存成本价' : '' })),
  'GET /account/getAccount': (out) => ({ ...out, data: { accountList: out.data } }),
  // the bill forms' barcode scan: a list of lines with warehouse, stock and the document's price
  'GET /material/getMaterialByBarCode': scannedLine,
  // MaterialList.vue's 库存 column
  'GET /material/list': materialListStock,
  'GET /systemConfig/getCurrentInfo': jshConfig,
  'POST /msg/getMsgByStatus': (out) => ({ ...out, data: (out.data as Array<{ status: unknown }>).map((m) => ({ ...m, status: toJshStatus(m.status) })) }),
  // the renewal warning compares the company's users with its limit; its footer shows the expiry as jshERP's date text
  'GET /user/infoWithTenant': async (out, { db }) => {
    const user = out.data as { tenantId: number; expireTime?: unknown };
    const seats = await db.tenant(user.tenantId, (tx) =>
      tx.one<{ used: number; limit: number; expires: string }>(
        `select (select count(*)::int from sys_user u where u.tenant_id = t.id and not u.delete_flag) as used, t.user_limit as limit,
                to_char(t.expire_time, 'YYYY-MM-DD HH24:MI:SS') as expires
           from tenant t where t.id = $1`,
        [user.tenantId],
      ),
    );
    const expireTime = seats?.expires ?? user.expireTime;
    return { ...out, data: { ...user, expireTime, userCurrentNum: seats?.used ?? 0, userNumLimit: seats?.limit ?? 0 } };
  },
};

import type { Database } from '../../platform/db/database.ts';
import { JSHERP_VIEWS } from './views.ts';

/**
 * Where jshERP's client means or reads something else than our own client, per route of ours (method and url).
 * Everything not named here passes as it is: our {code, data} envelope is jshERP's too.
 */
type Payload = { query: Record<string, unknown>; body: Record<string, unknown> };
type Envelope = { code?: number; data?: unknown };
type ReplyCtx = Payload & { db: Database };

// message status: jshERP 1 unread, 2 read; ours 0 unread, 1 read, 2 read from the bell
const toOurStatus = (v: unknown) => (String(v) === '1' ? 0 : String(v) === '2' ? 1 : v);
const toJshStatus = (v: unknown) => (Number(v) === 0 ? '1' : '2');

/** jshERP's names for fields we name otherwise, per area (the first segment of the path). */
export const FIELD_ALIASES: Record<string, Record<string, string>> = {
  // jshERP's telephone is the mobile number and phoneNum the landline; ours are phone and telephone
  supplier: { supplier: 'name', telephone: 'phone', phoneNum: 'telephone', phonenum: 'telephone' },
};

const renameKeys = (o: Record<string, unknown>, names: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [names[k] ?? k, v]));

/** A request in jshERP's names, in ours: the area's aliases, and list filters sent inside `search` where the route takes them one by one. */
export function ourNames(path: string, p: Payload, routeTakesSearch: boolean): Payload {
  let { query, body } = p;
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

/** jshERP's document: amounts paid out carry a minus sign (its purchase forms send 0 - amount); accounts as two JSON lists. */
function ourDocument({ query, body }: Payload): Payload {
  const parse = (v: unknown) => {
    try {
      return typeof v === 'string' && v ? (JSON.parse(v) as unknown) : v;
    } catch {
      return v;
    }
  };
  const info = parse(body.info);
  if (!info || typeof info !== 'object' || Array.isArray(info)) return { query, body };
  const h = { ...(info as Record<string, unknown>) };
  const unsigned = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^-\d/.test(v)) ? String(v).replace(/^-/, '') : v);
  for (const k of ['changeAmount', 'totalPrice', 'discountLastMoney']) if (k in h) h[k] = unsigned(h[k]);
  const ids = parse(h.accountIdList);
  const amounts = parse(h.accountMoneyList);
  if (Array.isArray(ids) && Array.isArray(amounts) && ids.length) h.accounts = ids.map((accountId, i) => ({ accountId, amount: unsigned(amounts[i]) }));
  return { query, body: { ...body, info: h } };
}

export const REQUEST_ADAPTERS: Record<string, (p: Payload) => Payload> = {
  'POST /depotHead/addDepotHeadAndDetail': ourDocument,
  'PUT /depotHead/updateDepotHeadAndDetail': ourDocument,
  'POST /msg/getMsgByStatus': ({ query, body }) => ({ query, body: { ...body, status: toOurStatus(body.status) } }),
  'POST /msg/batchUpdateStatus': ({ query, body }) => ({ query, body: { ...body, status: toOurStatus(body.status) } }),
};

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

/** jshERP's switches are the strings '1'/'0'; ours are booleans. */
const flag = (v: unknown) => (v === true || v === '1' ? '1' : '0');
/**
 * Switches jshERP's client reads that we have under another name or not at all: ours by name, or what our
 * product does without a switch (several accounts on one document: always; the rest: not offered).
 */
const JSH_FLAGS: Record<string, string | ((c: Record<string, unknown>) => string)> = {
  overLinkBillFlag: (c) => flag(c.overLinkFlag),
  multiAccountFlag: '1',
  forceApprovalFlag: '0',
  multiBillType: '0',
  inOutManageFlag: '0',
  materialPriceTaxFlag: '0',
  zeroChangeAmountFlag: '0',
  auditPrintFlag: '0',
  updateUnitPriceFlag: '0',
  moveAvgPriceFlag: '0',
  customerStaticPriceFlag: '0',
};

/** jshERP's home chart: six months of purchase, sale and retail amounts as {x: month, y}; masked purchase amounts as ***. */
const homeChart = (out: Envelope) => {
  const months = (out.data as { months: Array<{ month: string; buy: number | null; sale: number; retail: number }> }).months;
  const list = (k: 'buy' | 'sale' | 'retail') => months.map((m) => ({ x: m.month, y: m[k] ?? '***' }));
  return { ...out, data: { buyPriceList: list('buy'), salePriceList: list('sale'), retailPriceList: list('retail') } };
};

/**
 * A call jshERP makes to one of its paths that another route of ours answers: the route, the query it takes and
 * how its reply is reshaped. Keyed by the route the path names; undefined where that route answers as it is.
 */
export const REROUTES: Record<string, (p: Payload) => { path: string; query: Record<string, unknown>; reply: (out: Envelope) => unknown } | undefined> = {
  // with no line to price, jshERP's buyOrSalePrice is its home chart
  'GET /depotItem/buyOrSalePrice': ({ query }) =>
    query.materialExtendId === undefined ? { path: '/depotHead/getTrendStatistics', query: { months: 6 }, reply: homeChart } : undefined,
};

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
  'GET /account/getAccount': (out) => ({ ...out, data: { accountList: out.data } }),
  'GET /systemConfig/getCurrentInfo': (out) => {
    const c = (out.data ?? {}) as Record<string, unknown>;
    const strings = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, typeof v === 'boolean' ? flag(v) : v]));
    const extra = Object.fromEntries(Object.entries(JSH_FLAGS).map(([k, v]) => [k, typeof v === 'function' ? v(c) : v]));
    return { ...out, data: { ...strings, ...extra } };
  },
  'POST /msg/getMsgByStatus': (out) => ({ ...out, data: (out.data as Array<{ status: unknown }>).map((m) => ({ ...m, status: toJshStatus(m.status) })) }),
  // the renewal warning compares the company's users with its limit
  'GET /user/infoWithTenant': async (out, { db }) => {
    const user = out.data as { tenantId: number };
    const seats = await db.tenant(user.tenantId, (tx) =>
      tx.one<{ used: number; limit: number }>(
        `select (select count(*)::int from sys_user u where u.tenant_id = t.id and not u.delete_flag) as used, t.user_limit as limit
           from tenant t where t.id = $1`,
        [user.tenantId],
      ),
    );
    return { ...out, data: { ...user, userCurrentNum: seats?.used ?? 0, userNumLimit: seats?.limit ?? 0 } };
  },
};

import { ourRoleGrants } from './role-reroutes.ts';

/**
 * jshERP's requests in the shapes our routes take, per route of ours (method and url): what its forms send
 * otherwise than ours (dialect.ts applies them after the lenient reading's names, before the inner call).
 * An adapter may look a number up through our own API (`get`, as the caller), so nothing bypasses its checks.
 */
export type Payload = { query: Record<string, unknown>; body: Record<string, unknown> };
type Row = Record<string, unknown>;
export interface RequestCtx {
  /** GET one of our routes as the caller; null when it refuses */
  get: (url: string) => Promise<unknown>;
}

// message status: jshERP 1 unread, 2 read; ours 0 unread, 1 read
const toOurStatus = (v: unknown) => (String(v) === '1' ? 0 : String(v) === '2' ? 1 : v);
const parse = (v: unknown) => {
  try {
    return typeof v === 'string' && v ? (JSON.parse(v) as unknown) : v;
  } catch {
    return v;
  }
};
/** jshERP's forms send amounts paid out with a minus sign (0 - amount); ours are unsigned. */
const unsigned = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^-\d/.test(v)) ? String(v).replace(/^-/, '') : v);
const isObject = (v: unknown): v is Row => !!v && typeof v === 'object' && !Array.isArray(v);

/** jshERP's document: amounts paid out carry a minus sign (its purchase forms send 0 - amount); accounts as two JSON lists. */
function ourDocument({ query, body }: Payload): Payload {
  const info = parse(body.info);
  if (!info || typeof info !== 'object' || Array.isArray(info)) return { query, body };
  const h = { ...(info as Record<string, unknown>) };
  for (const k of ['changeAmount', 'totalPrice', 'discountLastMoney']) if (k in h) h[k] = unsigned(h[k]);
  const ids = parse(h.accountIdList);
  const amounts = parse(h.accountMoneyList);
  if (Array.isArray(ids) && Array.isArray(amounts) && ids.length) h.accounts = ids.map((accountId, i) => ({ accountId, amount: unsigned(amounts[i]) }));
  return { query, body: { ...body, info: h } };
}

/**
 * MaterialList.vue's 关键词 (materialParam: barcode, name, mnemonic, specification or model). A barcode of the
 * company's (asked through our list as the caller) filters by barcode; other text matches any of the four text
 * columns (our list's advanced search joined by or).
 */
async function materialKeyword({ query, body }: Payload, { get }: RequestCtx): Promise<Payload> {
  const search = parse(query.search);
  if (!isObject(search) || typeof search.materialParam !== 'string' || !search.materialParam.trim()) return { query, body };
  const { materialParam, ...rest } = search;
  const text = materialParam.trim();
  const byCode = (await get(`/material/list?pageSize=1&search=${encodeURIComponent(JSON.stringify({ barCode: text }))}`)) as { total?: number } | null;
  if (byCode?.total) return { query: { ...query, search: JSON.stringify({ ...rest, barCode: text }) }, body };
  const any = ['name', 'mnemonic', 'standard', 'model'].map((field) => ({ field, rule: 'like', val: text }));
  return {
    query: { ...query, search: JSON.stringify(rest), superQueryParams: encodeURIComponent(JSON.stringify(any)), superQueryMatchType: 'or' },
    body,
  };
}

/** UnitModal.vue sends the units and ratios only; jshERP names the unit on the server: 个/(箱=12个)/(托=120个). */
function ourUnit({ query, body }: Payload): Payload {
  if (body.name || typeof body.basicUnit !== 'string') return { query, body };
  const base = body.basicUnit;
  const part = (unit: unknown, ratio: unknown) =>
    unit && ratio !== undefined && ratio !== '' && ratio !== null ? `/(${String(unit)}=${String(ratio)}${base})` : '';
  const two = part(body.otherUnitTwo, body.ratioTwo);
  const name = base + part(body.otherUnit, body.ratio) + (two && two + part(body.otherUnitThree, body.ratioThree));
  return { query, body: { ...body, name } };
}

const positiveId = (v: unknown) => (/^\d{1,15}$/.test(String(v ?? '')) && Number(v) > 0 ? Number(v) : undefined);
const given = (v: unknown) => v !== undefined && v !== null && v !== '';
/**
 * MaterialModal.vue sends barcodes as meList (its new rows carry random ids) and one row per warehouse as stock
 * (the warehouse's id, initStock, safety stocks); ours are barCodes and stocks. Warehouses left blank are not sent,
 * nor those at opening stock 0 without safety stocks (its edit form fills every warehouse's 0, /depot/getAllListWithStock).
 */
function ourMaterial({ query, body }: Payload): Payload {
  const out = { ...body };
  if (Array.isArray(body.meList))
    out.barCodes = (body.meList as Row[]).map(({ id, barCode, commodityUnit, sku, purchaseDecimal, commodityDecimal, wholesaleDecimal, lowDecimal }) => ({
      ...(positiveId(id) ? { id: positiveId(id) } : {}),
      barCode,
      commodityUnit,
      sku,
      purchaseDecimal,
      commodityDecimal,
      wholesaleDecimal,
      lowDecimal,
    }));
  if (Array.isArray(body.stock))
    out.stocks = (body.stock as Row[])
      .filter((r) => (given(r.initStock) && Number(r.initStock) !== 0) || given(r.lowSafeStock) || given(r.highSafeStock))
      .map((r) => ({ depotId: r.id, initNumber: r.initStock, lowSafeStock: r.lowSafeStock, highSafeStock: r.highSafeStock }));
  return { query, body: out };
}

/**
 * jshERP's finance form (FinancialModalMixin): head and rows as JSON text, payments with a minus sign, and the
 * settled purchase or sale named by its number (billNumber) where we take its id — looked up through our own
 * document route, so a number of another company or a type the user may not read finds nothing.
 */
async function ourFinDocument({ query, body }: Payload, { get }: RequestCtx): Promise<Payload> {
  const info = parse(body.info);
  const rows = parse(body.rows);
  const h = isObject(info) ? { ...info } : info;
  if (isObject(h)) for (const k of ['changeAmount', 'totalPrice', 'discountMoney']) if (k in h) h[k] = unsigned(h[k]);
  const lines = Array.isArray(rows)
    ? await Promise.all(
        rows.map(async (r: unknown) => {
          if (!isObject(r)) return r;
          const line: Row = { ...r, eachAmount: unsigned(r.eachAmount) };
          if (!line.billId && typeof r.billNumber === 'string' && r.billNumber) {
            const doc = (await get(`/depotHead/getDetailByNumber?number=${encodeURIComponent(r.billNumber)}`)) as { id?: number } | null;
            // a number that finds nothing is sent as no bill: our rules refuse the line by name
            if (doc?.id) line.billId = doc.id;
          }
          return line;
        }),
      )
    : rows;
  return { query, body: { ...body, info: h, rows: lines } };
}

export const REQUEST_ADAPTERS: Record<string, (p: Payload, ctx: RequestCtx) => Payload | Promise<Payload>> = {
  'POST /accountHead/addAccountHeadAndDetail': ourFinDocument,
  'PUT /accountHead/updateAccountHeadAndDetail': ourFinDocument,
  'POST /depotHead/addDepotHeadAndDetail': ourDocument,
  'POST /unit/add': ourUnit,
  'PUT /unit/update': ourUnit,
  'GET /material/list': materialKeyword,
  'POST /material/add': ourMaterial,
  'PUT /material/update': ourMaterial,
  'PUT /depotHead/updateDepotHeadAndDetail': ourDocument,
  'POST /msg/getMsgByStatus': ({ query, body }) => ({ query, body: { ...body, status: toOurStatus(body.status) } }),
  // 分配功能 / 分配按钮 (role-reroutes.ts)
  'POST /role/setGrants': ourRoleGrants,
  'POST /msg/batchUpdateStatus': ({ query, body }) => ({ query, body: { ...body, status: toOurStatus(body.status) } }),
};

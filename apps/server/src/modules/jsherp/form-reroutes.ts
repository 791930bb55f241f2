import type { Payload } from './request-adapters.ts';

/**
 * Reads of jshERP's material form (MaterialModal.vue) answered by routes of ours: its 多单位 choices and, when
 * editing, its 条码 tab. Merged into adapters.ts's REROUTES.
 */
type Envelope = { code?: number; data?: unknown };
type Row = Record<string, unknown>;
type Reroute = (p: Payload) => {
  path: string;
  method?: 'GET' | 'PUT';
  query: Record<string, unknown>;
  body?: Record<string, unknown>;
  reply: (out: Envelope) => unknown;
};

/** A reply of nothing for a call with nothing to read (a new material): a cheap read of ours, answered empty. */
const nothing = (data: unknown) => ({ path: '/depot/findDepotByCurrentUser', query: {}, reply: (out: Envelope) => ({ ...out, data }) });

export const FORM_REROUTES: Record<string, Reroute> = {
  // its 多单位 select: every enabled multi-unit as a bare list (jshERP's unitService.getUnit()), in our field names, which are its own
  'GET /unit/getAllList': () => ({
    path: '/unit/list',
    query: { pageSize: 1000 },
    reply: (out) => ({ ...out, data: ((out.data as { rows?: Row[] }).rows ?? []).filter((u) => u.enabled !== false) }),
  }),
  // its 条码 tab when editing (materialId 0: a new material): the material's barcodes with their prices and ids,
  // which its save sends back in meList so our update keeps them
  'GET /materialsExtend/getDetailList': ({ query }) => {
    const id = String(query.materialId ?? '');
    if (!/^\d{1,15}$/.test(id) || Number(id) === 0) return nothing({ rows: [], total: 0 });
    return {
      path: '/material/info',
      query: { id },
      reply: (out) => {
        const rows = ((out.data as { barCodes?: Row[] }).barCodes ?? []).map((b) => ({
          id: b.id,
          barCode: b.barCode,
          commodityUnit: b.commodityUnit,
          ...(b.sku ? { sku: b.sku } : {}),
          purchaseDecimal: b.purchaseDecimal,
          commodityDecimal: b.commodityDecimal,
          wholesaleDecimal: b.wholesaleDecimal,
          lowDecimal: b.lowDecimal,
        }));
        return { ...out, data: { rows, total: rows.length } };
      },
    };
  },
  // MaterialModal.vue fills 助记码 from the name as it is typed ({name} posted; data: the initials)
  'POST /material/changeNameToPinYin': ({ body }) => ({
    path: '/material/nameInitials',
    query: { name: body.name ?? '' },
    reply: (out) => ({ ...out, data: (out.data as { mnemonic?: string }).mnemonic ?? '' }),
  }),
  // MaterialPropertyModal.vue (扩展信息's 别名, sent only for a stored row, its whole row with it): our alias update
  'POST /materialProperty/addOrUpdate': ({ body }) => ({
    path: '/materialProperty/update',
    method: 'PUT',
    query: {},
    body: { id: body.id, anotherName: body.anotherName },
    reply: (out) => out,
  }),
};

/**
 * One small definition per report screen (docs/api.md "Stock reports"): the GET url (its export is
 * `<url>/exportExcel`), the columns, the filters of the search form and the keys the server sums.
 * The generic screen (report-page.tsx) does the rest.
 */
export type ColKind = 'text' | 'qty' | 'money' | 'bool' | 'status' | 'warning';

export interface ReportColumn {
  key: string;
  /** the `col.*` text when it is not the key */
  label?: string;
  kind?: ColKind;
  width?: number;
}

export type FilterKind =
  | 'depotId'
  | 'fromDepot'
  | 'anotherDepotId'
  | 'categoryId'
  | 'materialId'
  | 'materialParam'
  | 'dates'
  | 'docType'
  | 'number'
  | 'batchNumber'
  | 'zeroStock'
  | 'warningType'
  | 'days'
  | 'expiringDays'
  | 'type'
  | 'organId'
  | 'status'
  | 'openOnly'
  | 'areaId';

export interface ReportDef {
  url: string;
  columns: ReportColumn[];
  filters: FilterKind[];
  /** filter values the form starts with */
  initial?: Record<string, unknown>;
  /** the report needs this filter before it can run */
  required?: FilterKind;
  /** opening/closing balance lines (stock ledger) */
  balances?: boolean;
  /** the alert counts above the table (inventory alerts) */
  alerts?: boolean;
  /** clicking an item opens the stock ledger of that item and warehouse */
  drillToLedger?: boolean;
  /** a button on each row: 移库 (move between reservoir areas, area-move-modal.tsx) */
  rowAction?: 'areaMove';
}

const q = (key: string, label?: string): ReportColumn => ({ key, label, kind: 'qty', width: 100 });
const m = (key: string, label?: string): ReportColumn => ({ key, label, kind: 'money', width: 110 });
const ITEM: ReportColumn[] = [
  { key: 'barCode', width: 120 },
  { key: 'materialName', width: 160 },
  { key: 'standard', width: 90 },
  { key: 'model', width: 90 },
  { key: 'unit', width: 60 },
];
const ITEM_DEPOT: ReportColumn[] = [...ITEM, { key: 'depotName', width: 100 }];
const DOC: ReportColumn[] = [
  { key: 'operTime', width: 160 },
  { key: 'number', width: 170 },
];

const WARNING_COLUMNS: ReportColumn[] = [
  ...ITEM_DEPOT,
  q('lowSafeStock'),
  q('highSafeStock'),
  q('currentStock'),
  { key: 'warningType', kind: 'warning', width: 120 },
  q('shortfall'),
  q('excess'),
];

export const LEDGER_PATH = '/report/stock_ledger';

export const REPORTS: Record<string, ReportDef> = {
  '/report/material_stock': {
    url: '/report/materialStock',
    columns: [...ITEM_DEPOT, q('qty'), m('avgCost'), m('value')],
    filters: ['depotId', 'categoryId', 'materialParam', 'zeroStock'],
    drillToLedger: true,
  },
  [LEDGER_PATH]: {
    url: '/report/stockLedger',
    columns: [
      ...DOC,
      { key: 'docType', width: 100 },
      { key: 'depotName', width: 100 },
      { key: 'batchNumber', width: 100 },
      q('inQty'),
      q('outQty'),
      m('unitCost'),
      m('valueChange'),
      q('balanceQty'),
      m('balanceValue'),
      { key: 'reversal', kind: 'bool', width: 70 },
    ],
    filters: ['materialId', 'depotId', 'dates'],
    required: 'materialId',
    balances: true,
  },
  '/report/in_out_detail': {
    url: '/report/inOutDetail',
    columns: [
      ...DOC,
      { key: 'docType', width: 100 },
      { key: 'organName', width: 140 },
      ...ITEM_DEPOT,
      { key: 'batchNumber', width: 100 },
      q('inQty'),
      m('inValue', 'inCost'),
      q('outQty'),
      m('outValue', 'outCost'),
      m('allPrice'),
    ],
    filters: ['dates', 'depotId', 'materialParam', 'docType', 'number'],
  },
  '/report/in_out_summary': {
    url: '/report/inOutSummary',
    columns: [...ITEM_DEPOT, q('openingQty'), m('openingValue'), q('inQty'), m('inValue'), q('outQty'), m('outValue'), q('closingQty'), m('closingValue')],
    filters: ['dates', 'depotId', 'categoryId', 'materialParam', 'docType'],
    drillToLedger: true,
  },
  '/report/allocation_detail': {
    url: '/report/allocationDetail',
    columns: [
      ...DOC,
      ...ITEM,
      { key: 'depotName', label: 'fromDepot', width: 100 },
      { key: 'anotherDepotName', width: 100 },
      { key: 'batchNumber', width: 100 },
      q('qty', 'moveQty'),
      m('unitCost'),
      m('value', 'costValue'),
      { key: 'remark', width: 140 },
    ],
    filters: ['dates', 'fromDepot', 'anotherDepotId', 'materialParam', 'number'],
  },
  '/report/batch_inventory': {
    url: '/report/batchInventory',
    columns: [
      ...ITEM_DEPOT,
      { key: 'batchNumber', width: 110 },
      q('qty', 'moveQty'),
      { key: 'expirationDate', width: 110 },
      { key: 'daysToExpiry', kind: 'qty', width: 90 },
    ],
    filters: ['depotId', 'materialParam', 'batchNumber', 'expiringDays'],
  },
  // stock by reservoir area (issue 24): goods in no area as 未指定库区
  '/report/reservoir_area_stock': {
    url: '/report/reservoirAreaStock',
    columns: [
      { key: 'depotName', width: 100 },
      { key: 'areaName', width: 110 },
      { key: 'areaCode', width: 100 },
      ...ITEM,
      { key: 'batchNumber', width: 110 },
      q('qty'),
      { key: 'firstIn', width: 110 },
      { key: 'capacity', kind: 'qty', width: 100 },
    ],
    filters: ['depotId', 'areaId', 'materialId', 'materialParam'],
    rowAction: 'areaMove',
  },
  '/report/stock_warning': {
    url: '/report/stockWarning',
    columns: WARNING_COLUMNS,
    filters: ['depotId', 'categoryId', 'materialParam', 'warningType'],
  },
  '/depot/inventory_alert': {
    // the server lets this menu read the warning list too (not only /report/stock_warning)
    url: '/report/stockWarning',
    columns: WARNING_COLUMNS,
    filters: ['depotId', 'categoryId', 'materialParam', 'warningType'],
    alerts: true,
  },
  '/material/safety_stock': {
    url: '/material/safetyStockList',
    columns: [...ITEM_DEPOT, q('lowSafeStock'), q('highSafeStock'), q('currentStock')],
    filters: ['depotId', 'categoryId', 'materialParam'],
  },
  '/report/inventory_age': {
    url: '/report/inventoryAge',
    columns: [...ITEM_DEPOT, q('qty'), q('oldQty'), m('oldValue'), { key: 'oldestDate', width: 110 }, { key: 'ageDays', kind: 'qty', width: 100 }],
    filters: ['days', 'depotId', 'categoryId', 'materialParam'],
    initial: { days: 90 },
  },
  '/report/low_selling': {
    url: '/report/lowSelling',
    columns: [...ITEM, q('qty'), q('soldQty'), { key: 'lastSaleDate', width: 160 }],
    filters: ['days', 'depotId', 'categoryId', 'materialParam'],
    initial: { days: 90 },
  },
  '/bill/order_tracking': {
    url: '/depotHead/orderTracking',
    // the quantities and the status first: they are what the screen is for
    columns: [
      { key: 'number', width: 170 },
      { key: 'operTime', width: 160 },
      { key: 'organName', width: 150 },
      { key: 'materialName', width: 160 },
      q('orderedQty'),
      q('fulfilledQty'),
      q('openQty'),
      { key: 'status', kind: 'status', width: 100 },
      m('allPrice', 'amount'),
      { key: 'barCode', width: 120 },
      { key: 'standard', width: 90 },
      { key: 'model', width: 90 },
      { key: 'unit', width: 60 },
      { key: 'depotName', width: 100 },
    ],
    filters: ['type', 'dates', 'number', 'organId', 'materialParam', 'status', 'openOnly'],
    initial: { type: 'sale' },
  },
};

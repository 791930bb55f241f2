/**
 * The inventory documents (ARCHITECTURE §5): one header/lines model told apart by type and
 * subType. `stock` says how posting moves stock: +1 in, -1 out, 0 not at all (orders, requests,
 * count entry), or a special movement.
 */
export type StockEffect = 1 | -1 | 0 | 'transfer' | 'assembly' | 'disassembly' | 'recount';

export interface DocType {
  key: string;
  type: '入库' | '出库' | '其它';
  subType: string;
  prefix: string;
  label: { zh: string; en: string };
  menu: string;
  stock: StockEffect;
  /** Which partners the document names. */
  partner?: '供应商' | '客户' | '会员';
  /** An order whose lines are fulfilled by linked documents (status 1 → 3 → 2). */
  order?: boolean;
  /** The order type this document may be made from, pulling its open quantities. */
  linkFrom?: string;
  /** Sales-side prices: below the lowest selling price is refused. */
  sale?: boolean;
  /** A further type it may be made from without claiming its quantities (以销定购: a purchase order from a sales order). */
  alsoFrom?: string;
  /** Lines carry new barcode prices, applied on audit (价格调整). */
  prices?: boolean;
}

const d = (
  key: string,
  type: DocType['type'],
  subType: string,
  prefix: string,
  zh: string,
  en: string,
  menu: string,
  stock: StockEffect,
  extra: Partial<DocType> = {},
): DocType => ({
  key,
  type,
  subType,
  prefix,
  label: { zh, en },
  menu,
  stock,
  ...extra,
});

export const DOC_TYPES: DocType[] = [
  d('purchaseApply', '其它', '请购单', 'QGD', '请购单', 'Purchase request', '/bill/purchase_apply', 0, { order: true }),
  d('purchaseOrder', '其它', '采购订单', 'CGDD', '采购订单', 'Purchase order', '/bill/purchase_order', 0, {
    order: true,
    partner: '供应商',
    linkFrom: 'purchaseApply',
    alsoFrom: 'saleOrder',
  }),
  d('purchaseIn', '入库', '采购', 'CGRK', '采购入库', 'Purchase inbound', '/bill/purchase_in', 1, { partner: '供应商', linkFrom: 'purchaseOrder' }),
  d('purchaseBack', '出库', '采购退货', 'CGTH', '采购退货', 'Purchase return', '/bill/purchase_back', -1, { partner: '供应商' }),
  d('saleOrder', '其它', '销售订单', 'XSDD', '销售订单', 'Sales order', '/bill/sale_order', 0, { order: true, partner: '客户', sale: true }),
  d('saleOut', '出库', '销售', 'XSCK', '销售出库', 'Sale outbound', '/bill/sale_out', -1, { partner: '客户', linkFrom: 'saleOrder', sale: true }),
  d('saleBack', '入库', '销售退货', 'XSTH', '销售退货', 'Sales return', '/bill/sale_back', 1, { partner: '客户' }),
  d('retailOut', '出库', '零售', 'LSCK', '零售出库', 'Retail outbound', '/bill/retail_out', -1, { partner: '会员', sale: true }),
  d('retailBack', '入库', '零售退货', 'LSTH', '零售退货', 'Retail return', '/bill/retail_back', 1, { partner: '会员' }),
  d('otherIn', '入库', '其它', 'QTRK', '其它入库', 'Other inbound', '/bill/other_in', 1, { partner: '供应商' }),
  d('otherOut', '出库', '其它', 'QTCK', '其它出库', 'Other outbound', '/bill/other_out', -1, { partner: '客户' }),
  d('transfer', '出库', '调拨', 'DBCK', '调拨出库', 'Transfer', '/bill/allocation_out', 'transfer'),
  d('assemble', '其它', '组装单', 'ZZD', '组装单', 'Assembly', '/bill/assemble', 'assembly'),
  d('disassemble', '其它', '拆卸单', 'CXD', '拆卸单', 'Disassembly', '/bill/disassemble', 'disassembly'),
  d('shippingOrder', '其它', '发货单', 'FHD', '发货单', 'Shipping order', '/bill/shipping_order', 0, { partner: '客户' }),
  // a plan can be shown to the customer without sign-in, by an unguessable link
  d('shippingPlan', '其它', '发货计划', 'FHJH', '发货计划', 'Shipping plan', '/bill/shipping_plan', 0, { partner: '客户' }),
  // shop floor (issue 17): material to and from work orders, finished goods, outsourcing
  d('productionPick', '出库', '生产领料', 'SCLL', '生产领料', 'Production picking', '/bill/picking', -1),
  d('backflush', '出库', '倒冲领料', 'DCLL', '倒冲领料', 'Backflush', '/bill/backflush', -1),
  d('productionReturn', '入库', '生产退料', 'SCTL', '生产退料', 'Production return', '/bill/production_return', 1),
  d('finishedIn', '入库', '完工入库', 'WGRK', '完工入库', 'Finished goods receipt', '/bill/finished_in', 1),
  d('outsourceOut', '出库', '委外发料', 'WWFL', '委外发料', 'Outsourcing issue', '/bill/outsourcing', 'transfer', { partner: '供应商' }),
  d('outsourceIn', '其它', '委外入库', 'WWRK', '委外入库', 'Outsourcing receipt', '/bill/outsourcing_in', 'assembly', { partner: '供应商' }),
  d('stockCheck', '其它', '盘点录入', 'PD', '盘点录入', 'Inventory count', '/bill/stock_check', 0),
  // no stock moves: auditing sets the barcodes' prices, un-auditing puts the old ones back
  d('priceAdjust', '其它', '价格调整', 'TJD', '价格调整', 'Price adjustment', '/bill/price_adjust', 0, { prices: true }),
  d('stockRecheck', '其它', '盘点复盘', 'PDFP', '盘点复盘', 'Inventory re-count', '/bill/stock_recheck', 'recount', { linkFrom: 'stockCheck' }),
];

export const DOC_TYPE_BY_KEY = Object.fromEntries(DOC_TYPES.map((t) => [t.key, t]));
export const docTypeOf = (type: string, subType: string) => DOC_TYPES.find((t) => t.type === type && t.subType === subType);

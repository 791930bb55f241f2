import { DOC_TYPES } from '@erp/entities';
import type { Payload } from './request-adapters.ts';
import { searchOf } from './search-text.ts';

/**
 * jshERP's finance and statistics report calls (AccountReport.vue, BuyInReport.vue, SaleOutReport.vue,
 * CustomerAccount.vue / VendorAccount.vue and the receipt form's 待收款/待付款 picker) answered by reports of
 * ours: its filters in, its row names and totals out. Merged into adapters.ts's REROUTES.
 */
type Envelope = { code?: number; data?: unknown };
type Row = Record<string, unknown>;
type Reroute = (p: Payload) => { path: string; query: Record<string, unknown>; reply: (out: Envelope) => unknown };

/** The filters it sends that ours take, blank ones left out (its forms send '' for "any"). */
const pick = (q: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => q[k] !== undefined && q[k] !== '').map((k) => [k, q[k]]));
const PAGE = ['currentPage', 'pageSize'];

/** Our {rows, total, sums} as its {rows, total, …totals}: rows renamed, totals named from our sums. */
const shaped = (out: Envelope, row: (r: Row) => Row, totals: (sums: Row) => Row) => {
  const data = out.data as { rows?: Row[]; total?: number; sums?: Row };
  return { ...out, data: { rows: (data.rows ?? []).map((r) => ({ ...r, ...row(r) })), total: data.total ?? 0, ...totals(data.sums ?? {}) } };
};

const itemNames = (r: Row) => ({ materialStandard: r.standard, materialModel: r.model, materialUnit: r.unit, unitName: r.unit });

/**
 * 采购统计 (buy: inSum bought, outSum returned), 销售统计 (sale: outSum sold, inSum returned) and 零售统计 (retail,
 * RetailOutReport.vue: outSum sold at retail, inSum returned) from /report/buySaleSummary.
 */
const buyOrSale =
  (kind: 'buy' | 'sale' | 'retail'): Reroute =>
  ({ query }) => ({
    path: '/report/buySaleSummary',
    query: { kind, ...pick(query, [...PAGE, 'beginTime', 'endTime', 'organId', 'depotId', 'categoryId', 'materialParam']) },
    reply: (out) =>
      shaped(
        out,
        (r) =>
          kind === 'buy'
            ? { ...itemNames(r), inSum: r.qty, inSumPrice: r.amount, outSum: r.backQty, outSumPrice: r.backAmount, inOutSumPrice: r.netAmount }
            : { ...itemNames(r), outSum: r.qty, outSumPrice: r.amount, inSum: r.backQty, inSumPrice: r.backAmount, outInSumPrice: r.netAmount },
        (s) => ({ realityPriceTotal: s.netAmount ?? 0 }),
      ),
  });

/**
 * 入库汇总/出库汇总 (InMaterialCount.vue, OutMaterialCount.vue): what came in (went out) per material in the period,
 * from our 出入库汇总 narrowed to the document types moving stock that way and transfers (jshERP counts 调拨 on
 * both). Ours is per material and warehouse; 入库金额/出库金额 is the cost that moved, as in 入库明细; its 往来单位
 * and 部门 filters are not ours and are ignored (docs/jsherp.md).
 */
const inOutMaterialCount: Reroute = ({ query }) => {
  const out = query.type === '出库';
  const keys = [...DOC_TYPES.filter((t) => t.stock === (out ? -1 : 1)).map((t) => t.key), 'transfer'];
  return {
    path: '/report/inOutSummary',
    query: { docType: keys.join(','), ...pick(query, [...PAGE, 'beginTime', 'endTime', 'depotId', 'categoryId', 'materialParam']) },
    reply: (o) =>
      shaped(
        o,
        (r) => {
          const [numSum, priceSum] = out ? [r.outQty, r.outValue] : [r.inQty, r.inValue];
          return { id: r.materialId, mName: r.materialName, materialUnit: r.unit, numSum, priceSum };
        },
        (s) => ({ numSumTotal: (out ? s.outQty : s.inQty) ?? 0, priceSumTotal: (out ? s.outValue : s.inValue) ?? 0 }),
      ),
  };
};

const DOC_LABEL: Record<string, string> = { opening: '期初库存', ...Object.fromEntries(DOC_TYPES.map((t) => [t.key, t.label.zh])) };
const today = () => new Date().toISOString().slice(0, 10);

export const REPORT_REROUTES: Record<string, Reroute> = {
  // CustomerAccount.vue / VendorAccount.vue headers: how many customers (suppliers) owe (are owed) something now
  'GET /depotHead/getNeedCount': ({ query }) => ({
    path: '/finance/partnerDayStatement',
    query: { type: query.type === 'vendor' ? '供应商' : '客户', beginTime: today(), endTime: today(), hasDebt: '1', pageSize: 1 },
    reply: (out) => ({ ...out, data: { needCount: (out.data as { total?: number }).total ?? 0 } }),
  }),
  // the receipt and payment forms' 选择单据 (DebtBillList.vue): the partner's documents with arrears still open
  'GET /depotHead/debtList': ({ query }) => {
    const f = searchOf(query) as Row;
    if (!f.organId) return { path: '/depot/findDepotByCurrentUser', query: {}, reply: (out) => ({ ...out, data: { rows: [], total: 0 } }) };
    return {
      path: '/accountHead/getDebtBills',
      query: { organId: f.organId, type: f.type === '出库' ? '收款' : '付款' },
      reply: (out) => {
        const rows = ((out.data ?? []) as Row[]).map((r) => ({
          ...r,
          id: r.billId,
          number: r.billNumber,
          operTimeStr: r.operTime,
          // its 客户 (organName), 商品信息 (materialsList) and 操作员 columns
          userName: r.creatorName,
          debt: r.billDebt,
          finishDebt: Number(((r.needDebt as number) - (r.billDebt as number)).toFixed(6)),
        }));
        return { ...out, data: { rows, total: rows.length } };
      },
    };
  },
  // DebtAccountList.vue's 导出 (欠款详情): the same documents as a spreadsheet (its 单据编号 and 商品信息 filters with them)
  'GET /depotHead/debtExport': ({ query }) => ({
    path: '/accountHead/exportDebtBills',
    query: { ...pick(query, ['organId', 'number', 'materialParam']), type: query.type === '出库' ? '收款' : '付款' },
    reply: (out) => out,
  }),
  // MaterialStock.vue's 库存详情 (and the empty call it makes before a material is picked): one material's movements
  'GET /depotItem/findDetailByDepotIdsAndMaterialId': ({ query }) => {
    const depots = String(query.depotIds ?? '')
      .split(',')
      .filter(Boolean);
    if (!query.materialId) return { path: '/depot/findDepotByCurrentUser', query: {}, reply: (out) => ({ ...out, data: { rows: [], total: 0 } }) };
    return {
      path: '/report/stockLedger',
      query: { ...pick(query, [...PAGE, 'materialId', 'beginTime', 'endTime']), ...(depots.length === 1 ? { depotId: depots[0] } : {}) },
      reply: (out) =>
        shaped(
          out,
          (r) => ({
            type: DOC_LABEL[String(r.docKey)] ?? r.docKey,
            basicNumber: (r.inQty as number) - (r.outQty as number),
            unitPrice: r.unitCost,
            allPrice: r.valueChange,
          }),
          () => ({}),
        ),
    };
  },
  // AccountReport.vue: per settlement account the initial amount, this month's movement and the balance now
  'GET /account/listWithBalance': ({ query }) => ({
    path: '/finance/accountBalances',
    query: pick(query, [...PAGE, 'name', 'serialNo']),
    reply: (out) =>
      shaped(
        out,
        (r) => ({ id: r.accountId, thisMonthAmount: r.monthAmount }),
        () => ({}),
      ),
  }),
  // AllocationDetail.vue (调拨明细): its depotIdF is the warehouse moved from, its depotId the one moved to; its
  // 商品类别 and 部门 (the transfer's maker's department) are ours too
  'GET /depotHead/findAllocationDetail': ({ query }) => ({
    path: '/report/allocationDetail',
    query: {
      ...pick(query, [...PAGE, 'beginTime', 'endTime', 'materialParam', 'number', 'categoryId', 'organizationId']),
      ...pick({ depotId: query.depotIdF, anotherDepotId: query.depotId }, ['depotId', 'anotherDepotId']),
    },
    reply: (out) =>
      shaped(
        out,
        (r) => ({
          mname: r.materialName,
          mUnit: r.unit,
          operNumber: r.qty,
          unitPrice: r.unitCost,
          allPrice: r.value,
          dname: r.depotName,
          sname: r.anotherDepotName,
          newRemark: r.remark,
        }),
        (s) => ({ operNumberTotal: s.qty ?? 0, allPriceTotal: s.value ?? 0 }),
      ),
  }),
  'GET /depotHead/findInOutMaterialCount': inOutMaterialCount,
  'GET /depotItem/buyIn': buyOrSale('buy'),
  'GET /depotItem/saleOut': buyOrSale('sale'),
  'GET /depotItem/retailOut': buyOrSale('retail'),
  // CustomerAccount.vue / VendorAccount.vue: 本期欠款 what the documents added, 本期收款/付款 what receipts or payments settled
  'GET /depotHead/getStatementAccount': ({ query }) => ({
    path: '/finance/partnerDayStatement',
    query: { type: query.supplierType, ...pick(query, [...PAGE, 'beginTime', 'endTime', 'organId', 'hasDebt']) },
    reply: (out) =>
      shaped(
        out,
        (r) => ({
          id: r.organId,
          supplier: r.organName,
          telephone: r.phone,
          phoneNum: r.telephone,
          preNeed: r.opening,
          debtMoney: r.documents,
          backMoney: r.settlements,
          allNeed: r.closing,
        }),
        (s) => ({ firstMoney: s.opening ?? 0, lastMoney: s.closing ?? 0 }),
      ),
  }),
};

/**
 * jshERP calls whose feature our product does not have, answered in jshERP's own refusal shape (HTTP 200,
 * {code: 500, data: {message}}, what its controllers send for ErpInfo.ERROR) instead of 接口不存在, with the
 * reason its client shows as the warning. docs/jsherp.md lists them.
 */
const RECOMPUTED = '无需修正：本系统的库存、成本、欠款和预付款由台账和凭证实时计算，没有需要重算的缓存';
const NO_JARS = '本系统的插件是内置模块，不能上传、卸载或删除；在插件管理中启用或停用';

const DICT_TYPES_FIXED = '本系统的字典类型由平台统一维护，不能新增、修改或删除；本公司的字典项在字典数据中维护';
const NO_JSH_IMPORT = '本系统不支持 jshERP 的导入模板：请在本系统的往来单位页面下载导入模板后导入';
const NO_PLATFORM_DELETE = '本系统的平台参数不能删除：每个参数都有默认值，请在平台参数中修改其值';
const NO_PROPERTY_DELETE = '本系统的商品扩展字段随公司建立，不能删除；可以修改别名或停用';
const NO_UPLOADS = '本系统的 jshERP 兼容接口不接收文件上传：请在本系统的页面中上传';
const NO_FORCE_CLOSE = '本系统不提供强制结单：订单和请购单的完成状态只由其关联单据确定';

const NOT_OFFERED: Record<string, string> = {
  // 修正库存 / 修正成本 (MaterialList.vue), 修正欠款 (PurchaseInList.vue, SaleOutList.vue), 修正订金 (the order
  // lists), 修正预付款 (MemberList.vue): jshERP rewrites its cached running totals; ours are never cached
  'POST /material/batchSetMaterialCurrentStock': RECOMPUTED,
  'POST /material/batchSetMaterialCurrentUnitPrice': RECOMPUTED,
  'POST /depotHead/batchSetLastDebt': RECOMPUTED,
  'POST /depotHead/batchSetLastDeposit': RECOMPUTED,
  'POST /supplier/batchSetAdvanceIn': RECOMPUTED,
  // the receipt and payment forms' 选择期初 (FinancialModalMixin.js): our opening receivable/payable is a partner's
  // figure only; a receipt or payment here always settles documents (a line without one is refused)
  'GET /supplier/getBeginNeedByOrganId': '本系统的收款单、付款单只结算单据，不结算期初应收应付；请选择单据',
  // PluginList.vue's jar upload, 卸载 and 删除; PluginModal.vue's machine code for a licence
  'POST /plugin/uploadInstallPluginJar': NO_JARS,
  'POST /plugin/uninstall/:pluginId': NO_JARS,
  'DELETE /plugin/delete': NO_JARS,
  'DELETE /plugin/deleteBatch': NO_JARS,
  'GET /plugin/getMacWithSecret': '本系统的插件无需按机器码授权',
  // DictList.vue's type writes: dictionary types are the platform's (global), a company keeps its own items only
  'POST /dict/type/add': DICT_TYPES_FIXED,
  'PUT /dict/type/update': DICT_TYPES_FIXED,
  'DELETE /dict/type/delete': DICT_TYPES_FIXED,
  'DELETE /dict/type/deleteBatch': DICT_TYPES_FIXED,
  // 强制结单 (BillListMixin.js, the order and request lists): an order's 部分完成/完成 follows from its linked
  // documents only (docs/decisions.md); closing it by hand would leave its open quantity unexplained
  'POST /depotHead/forceCloseBatch': NO_FORCE_CLOSE,
  'POST /depotHead/forceClosePurchaseBatch': NO_FORCE_CLOSE,
  // api/index.js's SendSms (no screen sends it): no text messages here
  'POST /account/sms': '本系统不发送短信',
  'GET /account/sms': '本系统不发送短信',
  // IndexChart.vue's 试用到期 reminder, sent by the client itself: messages here come from the platform and the
  // documents, never from a client (our message types are numbers; its text type has no counterpart)
  // VendorList.vue / CustomerList.vue / MemberList.vue 导入 (jshERP's own Excel template, multipart): the dialect
  // does not carry uploads; our 往来单位 screen's 导入 (/supplier/importExcel, our template) is the feature
  'POST /supplier/importVendor': NO_JSH_IMPORT,
  'POST /supplier/importCustomer': NO_JSH_IMPORT,
  'POST /supplier/importMember': NO_JSH_IMPORT,
  // PlatformConfigList.vue's 删除 (by jshERP's row id): our platform settings are keys, each known one with a default
  'DELETE /platformConfig/delete': NO_PLATFORM_DELETE,
  'DELETE /platformConfig/deleteBatch': NO_PLATFORM_DELETE,
  // MaterialPropertyList.vue's 删除: our material field aliases are made with the company, renamed or switched off, never deleted
  'DELETE /materialProperty/delete': NO_PROPERTY_DELETE,
  'DELETE /materialProperty/deleteBatch': NO_PROPERTY_DELETE,
  // JUpload.vue / JImageUpload.vue (附件, 图片) and ImportItemModal.vue (明细导入, jshERP's own template): multipart
  // files; the dialect reads JSON and query text only (uploads go through our own screens and routes)
  'POST /systemConfig/upload': NO_UPLOADS,
  'POST /depotItem/importItemExcel': NO_UPLOADS,
  // api.js's batAddSerialNumber (no screen of 3.5 calls it): our serial numbers enter stock with the inbound
  // document's line that brings the goods in (stock/serials.ts), never without one
  'POST /serialNumber/batAddSerialNumber': '本系统的序列号随入库单据的明细录入，不能脱离单据批量生成',
  'POST /msg/add': '本系统的消息由平台和业务单据产生，客户端不能自行新增消息',
  // BatchWaitBillList.vue's 批量新增 (OtherInList.vue / OtherOutList.vue 待入库/待出库, shown only with 出入库管理 on):
  // jshERP then confirms purchase inbounds and sale outbounds by linked 其它入库/出库 documents; here a purchase inbound
  // or sale outbound moves stock itself (inOutManageFlag '0'), so a linked other document would count it twice
  'POST /depotHead/batchAddDepotHeadAndDetail': '本系统未启用出入库管理：采购入库、销售出库等单据审核时即已出入库，不需要批量生成其它入库/其它出库单',
};

/** jshERP paths carrying a parameter in the path, as the keys of REROUTES and NOT_OFFERED name them. */
const PATH_PARAMS: Array<{ re: RegExp; key: string; param: string }> = [
  { re: /^\/plugin\/(start|stop|uninstall)\/([^/]{1,100})$/, key: '/plugin/$1/:pluginId', param: 'pluginId' },
  { re: /^\/dict\/(data\/type)\/([^/]{1,100})$/, key: '/dict/$1/:dictType', param: 'dictType' },
];

const decoded = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The key a call is looked up under, and the path parameters it carried. */
export function rerouteKey(method: string, path: string): { key: string; params: Record<string, string> } {
  for (const p of PATH_PARAMS) {
    const m = p.re.exec(path);
    if (m) return { key: `${method} ${path.replace(p.re, p.key)}`, params: { [p.param]: decoded(m[2]) } };
  }
  return { key: `${method} ${path}`, params: {} };
}

/** jshERP's refusal for a call whose feature we do not have; undefined for any other call. */
export function notOffered(method: string, path: string): { code: number; data: { message: string } } | undefined {
  const reason = NOT_OFFERED[rerouteKey(method, path).key];
  return reason ? { code: 500, data: { message: reason } } : undefined;
}

/** The calls answered this way, for the docs and the tests. */
export const NOT_OFFERED_CALLS = Object.keys(NOT_OFFERED);

/**
 * jshERP calls whose feature our product does not have, answered in jshERP's own refusal shape (HTTP 200,
 * {code: 500, data: {message}}, what its controllers send for ErpInfo.ERROR) instead of 接口不存在, with the
 * reason its client shows as the warning. docs/jsherp.md lists them.
 */
const RECOMPUTED = '无需修正：本系统的库存、成本、欠款和预付款由台账和凭证实时计算，没有需要重算的缓存';
const NO_JARS = '本系统的插件是内置模块，不能上传、卸载或删除；在插件管理中启用或停用';

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
};

/** jshERP paths carrying a parameter in the path, as the keys of REROUTES and NOT_OFFERED name them. */
const PATH_PARAMS: Array<{ re: RegExp; key: string; param: string }> = [
  { re: /^\/plugin\/(start|stop|uninstall)\/([^/]{1,100})$/, key: '/plugin/$1/:pluginId', param: 'pluginId' },
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

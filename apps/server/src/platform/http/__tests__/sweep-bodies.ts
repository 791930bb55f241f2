/**
 * The required body fields of routes whose every call without them is refused before the handler runs (an export
 * needs its document type): the sweeps send these beside the field under test, so the hostile value or the other
 * company's id reaches the handler's query instead of stopping at the missing type.
 */
const BASE_BODY: Record<string, object> = {
  '/accountHead/exportExcel': { type: '收款' },
  '/depotHead/exportExcel': { type: '出库', subType: '销售' },
};

/** The base body of a path of the OpenAPI document (with or without the /api prefix). */
export const baseBody = (rawPath: string): object => BASE_BODY[rawPath.replace(/^\/api(?=\/)/, '')] ?? {};

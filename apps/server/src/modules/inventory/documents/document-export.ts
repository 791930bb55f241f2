import type { FastifyReply } from 'fastify';
import { DOC_STATUS_VIEW, type DocStatus } from '@erp/entities/document-status';
import { checkAccess } from '../../../platform/auth/access.ts';
import type { Session } from '../../../platform/auth/session.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { EXPORT_EMPTY, sendSheet } from '../../../platform/crud/export.ts';
import { docType, listDocuments, type ListFilter } from './document.queries.ts';

const MAX_ROWS = 50000;

/** The sheet's columns: the list's columns in the list's order (money cells empty where prices are masked). */
const COLUMNS: Array<[key: string, header: string, width: number]> = [
  ['number', '单据编号', 22],
  ['operTime', '单据日期', 20],
  ['organName', '往来单位', 20],
  ['materialsList', '商品信息', 30],
  ['totalNumber', '数量', 10],
  ['totalPrice', '金额合计', 12],
  ['discountLastMoney', '优惠后金额', 12],
  ['changeAmount', '本次付款', 12],
  ['debt', '欠款', 12],
  ['status', '状态', 10],
  ['creatorName', '操作员', 12],
  ['linkNumber', '关联单据', 20],
  ['remark', '备注', 24],
];

/**
 * POST /depotHead/exportExcel (issue 24): the list of one document type as a spreadsheet — the list's filters, or
 * only the selected ids — named 《type》MMddhhmmss.xls like every export (SPEC §7.3). Needs the type's menu and
 * its import/export button (3).
 */
export async function exportDocuments(
  tx: Tx,
  s: Session,
  f: Omit<ListFilter, 'currentPage' | 'pageSize'> & { type: string; subType: string },
  reply: FastifyReply,
) {
  const t = docType(f.type, f.subType);
  checkAccess(s, { menu: t.menu, btn: '3' });
  const { rows } = await listDocuments(tx, s, t, { ...f, currentPage: 1, pageSize: MAX_ROWS });
  if (!rows.length) throw new BusinessError(EXPORT_EMPTY);
  const cells = rows.map((r) => ({ ...r, status: DOC_STATUS_VIEW[r.status as DocStatus]?.label.zh ?? r.status }));
  return sendSheet(
    reply,
    t.label.zh,
    COLUMNS.map(([key, header, width]) => ({ key, header, width })),
    cells,
  );
}

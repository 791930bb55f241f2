import type { FastifyReply } from 'fastify';
import { finDocTypeOf, type FinDocType } from '@erp/entities';
import { DOC_STATUS_VIEW, type DocStatus } from '@erp/entities/document-status';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { checkAccess } from '../../../platform/auth/access.ts';
import { BusinessError, badRequest } from '../../../platform/errors.ts';
import { EXPORT_EMPTY, sendSheet, type SheetColumn } from '../../../platform/crud/export.ts';
import { listFinDocuments, type FinListFilter } from './finance-doc.queries.ts';

const MAX_ROWS = 50000;

/** The sheet's columns: the list screen's columns of the type, in its order (finance-list-page.tsx). */
export function finExportColumns(t: FinDocType): SheetColumn[] {
  const c = (key: string, header: string, width: number) => ({ key, header, width });
  const received = t.type === '收款' ? '实收金额' : t.type === '付款' ? '实付金额' : '金额';
  return [
    c('billNo', '单据编号', 22),
    c('billTime', '单据日期', 20),
    ...(t.partner ? [c('organName', '往来单位', 20)] : []),
    ...(t.lines !== 'account' || t.type === '转账' ? [c('accountName', t.type === '转账' ? '转出账户' : '结算账户', 16)] : []),
    c('handsPersonName', '经手人', 12),
    c('totalPrice', '合计金额', 14),
    ...(t.lines === 'bill' ? [c('discountMoney', '优惠金额', 12), c('changeAmount', received, 14)] : []),
    c('creatorName', '操作员', 12),
    c('status', '状态', 10),
    c('remark', '备注', 24),
  ];
}

/**
 * POST /accountHead/exportExcel (issue 24): one finance document type's list as a spreadsheet — the list's
 * filters, or only the selected ids — with the list's 合计 row, named 《type》MMddhhmmss.xls (SPEC §7.3).
 * Needs the type's menu and its import/export button (3); the rows are the list's own (tenant, own-data scope).
 */
export async function exportFinDocuments(tx: Tx, s: Session, f: Omit<FinListFilter, 'currentPage' | 'pageSize'>, reply: FastifyReply) {
  const t = finDocTypeOf(f.type);
  if (!t) throw badRequest('未知的单据类型');
  checkAccess(s, { menu: t.menu, btn: '3' });
  const { rows, total, sums } = await listFinDocuments(tx, s, { ...f, currentPage: 1, pageSize: MAX_ROWS });
  if (!rows.length) throw new BusinessError(EXPORT_EMPTY);
  if (total > MAX_ROWS) throw new BusinessError(`导出不能超过${MAX_ROWS}行，请缩小查询范围`);
  const cells = (rows as Array<Record<string, unknown>>).map((r) => ({ ...r, status: DOC_STATUS_VIEW[r.status as DocStatus]?.label.zh ?? r.status }));
  return sendSheet(reply, t.label.zh, finExportColumns(t), cells, sums);
}

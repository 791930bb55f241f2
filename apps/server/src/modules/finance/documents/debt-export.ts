import type { FastifyReply } from 'fastify';
import { Decimal } from 'decimal.js';
import { finDocTypeOf } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { checkAccess } from '../../../platform/auth/access.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { EXPORT_EMPTY, sendSheet } from '../../../platform/crud/export.ts';
import { openBills } from './finance-doc.queries.ts';

export interface DebtExportFilter {
  organId: number;
  type: '收款' | '付款';
  number?: string;
  materialParam?: string;
}

const COLUMNS = [
  { key: 'billNumber', header: '单据编号', width: 24 },
  { key: 'organName', header: '往来单位', width: 20 },
  { key: 'materialsList', header: '商品信息', width: 40 },
  { key: 'operTime', header: '单据日期', width: 20 },
  { key: 'creatorName', header: '操作员' },
  { key: 'needDebt', header: '本单欠款' },
  { key: 'finishDebt', header: '已收欠款' },
  { key: 'billDebt', header: '待收欠款' },
];

/**
 * GET /accountHead/exportDebtBills (jshERP's 欠款详情 导出, /depotHead/debtExport): a partner's documents with
 * arrears still open — the receipt (payment) picker's rows, narrowed by number and material text — as a
 * spreadsheet with the 合计 row. Needs the receipt (payment) menu and its import/export button (3).
 */
export async function exportDebtBills(tx: Tx, s: Session, f: DebtExportFilter, reply: FastifyReply) {
  checkAccess(s, { menu: finDocTypeOf(f.type)!.menu, btn: '3' });
  const number = f.number?.toLowerCase();
  const material = f.materialParam?.toLowerCase();
  const rows = ((await openBills(tx, s, f.organId, f.type)) as Array<Record<string, unknown>>)
    .filter((r) => !number || String(r.billNumber).toLowerCase().includes(number))
    .filter(
      (r) =>
        !material ||
        String(r.materialsList ?? '')
          .toLowerCase()
          .includes(material),
    )
    .map((r): Record<string, unknown> => ({ ...r, finishDebt: new Decimal(String(r.needDebt)).minus(String(r.billDebt)).toNumber() }));
  if (!rows.length) throw new BusinessError(EXPORT_EMPTY);
  const sum = (k: string) => rows.reduce((a, r) => a.plus(String(r[k])), new Decimal(0)).toNumber();
  return sendSheet(reply, '欠款详情', COLUMNS, rows, { needDebt: sum('needDebt'), finishDebt: sum('finishDebt'), billDebt: sum('billDebt') });
}

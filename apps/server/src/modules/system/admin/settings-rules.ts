import { column } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { BusinessError } from '../../../platform/errors.ts';

/** Rules of the administration settings (barcode and serial rules, custom fields, …) the kit cannot say; used by their controllers. */
export const SETTINGS_MSG = {
  numberTooLong: '下一编号的位数超过了编号长度',
  codeTaken: '编码已存在',
  selectNeedsOptions: '下拉选择类型的字段须填写选项',
  recipientMissing: '接收人中有不存在的用户',
  periodClosedDelete: '已结账的账期不能删除',
  periodClosedChange: '已结账的账期不能修改，请先反结账',
  dictTypeMissing: '字典类型不存在',
} as const;

/** The row as it will be after an update: the stored values of `fields` overlaid with the change. */
export async function merged(tx: Tx, s: Session, table: string, fields: string[], row: Record<string, unknown>, id: number | undefined) {
  const stored =
    id === undefined
      ? undefined
      : await tx.one<Record<string, unknown>>(
          `select ${fields.map((k) => `${column(k)} as "${k}"`).join(', ')} from ${table} where tenant_id = $1 and id = $2`,
          [s.tenantId, id],
        );
  const out: Record<string, unknown> = { ...stored };
  for (const k of fields) if (row[k] !== undefined) out[k] = row[k];
  return { stored, now: out };
}

export async function codeFree(tx: Tx, s: Session, table: string, code: unknown, id: number | undefined) {
  if (typeof code !== 'string') return;
  const taken = await tx.one(`select 1 from ${table} where tenant_id = $1 and code = $2 and id <> $3`, [s.tenantId, code, id ?? 0]);
  if (taken) throw new BusinessError(SETTINGS_MSG.codeTaken);
}

/** A numbering rule's next number must fit in its number length. */
export function numberFits(table: string) {
  return async ({ tx, session }: { tx: Tx; session: Session }, row: Record<string, unknown>, id: number | undefined) => {
    const { now } = await merged(tx, session, table, ['numberLength', 'nextNumber'], row, id);
    if (typeof now.nextNumber === 'number' && typeof now.numberLength === 'number' && String(now.nextNumber).length > now.numberLength) {
      throw new BusinessError(SETTINGS_MSG.numberTooLong);
    }
  };
}

import { column } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { registerHook } from '../../../platform/crud/hooks.ts';
import { BusinessError, badRequest } from '../../../platform/errors.ts';

/** Rules of the administration settings (barcode and serial rules, custom fields, …) the kit cannot say. */
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
async function merged(tx: Tx, s: Session, table: string, fields: string[], row: Record<string, unknown>, id: number | undefined) {
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

async function codeFree(tx: Tx, s: Session, table: string, code: unknown, id: number | undefined) {
  if (typeof code !== 'string') return;
  const taken = await tx.one(`select 1 from ${table} where tenant_id = $1 and code = $2 and id <> $3`, [s.tenantId, code, id ?? 0]);
  if (taken) throw new BusinessError(SETTINGS_MSG.codeTaken);
}

/** A numbering rule's next number must fit in its number length. */
function numberFits(table: string) {
  return async ({ tx, session }: { tx: Tx; session: Session }, row: Record<string, unknown>, id: number | undefined) => {
    const { now } = await merged(tx, session, table, ['numberLength', 'nextNumber'], row, id);
    if (typeof now.nextNumber === 'number' && typeof now.numberLength === 'number' && String(now.nextNumber).length > now.numberLength) {
      throw new BusinessError(SETTINGS_MSG.numberTooLong);
    }
  };
}

registerHook('barcodeRule.beforeSave', numberFits('barcode_rule'));

registerHook('serialRule.beforeSave', async (c, row, id) => {
  await codeFree(c.tx, c.session, 'serial_rule', row.code, id);
  await numberFits('serial_rule')(c, row, id);
});

registerHook('documentType.beforeSave', async ({ tx, session }, row, id) => codeFree(tx, session, 'document_type', row.code, id));

registerHook('customField.beforeSave', async ({ tx, session }, row, id) => {
  const { now } = await merged(tx, session, 'custom_field', ['fieldType', 'options'], row, id);
  if (now.fieldType === 'select' && !(typeof now.options === 'string' && now.options.trim())) throw new BusinessError(SETTINGS_MSG.selectNeedsOptions);
});

registerHook('reminderSetting.beforeSave', async ({ tx, session }, row) => {
  if (typeof row.recipients !== 'string' || row.recipients === '') return;
  const ids = [...new Set(row.recipients.split(',').map(Number))];
  const found = await tx.query('select id from sys_user where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', [session.tenantId, ids]);
  if (found.length !== ids.length) throw new BusinessError(SETTINGS_MSG.recipientMissing);
  row.recipients = ids.join(',');
});

/** Closing a period stamps the time; reopening clears it. A closed period changes only by reopening. */
registerHook('accountPeriod.beforeSave', async ({ tx, session }, row, id) => {
  const { stored } = await merged(tx, session, 'account_period', ['closed'], row, id);
  const wasClosed = stored?.closed === true;
  if (wasClosed && row.closed !== false && Object.entries(row).some(([k, v]) => v !== undefined && k !== 'closed')) {
    throw new BusinessError(SETTINGS_MSG.periodClosedChange);
  }
  if (row.closed === true && !wasClosed) row.closedTime = new Date().toISOString();
  if (row.closed === false) row.closedTime = null;
});

registerHook('accountPeriod.beforeDelete', async ({ tx, session }, ids) => {
  const closed = await tx.one('select 1 from account_period where tenant_id = $1 and id = any($2::bigint[]) and closed', [session.tenantId, ids]);
  if (closed) throw new BusinessError(SETTINGS_MSG.periodClosedDelete);
});

/** Dictionary types are global (dict_type); a company's items must name one. */
registerHook('dictData.beforeSave', async ({ tx }, row) => {
  if (row.sort === null) row.sort = 0;
  if (typeof row.dictType !== 'string') return;
  const ok = await tx.one('select 1 from dict_type where type = $1', [row.dictType]);
  if (!ok) throw badRequest(`参数错误 dictType: ${SETTINGS_MSG.dictTypeMissing}`);
});

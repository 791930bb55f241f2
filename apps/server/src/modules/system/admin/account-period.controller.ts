import { defineController } from '../../../platform/crud/controller.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { merged, SETTINGS_MSG } from './settings-rules.ts';

/** Closing a period stamps the time; reopening clears it. A closed period changes only by reopening and is never deleted. */
export const accountPeriodController = defineController({
  entity: 'accountPeriod',
  beforeSave: async ({ tx, session }, row, id) => {
    const { stored } = await merged(tx, session, 'account_period', ['closed'], row, id);
    const wasClosed = stored?.closed === true;
    if (wasClosed && row.closed !== false && Object.entries(row).some(([k, v]) => v !== undefined && k !== 'closed')) {
      throw new BusinessError(SETTINGS_MSG.periodClosedChange);
    }
    if (row.closed === true && !wasClosed) row.closedTime = new Date().toISOString();
    if (row.closed === false) row.closedTime = null;
  },
  beforeDelete: async ({ tx, session }, ids) => {
    const closed = await tx.one('select 1 from account_period where tenant_id = $1 and id = any($2::bigint[]) and closed', [session.tenantId, ids]);
    if (closed) throw new BusinessError(SETTINGS_MSG.periodClosedDelete);
  },
});

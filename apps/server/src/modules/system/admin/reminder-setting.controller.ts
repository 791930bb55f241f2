import { defineController } from '../../../platform/crud/controller.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { SETTINGS_MSG } from './settings-rules.ts';

/** Recipients must be live users of the company; stored without repeats. */
export const reminderSettingController = defineController({
  entity: 'reminderSetting',
  beforeSave: async ({ tx, session }, row) => {
    if (typeof row.recipients !== 'string' || row.recipients === '') return;
    const ids = [...new Set(row.recipients.split(',').map(Number))];
    const found = await tx.query('select id from sys_user where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', [session.tenantId, ids]);
    if (found.length !== ids.length) throw new BusinessError(SETTINGS_MSG.recipientMissing);
    row.recipients = ids.join(',');
  },
});

import { defineController } from '../../../platform/crud/controller.ts';
import { badRequest } from '../../../platform/errors.ts';
import { SETTINGS_MSG } from './settings-rules.ts';

/** Dictionary types are global (dict_type); a company's items must name one. */
export const dictDataController = defineController({
  entity: 'dictData',
  beforeSave: async ({ tx }, row) => {
    if (row.sort === null) row.sort = 0;
    if (typeof row.dictType !== 'string') return;
    const ok = await tx.one('select 1 from dict_type where type = $1', [row.dictType]);
    if (!ok) throw badRequest(`参数错误 dictType: ${SETTINGS_MSG.dictTypeMissing}`);
  },
});

import { defineController } from '../../../platform/crud/controller.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { merged, SETTINGS_MSG } from './settings-rules.ts';

/** A select field needs its options. */
export const customFieldController = defineController({
  entity: 'customField',
  beforeSave: async ({ tx, session }, row, id) => {
    const { now } = await merged(tx, session, 'custom_field', ['fieldType', 'options'], row, id);
    if (now.fieldType === 'select' && !(typeof now.options === 'string' && now.options.trim())) throw new BusinessError(SETTINGS_MSG.selectNeedsOptions);
  },
});

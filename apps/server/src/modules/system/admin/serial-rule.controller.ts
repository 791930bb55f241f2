import { defineController } from '../../../platform/crud/controller.ts';
import { codeFree, numberFits } from './settings-rules.ts';

/** A serial rule's code is unique and its next number fits in its length. */
export const serialRuleController = defineController({
  entity: 'serialRule',
  beforeSave: async (c, row, id) => {
    await codeFree(c.tx, c.session, 'serial_rule', row.code, id);
    await numberFits('serial_rule')(c, row, id);
  },
});

import { defineController } from '../../../platform/crud/controller.ts';
import { codeFree } from './settings-rules.ts';

/** A document type's code is unique in the company. */
export const documentTypeController = defineController({
  entity: 'documentType',
  beforeSave: async ({ tx, session }, row, id) => codeFree(tx, session, 'document_type', row.code, id),
});

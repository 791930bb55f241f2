import { DOC_TYPE_BY_KEY } from '@erp/entities';
import { defineController } from '../../platform/crud/controller.ts';
import { parseTemplate, renderTemplate } from './template-engine.ts';
import { sampleDocument } from './print.service.ts';

/** A template is saved only when it parses and renders (with sample figures); one default per document type. */
export const printTemplateController = defineController({
  entity: 'printTemplate',
  async beforeSave({ tx, session }, row, id) {
    if (typeof row.html === 'string') {
      const t = DOC_TYPE_BY_KEY[row.docKey as string];
      await renderTemplate(parseTemplate(row.html), { ...sampleDocument(t), company: {}, printedAt: '' });
    }
    if (row.isDefault === true) {
      await tx.query('update print_template set is_default = false where tenant_id = $1 and doc_key = $2 and is_default and id <> $3', [
        session.tenantId,
        row.docKey,
        id ?? 0,
      ]);
    }
  },
});

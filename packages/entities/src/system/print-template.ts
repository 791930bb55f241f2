import { defineEntity, f } from '../kit/definition.ts';
import { DOC_TYPES } from '../inventory/document-types.ts';

/** The longest template the editor takes (a page of HTML with its styles fits many times over). */
export const PRINT_TEMPLATE_MAX = 100_000;

/**
 * A print template (打印模板, SPEC §2.2 and issue 24 item 4): HTML with Liquid fields and line loops for one
 * document type, rendered to PDF on the server. The enabled default of a type prints its documents; a type
 * without one prints with the built-in layout.
 */
export const printTemplate = defineEntity({
  name: 'printTemplate',
  table: 'print_template',
  area: 'system',
  kind: 'master',
  label: { zh: '打印模板', en: 'Print template' },
  menu: '/system/print_template',
  nameField: 'name',
  nameScope: ['docKey'],
  nameExistsMessage: '模板名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('模板名称', 'Template name', { required: true, max: 50, search: 'like', sort: true }),
    docKey: f.enum('单据类型', 'Document type', {
      required: true,
      search: 'eq',
      sort: true,
      options: DOC_TYPES.map((t) => ({ value: t.key, label: t.label })),
    }),
    isDefault: f.bool('默认', 'Default', {}),
    paper: f.enum('纸张', 'Paper', {
      required: true,
      options: [
        { value: 'A4', label: { zh: 'A4 纵向', en: 'A4 portrait' } },
        { value: 'A4L', label: { zh: 'A4 横向', en: 'A4 landscape' } },
        { value: 'A5L', label: { zh: 'A5 横向', en: 'A5 landscape' } },
      ],
    }),
    html: f.text('模板内容', 'Template', { required: true, max: PRINT_TEMPLATE_MAX, multiline: true, list: false }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

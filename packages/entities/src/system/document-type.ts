import { defineEntity, f } from '../kit/definition.ts';

/** 单据类型: the inventory document types a company distinguishes, by stock direction. */
export const documentType = defineEntity({
  name: 'documentType',
  table: 'document_type',
  area: 'system',
  kind: 'setting',
  label: { zh: '单据类型', en: 'Document type' },
  menu: '/system/document_type',
  nameField: 'name',
  status: true,
  fields: {
    name: f.text('类型名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('类型编码', 'Code', {
      required: true,
      max: 30,
      unique: true,
      search: 'like',
      sort: true,
      pattern: { regex: '^[A-Za-z0-9_-]+$', message: '编码只能包含字母、数字、_ 和 -' },
    }),
    direction: f.enum('方向', 'Direction', {
      required: true,
      search: 'eq',
      options: [
        { value: '入库', label: { zh: '入库', en: 'Inbound' } },
        { value: '出库', label: { zh: '出库', en: 'Outbound' } },
        { value: '其它', label: { zh: '其它', en: 'Other' } },
      ],
    }),
    remark: f.text('备注', 'Remark', { max: 500, search: 'like' }),
  },
});

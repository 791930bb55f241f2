import { defineEntity, f } from '../kit/definition.ts';

/** A customer tag (标签设置, SPEC §2.2 label customisation): the names offered for a customer's tags, with a colour. */
export const crmLabel = defineEntity({
  name: 'crmLabel',
  table: 'crm_label',
  area: 'crm',
  kind: 'master',
  label: { zh: '客户标签', en: 'Customer tag' },
  menu: '/crm/label',
  nameField: 'name',
  nameExistsMessage: '标签名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('标签名称', 'Tag name', { required: true, max: 30, search: 'like', sort: true }),
    color: f.text('颜色', 'Colour', { max: 7, pattern: { regex: '^#[0-9a-fA-F]{6}$', message: '颜色格式应为 #RRGGBB' } }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});

import { defineEntity, f, PHONE } from '../kit/definition.ts';

/** A contact person of a customer or supplier (联系人, SPEC §2.2 System); a partner may have several. */
export const contact = defineEntity({
  name: 'contact',
  table: 'contact',
  area: 'system',
  kind: 'master',
  label: { zh: '联系人', en: 'Contact' },
  menu: '/system/contact',
  nameField: 'name',
  nameScope: ['supplierId'],
  nameExistsMessage: '该往来单位已有同名联系人',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('姓名', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    supplierId: f.link('往来单位', 'Partner', { entity: 'supplier', display: 'name', required: true, search: 'eq' }),
    phone: f.text('手机', 'Mobile', { max: 11, pattern: PHONE, search: 'like' }),
    telephone: f.text('电话', 'Telephone', { max: 30 }),
    email: f.text('邮箱', 'Email', {
      max: 100,
      pattern: { regex: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', message: '请输入正确的邮箱地址' },
    }),
    position: f.text('职务', 'Job title', { max: 50 }),
    isPrimary: f.bool('首要联系人', 'Primary', {}),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true }),
  },
});

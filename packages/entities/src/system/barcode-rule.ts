import { defineEntity, f } from '../kit/definition.ts';

/** 条码规则: how new barcodes are numbered: prefix + a zero-padded number of fixed length. */
export const barcodeRule = defineEntity({
  name: 'barcodeRule',
  table: 'barcode_rule',
  area: 'system',
  kind: 'setting',
  label: { zh: '条码规则', en: 'Barcode rule' },
  menu: '/system/barcode_rule',
  nameField: 'name',
  status: true,
  fields: {
    name: f.text('规则名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    prefix: f.text('前缀', 'Prefix', { max: 20, search: 'like', pattern: { regex: '^[A-Za-z0-9]*$', message: '前缀只能包含字母和数字' } }),
    numberLength: f.number('编号长度', 'Number length', { required: true, int: true, min: 1, max: 18 }),
    nextNumber: f.number('下一编号', 'Next number', { required: true, int: true, min: 0, max: 999_999_999 }),
    categoryId: f.link('商品类别', 'Material category', { entity: 'materialCategory', display: 'name', search: 'eq' }),
    remark: f.text('备注', 'Remark', { max: 500 }),
  },
});

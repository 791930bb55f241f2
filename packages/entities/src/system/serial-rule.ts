import { defineEntity, f } from '../kit/definition.ts';

/** 编号规则: an identification-number series: prefix, optional date part, zero-padded number. */
export const serialRule = defineEntity({
  name: 'serialRule',
  table: 'serial_rule',
  area: 'system',
  kind: 'setting',
  label: { zh: '编号规则', en: 'Identification number' },
  menu: '/system/serial_rule',
  nameField: 'name',
  status: true,
  fields: {
    name: f.text('规则名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('规则编码', 'Code', {
      required: true,
      max: 30,
      unique: true,
      search: 'like',
      sort: true,
      pattern: { regex: '^[A-Za-z0-9_-]+$', message: '编码只能包含字母、数字、_ 和 -' },
    }),
    prefix: f.text('前缀', 'Prefix', { max: 20, pattern: { regex: '^[A-Za-z0-9-]*$', message: '前缀只能包含字母、数字和 -' } }),
    dateFormat: f.enum('日期格式', 'Date format', {
      required: true,
      options: [
        { value: 'none', label: { zh: '无', en: 'None' } },
        { value: 'yyyyMMdd', label: { zh: '年月日', en: 'yyyyMMdd' } },
        { value: 'yyyyMM', label: { zh: '年月', en: 'yyyyMM' } },
      ],
    }),
    numberLength: f.number('流水号长度', 'Number length', { required: true, int: true, min: 1, max: 18 }),
    nextNumber: f.number('下一流水号', 'Next number', { required: true, int: true, min: 0, max: 999_999_999 }),
    remark: f.text('备注', 'Remark', { max: 500 }),
  },
});

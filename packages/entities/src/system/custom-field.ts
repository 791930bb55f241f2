import { defineEntity, f } from '../kit/definition.ts';
import { account } from '../master/account.ts';
import { depot } from '../master/depot.ts';
import { inOutItem } from '../master/in-out-item.ts';
import { person } from '../master/person.ts';
import { supplier } from '../master/supplier.ts';
import { colorLibrary } from '../master/color-library.ts';
import { material } from '../master/material.ts';
import { materialAttribute } from '../master/material-attribute.ts';
import { materialCategory } from '../master/material-category.ts';
import { unit } from '../master/unit.ts';
import { organization } from './organization.ts';
import { role } from './role.ts';

/**
 * The master entities a custom field may extend. Listed here rather than read from the registry,
 * which imports this file (a cycle); the custom-field test checks it against the registry.
 */
export const CUSTOMIZABLE = [person, depot, account, inOutItem, supplier, materialCategory, unit, materialAttribute, colorLibrary, material, organization, role];

/** 自定义字段: an extra input a company adds to a master entity's form. */
export const customField = defineEntity({
  name: 'customField',
  table: 'custom_field',
  area: 'system',
  kind: 'setting',
  label: { zh: '自定义字段', en: 'Custom field' },
  menu: '/system/custom_field',
  nameField: 'label',
  nameScope: ['entity'],
  nameExistsMessage: '该资料已有同名字段',
  status: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    entity: f.enum('所属资料', 'Entity', {
      required: true,
      search: 'eq',
      options: CUSTOMIZABLE.map((e) => ({ value: e.name, label: e.label })),
    }),
    label: f.text('字段名称', 'Field label', { required: true, max: 50, search: 'like', sort: true }),
    fieldType: f.enum('字段类型', 'Field type', {
      required: true,
      search: 'eq',
      options: [
        { value: 'text', label: { zh: '文本', en: 'Text' } },
        { value: 'number', label: { zh: '数字', en: 'Number' } },
        { value: 'date', label: { zh: '日期', en: 'Date' } },
        { value: 'select', label: { zh: '下拉选择', en: 'Select' } },
      ],
    }),
    options: f.text('选项', 'Options', { max: 1000, multiline: true }),
    required: f.bool('必填', 'Required'),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});

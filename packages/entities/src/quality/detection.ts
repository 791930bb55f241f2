import { defineEntity, f } from '../kit/definition.ts';
import { AQL_LEVELS, AQL_VALUES } from './aql.ts';

const VALUE_KINDS = [
  { value: 'numeric', label: { zh: '数值(上下限)', en: 'Numeric (limits)' } },
  { value: 'passFail', label: { zh: '合格/不合格', en: 'Pass / fail' } },
  { value: 'choice', label: { zh: '选项', en: 'Choice list' } },
];

/** A detection item (检测项目): one characteristic, how it is measured, and what counts as good. */
export const detectionItem = defineEntity({
  name: 'detectionItem',
  table: 'quality_detection_item',
  area: 'quality',
  kind: 'master',
  label: { zh: '检测项目', en: 'Detection item' },
  menu: '/quality/detection_item',
  nameField: 'name',
  nameExistsMessage: '检测项目名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('项目名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('编码', 'Code', { max: 30, search: 'like', unique: true }),
    characteristic: f.text('特性', 'Characteristic', { max: 100 }),
    method: f.text('检测方法', 'Method', { max: 100 }),
    unit: f.text('单位', 'Unit', { max: 20 }),
    valueKind: f.enum('结果类型', 'Value kind', { required: true, search: 'eq', options: VALUE_KINDS }),
    lowerLimit: f.number('下限', 'Lower limit'),
    upperLimit: f.number('上限', 'Upper limit'),
    choices: f.text('可选值(逗号分隔)', 'Choices (comma separated)', { max: 500 }),
    passChoices: f.text('合格值(逗号分隔)', 'Passing choices (comma separated)', { max: 500 }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

/** One item of a template, with limits that override the item's own for this template. */
export const detectionTemplateItem = defineEntity({
  name: 'detectionTemplateItem',
  table: 'quality_detection_template_item',
  area: 'quality',
  kind: 'line',
  label: { zh: '模板检测项目', en: 'Template item' },
  menu: '/quality/detection_template',
  nameField: 'itemId',
  nameScope: ['templateId'],
  nameExistsMessage: '检测项目重复',
  fields: {
    templateId: f.link('检测模板', 'Template', { entity: 'detectionTemplate', required: true }),
    itemId: f.link('检测项目', 'Detection item', { entity: 'detectionItem', required: true }),
    lowerLimit: f.number('下限', 'Lower limit'),
    upperLimit: f.number('上限', 'Upper limit'),
  },
});

/** A detection template (检测模板): the items checked for a material or a category, and how many samples. */
export const detectionTemplate = defineEntity({
  name: 'detectionTemplate',
  table: 'quality_detection_template',
  area: 'quality',
  kind: 'master',
  label: { zh: '检测模板', en: 'Detection template' },
  menu: '/quality/detection_template',
  nameField: 'name',
  nameExistsMessage: '检测模板名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('模板名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    stage: f.enum('检验类别', 'Stage', {
      required: true,
      search: 'eq',
      options: [
        { value: 'incoming', label: { zh: '来料检验', en: 'Incoming' } },
        { value: 'outgoing', label: { zh: '出货检验', en: 'Outgoing' } },
        { value: 'inProcess', label: { zh: '制程检验', en: 'In-process' } },
      ],
    }),
    materialId: f.link('商品', 'Material', { entity: 'material', search: 'eq' }),
    categoryId: f.link('商品类别', 'Category', { entity: 'materialCategory', search: 'eq' }),
    qualityTypeId: f.link('质检类型', 'Quality type', { entity: 'qualityType' }),
    sampling: f.enum('抽样方式', 'Sampling', {
      required: true,
      options: [
        { value: 'fixed', label: { zh: '固定数量', en: 'Fixed count' } },
        { value: 'percent', label: { zh: '按比例', en: 'Percentage' } },
        { value: 'aql', label: { zh: 'AQL (GB/T 2828.1)', en: 'AQL (ISO 2859-1)' } },
      ],
    }),
    sampleValue: f.quantity('抽样数/比例%', 'Count / percent', { min: 0 }),
    aqlLevel: f.enum('检验水平', 'Inspection level', { options: AQL_LEVELS.map((l) => ({ value: l, label: { zh: l, en: l } })) }),
    aql: f.enum('AQL', 'AQL', { options: AQL_VALUES.map((v) => ({ value: v, label: { zh: v, en: v } })) }),
    remark: f.text('备注', 'Remark', { max: 200 }),
    items: f.lines('检测项目', 'Items', { of: detectionTemplateItem, foreignKey: 'templateId', maxLines: 200 }),
  },
});

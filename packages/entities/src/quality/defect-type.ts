import { defineEntity, f } from '../kit/definition.ts';

/** A kind of defect (不良类型, SPEC §2 quality): inspections record what they found by these. */
export const defectType = defineEntity({
  name: 'defectType',
  table: 'defect_type',
  area: 'quality',
  kind: 'master',
  label: { zh: '不良类型', en: 'Defect type' },
  menu: '/quality/defect_type',
  nameField: 'name',
  nameExistsMessage: '不良类型名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('编码', 'Code', { max: 30, search: 'like', unique: true }),
    severity: f.enum('严重程度', 'Severity', {
      search: 'eq',
      options: [
        { value: 'minor', label: { zh: '轻微', en: 'Minor' } },
        { value: 'major', label: { zh: '严重', en: 'Major' } },
        { value: 'critical', label: { zh: '致命', en: 'Critical' } },
      ],
    }),
    description: f.text('描述', 'Description', { max: 500, multiline: true }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});

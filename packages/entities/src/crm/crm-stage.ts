import { defineEntity, f } from '../kit/definition.ts';

/** An opportunity stage (商机阶段): the board's columns in `sort` order, each with its win probability in percent. */
export const crmStage = defineEntity({
  name: 'crmStage',
  table: 'crm_stage',
  area: 'crm',
  kind: 'master',
  label: { zh: '商机阶段', en: 'Opportunity stage' },
  menu: '/crm/stage',
  nameField: 'name',
  nameExistsMessage: '阶段名称已存在',
  status: true,
  softDelete: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    name: f.text('阶段名称', 'Stage', { required: true, max: 30, search: 'like', sort: true }),
    probability: f.number('赢单率(%)', 'Probability (%)', { required: true, min: 0, max: 100, sort: true }),
    sort: f.number('顺序', 'Order', { required: true, int: true, min: 0, max: 999, sort: true }),
  },
});

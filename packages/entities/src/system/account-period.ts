import { defineEntity, f } from '../kit/definition.ts';

/** 账期控制: a month of the books; closing it stamps the time (hook in the system module). */
export const accountPeriod = defineEntity({
  name: 'accountPeriod',
  table: 'account_period',
  area: 'system',
  kind: 'setting',
  label: { zh: '账期', en: 'Account period' },
  menu: '/system/account_period',
  nameField: 'period',
  nameExistsMessage: '账期已存在',
  defaultSort: { field: 'period', order: 'descend' },
  fields: {
    period: f.text('账期', 'Period', {
      required: true,
      max: 7,
      search: 'like',
      sort: true,
      pattern: { regex: '^\\d{4}-(0[1-9]|1[0-2])$', message: '账期格式应为 YYYY-MM' },
    }),
    closed: f.bool('已结账', 'Closed', { search: 'eq' }),
    closedTime: f.datetime('结账时间', 'Closed at', { readOnly: true }),
    remark: f.text('备注', 'Remark', { max: 500 }),
  },
});

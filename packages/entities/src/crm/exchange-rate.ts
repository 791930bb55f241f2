import { defineEntity, f } from '../kit/definition.ts';

/**
 * A day's exchange rate (汇率): one unit of `currency` is worth `rate` of the company's currency from
 * `rateDate` on, until a later row of the same currency. Opportunities convert with the rate of their day.
 */
export const crmExchangeRate = defineEntity({
  name: 'crmExchangeRate',
  table: 'crm_exchange_rate',
  area: 'crm',
  kind: 'master',
  label: { zh: '汇率', en: 'Exchange rate' },
  menu: '/crm/exchange_rate',
  nameField: 'currency',
  nameScope: ['rateDate'],
  nameExistsMessage: '该币种当日汇率已存在',
  softDelete: true,
  defaultSort: { field: 'rateDate', order: 'descend' },
  fields: {
    currency: f.text('币种', 'Currency', {
      required: true,
      max: 3,
      pattern: { regex: '^[A-Z]{3}$', message: '币种应为三位大写字母代码，如 USD' },
      search: 'eq',
      sort: true,
    }),
    rateDate: f.date('日期', 'Date', { required: true, search: 'range', sort: true }),
    rate: f.number('汇率', 'Rate', { required: true, min: 0.000001, max: 1000000 }),
  },
});

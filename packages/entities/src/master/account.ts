import { defineEntity, f } from '../kit/definition.ts';

export const account = defineEntity({
  name: 'account',
  table: 'settlement_account',
  area: 'master',
  kind: 'master',
  label: { zh: '结算账户', en: 'Settlement account' },
  menu: '/system/account',
  nameField: 'name',
  status: true,
  softDelete: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  sums: ['initialAmount', 'currentAmount'],
  fields: {
    name: f.text('名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    serialNo: f.text('编号', 'Number', { max: 50, search: 'like', sort: true }),
    initialAmount: f.money('期初金额', 'Initial amount', { sort: true }),
    // kept by finance postings, never by a form
    currentAmount: f.money('当前余额', 'Current balance', { readOnly: true, sort: true }),
    isDefault: f.bool('默认', 'Default', { exclusive: true }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
    remark: f.text('备注', 'Remark', { max: 500 }),
  },
});

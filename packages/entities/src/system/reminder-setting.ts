import { defineEntity, f } from '../kit/definition.ts';

/** 提醒设置: who is reminded of what, and when (days ahead or a threshold). */
export const reminderSetting = defineEntity({
  name: 'reminderSetting',
  table: 'reminder_setting',
  area: 'system',
  kind: 'setting',
  label: { zh: '提醒设置', en: 'Reminder setting' },
  menu: '/system/reminder',
  nameField: 'name',
  status: true,
  fields: {
    name: f.text('提醒名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    kind: f.enum('提醒类型', 'Kind', {
      required: true,
      search: 'eq',
      options: [
        { value: 'stockWarning', label: { zh: '库存预警', en: 'Stock warning' } },
        { value: 'expiry', label: { zh: '保质期到期', en: 'Expiry' } },
        { value: 'approval', label: { zh: '待审核', en: 'Approval' } },
        { value: 'arrears', label: { zh: '欠款', en: 'Arrears' } },
      ],
    }),
    threshold: f.number('天数/阈值', 'Days or threshold', { min: 0, max: 999_999_999 }),
    recipients: f.text('接收人', 'Recipients', {
      max: 1000,
      pattern: { regex: '^(\\d{1,15}(,\\d{1,15})*)?$', message: '接收人须为逗号分隔的用户编号' },
    }),
    remark: f.text('备注', 'Remark', { max: 500 }),
  },
});

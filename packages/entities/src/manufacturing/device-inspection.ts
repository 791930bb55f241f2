import { defineEntity, f } from '../kit/definition.ts';

const opt = (pairs: Array<[string, string, string]>) => pairs.map(([value, zh, en]) => ({ value, label: { zh, en } }));

/** What is checked on every device of a type (点检项目): a measured value within a normal range, or pass/fail. */
export const deviceInspectionItem = defineEntity({
  name: 'deviceInspectionItem',
  table: 'sf_inspection_item',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '点检项目', en: 'Inspection item' },
  menu: '/device/inspection_item',
  nameField: 'name',
  nameScope: ['deviceTypeId'],
  nameExistsMessage: '该设备类型的点检项目已存在',
  fields: {
    deviceTypeId: f.link('设备类型', 'Device type', { entity: 'deviceType', required: true, search: 'eq' }),
    name: f.text('点检项目', 'Item', { required: true, max: 60, search: 'like', sort: true }),
    method: f.text('点检方法', 'Method', { max: 200 }),
    valueKind: f.enum('结果类型', 'Result kind', {
      required: true,
      search: 'eq',
      options: opt([
        ['range', '数值(正常范围)', 'Value (normal range)'],
        ['passFail', '合格/不合格', 'Pass / fail'],
      ]),
    }),
    lowerLimit: f.number('下限', 'Lower limit'),
    upperLimit: f.number('上限', 'Upper limit'),
    unit: f.text('单位', 'Unit', { max: 20 }),
  },
});

/** An inspection plan (点检计划): a device is inspected every N working days, or every N weeks moved past holidays. */
export const deviceInspectionPlan = defineEntity({
  name: 'deviceInspectionPlan',
  table: 'sf_inspection_plan',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '点检计划', en: 'Inspection plan' },
  menu: '/device/inspection_plan',
  nameField: 'name',
  nameExistsMessage: '点检计划名称已存在',
  status: true,
  fields: {
    name: f.text('计划名称', 'Plan', { required: true, max: 60, search: 'like', sort: true }),
    deviceId: f.link('设备', 'Device', { entity: 'device', required: true, search: 'eq', display: 'code' }),
    every: f.number('周期', 'Every', { required: true, int: true, min: 1, max: 365 }),
    unit: f.enum('周期单位', 'Unit', {
      required: true,
      options: opt([
        ['day', '工作日', 'Working days'],
        ['week', '周', 'Weeks'],
      ]),
    }),
    startDate: f.date('开始日期', 'Start date', { required: true, sort: true }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

/** One item's result on an inspection task. */
export const deviceInspectionResult = defineEntity({
  name: 'deviceInspectionResult',
  table: 'sf_inspection_result',
  area: 'manufacturing',
  kind: 'line',
  label: { zh: '点检结果', en: 'Inspection result' },
  menu: '/device/inspection_task',
  nameField: 'itemId',
  nameScope: ['taskId'],
  nameExistsMessage: '点检项目重复',
  fields: {
    taskId: f.link('点检任务', 'Task', { entity: 'deviceInspectionTask', required: true }),
    itemId: f.link('点检项目', 'Item', { entity: 'deviceInspectionItem', required: true }),
    value: f.number('测量值', 'Value'),
    passed: f.bool('合格', 'Passed'),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

/** An inspection task (点检任务), created by the plan's recurring job for each due date: results per item, and a status. */
export const deviceInspectionTask = defineEntity({
  name: 'deviceInspectionTask',
  table: 'sf_inspection_task',
  area: 'manufacturing',
  kind: 'document',
  label: { zh: '点检任务', en: 'Inspection task' },
  menu: '/device/inspection_task',
  nameField: 'taskNo',
  nameExistsMessage: '点检任务号已存在',
  defaultSort: { field: 'dueDate', order: 'descend' },
  fields: {
    taskNo: f.text('任务号', 'Task no.', { required: true, max: 40, search: 'like', sort: true }),
    planId: f.link('点检计划', 'Plan', { entity: 'deviceInspectionPlan', search: 'eq' }),
    deviceId: f.link('设备', 'Device', { entity: 'device', required: true, search: 'eq', display: 'code' }),
    dueDate: f.date('应检日期', 'Due date', { required: true, search: 'range', sort: true }),
    status: f.enum('状态', 'Status', {
      required: true,
      search: 'eq',
      options: opt([
        ['open', '待点检', 'Open'],
        ['normal', '正常', 'Normal'],
        ['abnormal', '异常', 'Abnormal'],
      ]),
    }),
    inspector: f.text('点检人', 'Inspector', { max: 50 }),
    inspectedAt: f.datetime('点检时间', 'Inspected at'),
    results: f.lines('点检结果', 'Results', { of: deviceInspectionResult, foreignKey: 'taskId', maxLines: 100 }),
  },
});

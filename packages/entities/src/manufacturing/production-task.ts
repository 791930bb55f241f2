import { defineEntity, f } from '../kit/definition.ts';

const opt = (pairs: Array<[string, string, string]>) => pairs.map(([value, zh, en]) => ({ value, label: { zh, en } }));

/**
 * A production task (生产任务, issue 16): one day's share of a released work order, handed to a team of its work
 * centre — what the day plan (日排产) says the team makes that day. Generated from the schedule
 * (`POST /productionTask/generate`); the team may be changed; shop floor reports name the task (`taskId`) and
 * add to its reported quantity.
 */
export const productionTask = defineEntity({
  name: 'productionTask',
  table: 'mfg_production_task',
  area: 'manufacturing',
  kind: 'document',
  label: { zh: '生产任务', en: 'Production task' },
  // its kit list is a tab of 生产任务; 日排产 reads the day plan through its own routes (their own menu check)
  menu: '/manufacture/production_task',
  nameField: 'taskNo',
  nameExistsMessage: '任务号已存在',
  defaultSort: { field: 'planDate', order: 'ascend' },
  sums: ['quantity', 'reportedQty'],
  fields: {
    taskNo: f.text('任务号', 'Task no.', { required: true, max: 50, search: 'like', sort: true }),
    planDate: f.date('计划日期', 'Plan date', { required: true, search: 'range', sort: true }),
    workOrderId: f.link('生产工单', 'Work order', { entity: 'workOrder', required: true, search: 'eq', display: 'woNo' }),
    makeOrderId: f.link('制造订单', 'Make order', { entity: 'makeOrder', search: 'eq', display: 'moNo' }),
    materialId: f.link('产品', 'Product', { entity: 'material', required: true, search: 'eq' }),
    workCentreId: f.link('工作中心', 'Work centre', { entity: 'workCentre', required: true, search: 'eq' }),
    teamId: f.link('班组', 'Team', { entity: 'team', search: 'eq' }),
    quantity: f.quantity('计划数量', 'Planned qty', { required: true, min: 0 }),
    startAt: f.datetime('开始', 'Start'),
    endAt: f.datetime('结束', 'End'),
    reportedQty: f.quantity('已报工', 'Reported', { readOnly: true }),
    status: f.enum('状态', 'Status', {
      readOnly: true,
      search: 'eq',
      options: opt([
        ['open', '待生产', 'Open'],
        ['done', '已完成', 'Done'],
      ]),
    }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

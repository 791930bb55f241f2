import { defineEntity, f } from '../kit/definition.ts';

/** A process (工序): a kind of operation, its usual work centre and times. */
export const process = defineEntity({
  name: 'process',
  table: 'mfg_process',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '工序', en: 'Process' },
  menu: '/process/process',
  nameField: 'name',
  nameExistsMessage: '工序名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('工序名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('工序编码', 'Code', { max: 30, search: 'like', unique: true }),
    workCentreId: f.link('工作中心', 'Work centre', { entity: 'workCentre', search: 'eq' }),
    postId: f.link('岗位', 'Position', { entity: 'post' }),
    setupMinutes: f.quantity('准备时间(分)', 'Setup (min)', { min: 0 }),
    runMinutes: f.quantity('单件工时(分)', 'Run per unit (min)', { min: 0 }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

/** One operation of a route, in order: where it runs and how long (setup once, run per unit), and the transfer batch to the next. */
export const routeOperation = defineEntity({
  name: 'routeOperation',
  table: 'mfg_route_operation',
  area: 'manufacturing',
  kind: 'line',
  label: { zh: '工艺路线工序', en: 'Route operation' },
  menu: '/process/route',
  nameField: 'seq',
  nameScope: ['routeId'],
  nameExistsMessage: '工序顺序号重复',
  fields: {
    routeId: f.link('工艺路线', 'Route', { entity: 'route', required: true }),
    seq: f.number('顺序', 'Seq', { required: true, int: true, min: 1, max: 9999 }),
    processId: f.link('工序', 'Process', { entity: 'process', required: true }),
    workCentreId: f.link('工作中心', 'Work centre', { entity: 'workCentre', required: true }),
    setupMinutes: f.quantity('准备时间(分)', 'Setup (min)', { required: true, min: 0 }),
    runMinutes: f.quantity('单件工时(分)', 'Run per unit (min)', { required: true, min: 0 }),
    transferBatch: f.quantity('转移批量', 'Transfer batch', { min: 0 }),
    // quality (issue 18): the operation's reported good units get an in-process inspection before the next operation takes them
    inspect: f.bool('需制程检验', 'In-process inspection'),
  },
});

/** A process route (工艺路线): the ordered operations that make a product. */
export const route = defineEntity({
  name: 'route',
  table: 'mfg_route',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '工艺路线', en: 'Process route' },
  menu: '/process/route',
  nameField: 'name',
  nameExistsMessage: '工艺路线名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('路线名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('路线编码', 'Code', { max: 30, search: 'like', unique: true }),
    materialId: f.link('产品', 'Product', { entity: 'material', search: 'eq' }),
    remark: f.text('备注', 'Remark', { max: 200 }),
    operations: f.lines('工序', 'Operations', { of: routeOperation, foreignKey: 'routeId', maxLines: 100 }),
  },
});

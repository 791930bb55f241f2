import { defineEntity, f } from '../kit/definition.ts';

const opt = (pairs: Array<[string, string, string]>) => pairs.map(([value, zh, en]) => ({ value, label: { zh, en } }));

/** A product line of a make order (SPEC §3 Make order lines). */
export const makeOrderLine = defineEntity({
  name: 'makeOrderLine',
  table: 'mfg_make_order_line',
  area: 'manufacturing',
  kind: 'line',
  label: { zh: '制造订单明细', en: 'Make order line' },
  menu: '/manufacture/make_order',
  fields: {
    makeOrderId: f.link('制造订单', 'Make order', { entity: 'makeOrder', required: true }),
    lineType: f.enum('行类型', 'Line type', {
      required: true,
      options: opt([
        ['product', '产品', 'Product'],
        ['byproduct', '副产品', 'By-product'],
      ]),
    }),
    source: f.enum('来源', 'Source', {
      options: opt([
        ['manual', '手工', 'Manual'],
        ['sale', '销售订单', 'Sales order'],
        ['mrp', 'MRP', 'MRP'],
      ]),
    }),
    sourceLineNo: f.text('来源行号', 'Source line no.', { max: 30 }),
    materialId: f.link('产品', 'Product', { entity: 'material', required: true }),
    bomId: f.link('BOM', 'BOM', { entity: 'bom' }),
    quantity: f.quantity('数量', 'Quantity', { required: true, min: 0 }),
    productDate: f.date('生产日期', 'Production date'),
  },
});

/** A make order (制造订单, SPEC §3): what to make, for whom and by when; released into work orders. */
export const makeOrder = defineEntity({
  name: 'makeOrder',
  table: 'mfg_make_order',
  area: 'manufacturing',
  kind: 'document',
  label: { zh: '制造订单', en: 'Make order' },
  menu: '/manufacture/make_order',
  nameField: 'moNo',
  nameExistsMessage: '制造订单号已存在',
  fields: {
    moNo: f.text('订单号', 'MO no.', { max: 30, search: 'like', sort: true }),
    manufactory: f.link('生产车间', 'Manufactory', { entity: 'workCentre' }),
    version: f.text('版本', 'Version', { max: 20 }),
    orderType: f.enum('订单类型', 'Order type', {
      required: true,
      search: 'eq',
      options: opt([
        ['sale', '销售生产', 'Make to order'],
        ['stock', '备库生产', 'Make to stock'],
        ['rework', '返工', 'Rework'],
      ]),
    }),
    clientId: f.link('客户', 'Client', { entity: 'supplier', search: 'eq' }),
    refOrder: f.text('关联单号', 'Ref. order', { max: 50, search: 'like' }),
    salePerson: f.text('业务员', 'Sales person', { max: 50 }),
    orderDate: f.date('下单日期', 'Order date', { required: true, search: 'range', sort: true }),
    promisedDate: f.date('承诺交期', 'Promised date', { search: 'range', sort: true }),
    planner: f.text('计划员', 'Planner', { max: 50 }),
    status: f.enum('状态', 'Status', {
      readOnly: true,
      search: 'eq',
      options: opt([
        ['draft', '草稿', 'Draft'],
        ['released', '已下达', 'Released'],
        ['done', '已完工', 'Done'],
      ]),
    }),
    remark: f.text('备注', 'Remark', { max: 200 }),
    lines: f.lines('明细', 'Lines', { of: makeOrderLine, foreignKey: 'makeOrderId', maxLines: 200 }),
  },
});

/** A material a work order consumes (its BOM requirement for the order quantity, scrap included). */
export const workOrderMaterial = defineEntity({
  name: 'workOrderMaterial',
  table: 'mfg_work_order_material',
  area: 'manufacturing',
  kind: 'line',
  label: { zh: '工单用料', en: 'Work order material' },
  menu: '/productionManagement/workOrder',
  fields: {
    workOrderId: f.link('工单', 'Work order', { entity: 'workOrder', required: true }),
    materialId: f.link('物料', 'Material', { entity: 'material', required: true }),
    qty: f.quantity('需求数量', 'Required', { required: true, min: 0 }),
    issuedQty: f.quantity('已领数量', 'Issued', { min: 0 }),
  },
});

/** A work order (生产工单): one operation of a released make order line, scheduled on a work centre. */
export const workOrder = defineEntity({
  name: 'workOrder',
  table: 'mfg_work_order',
  area: 'manufacturing',
  kind: 'document',
  label: { zh: '生产工单', en: 'Work order' },
  // 生产任务 (issue 17): the same work orders as the shop floor's task list
  menu: ['/productionManagement/workOrder', '/manufacture/production_task'],
  nameField: 'woNo',
  nameExistsMessage: '工单号已存在',
  defaultSort: { field: 'plannedStart', order: 'ascend' },
  fields: {
    woNo: f.text('工单号', 'WO no.', { required: true, max: 40, search: 'like', sort: true }),
    makeOrderId: f.link('制造订单', 'Make order', { entity: 'makeOrder', search: 'eq' }),
    makeOrderLineId: f.link('订单明细', 'Order line', { entity: 'makeOrderLine', list: false }),
    materialId: f.link('产品', 'Product', { entity: 'material', required: true, search: 'eq' }),
    seq: f.number('工序顺序', 'Seq', { required: true, int: true, min: 1, max: 9999 }),
    processId: f.link('工序', 'Process', { entity: 'process' }),
    workCentreId: f.link('工作中心', 'Work centre', { entity: 'workCentre', required: true, search: 'eq' }),
    quantity: f.quantity('数量', 'Quantity', { required: true, min: 0 }),
    setupMinutes: f.quantity('准备时间(分)', 'Setup (min)', { required: true, min: 0 }),
    runMinutes: f.quantity('单件工时(分)', 'Run per unit (min)', { required: true, min: 0 }),
    transferBatch: f.quantity('转移批量', 'Transfer batch', { min: 0, list: false }),
    plannedStart: f.datetime('计划开始', 'Planned start', { search: 'range', sort: true }),
    plannedEnd: f.datetime('计划结束', 'Planned end', { sort: true }),
    dueDate: f.date('要求完工', 'Due date'),
    status: f.enum('状态', 'Status', {
      search: 'eq',
      options: opt([
        ['planned', '已计划', 'Planned'],
        ['released', '已下达', 'Released'],
        ['started', '进行中', 'Started'],
        ['paused', '已暂停', 'Paused'],
        ['done', '已完工', 'Done'],
      ]),
    }),
    // shop floor (issue 17): what the operation has reported
    goodQty: f.quantity('合格数', 'Good qty', { readOnly: true }),
    scrapQty: f.quantity('报废数', 'Scrap qty', { readOnly: true }),
    // quality (issue 18): copied from the route operation; good units waiting for their in-process inspection
    inspect: f.bool('需制程检验', 'In-process inspection', { list: false }),
    heldQty: f.quantity('待检数', 'Awaiting inspection', { readOnly: true, list: false }),
    materials: f.lines('用料', 'Materials', { of: workOrderMaterial, foreignKey: 'workOrderId', maxLines: 500 }),
  },
});

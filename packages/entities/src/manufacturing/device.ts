import { defineEntity, f } from '../kit/definition.ts';

const opt = (pairs: Array<[string, string, string]>) => pairs.map(([value, zh, en]) => ({ value, label: { zh, en } }));

/** A kind of device (设备类型, issue 17). */
export const deviceType = defineEntity({
  name: 'deviceType',
  table: 'sf_device_type',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '设备类型', en: 'Device type' },
  menu: '/device/type',
  nameField: 'name',
  nameExistsMessage: '设备类型名称已存在',
  fields: {
    name: f.text('名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('编码', 'Code', { max: 30, search: 'like' }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

/** A device in the ledger (设备台账): where it works, its state, when it was bought, its files. */
export const device = defineEntity({
  name: 'device',
  table: 'sf_device',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '设备', en: 'Device' },
  menu: '/device/ledger',
  nameField: 'code',
  nameExistsMessage: '设备编号已存在',
  fields: {
    code: f.text('设备编号', 'Device no.', { required: true, max: 40, search: 'like', sort: true }),
    name: f.text('设备名称', 'Name', { required: true, max: 80, search: 'like' }),
    deviceTypeId: f.link('设备类型', 'Type', { entity: 'deviceType', search: 'eq' }),
    workCentreId: f.link('工作中心', 'Work centre', { entity: 'workCentre', search: 'eq' }),
    status: f.enum('状态', 'Status', {
      required: true,
      search: 'eq',
      options: opt([
        ['running', '运行', 'Running'],
        ['idle', '闲置', 'Idle'],
        ['repair', '维修中', 'Under repair'],
        ['scrapped', '报废', 'Scrapped'],
      ]),
    }),
    purchaseDate: f.date('购置日期', 'Purchase date'),
    files: f.files('附件', 'Files', { list: false }),
  },
});

/** A repair order (维修单): reported, assigned, repaired, closed; its downtime blocks the device's work centre in scheduling. */
export const repairOrder = defineEntity({
  name: 'repairOrder',
  table: 'sf_repair_order',
  area: 'manufacturing',
  kind: 'document',
  label: { zh: '维修单', en: 'Repair order' },
  menu: '/device/repair',
  nameField: 'repairNo',
  nameExistsMessage: '维修单号已存在',
  fields: {
    repairNo: f.text('维修单号', 'Repair no.', { required: true, max: 40, search: 'like', sort: true }),
    deviceId: f.link('设备', 'Device', { entity: 'device', required: true, search: 'eq', display: 'code' }),
    fault: f.text('故障描述', 'Fault', { required: true, max: 500 }),
    assignee: f.text('维修人', 'Assignee', { max: 50 }),
    downFrom: f.datetime('停机开始', 'Down from', { search: 'range', sort: true }),
    downTo: f.datetime('停机结束', 'Down to'),
    status: f.enum('状态', 'Status', {
      required: true,
      search: 'eq',
      options: opt([
        ['reported', '已报修', 'Reported'],
        ['assigned', '已派工', 'Assigned'],
        ['repairing', '维修中', 'Repairing'],
        ['closed', '已关闭', 'Closed'],
      ]),
    }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

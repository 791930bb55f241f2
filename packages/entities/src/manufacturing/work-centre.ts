import { defineEntity, f } from '../kit/definition.ts';

/** A workshop, work centre or workstation (车间/工作中心/工位), in a tree; capacity is how many operations it runs at once. */
export const workCentre = defineEntity({
  name: 'workCentre',
  table: 'mfg_work_centre',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '工作中心', en: 'Work centre' },
  menu: '/process/work_centre',
  nameField: 'name',
  nameExistsMessage: '工作中心名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('编码', 'Code', { max: 30, search: 'like', unique: true }),
    kind: f.enum('类型', 'Kind', {
      required: true,
      search: 'eq',
      options: [
        { value: 'workshop', label: { zh: '车间', en: 'Workshop' } },
        { value: 'centre', label: { zh: '工作中心', en: 'Work centre' } },
        { value: 'station', label: { zh: '工位', en: 'Workstation' } },
      ],
    }),
    parentId: f.parent('上级', 'Parent'),
    capacity: f.number('产能(并行数)', 'Capacity (parallel)', { required: true, int: true, min: 1, max: 1000 }),
    calendarId: f.link('工作日历', 'Calendar', { entity: 'workCalendar' }),
    costPerHour: f.money('小时费率', 'Cost per hour', { min: 0 }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

/** A team (班组) working at a work centre. */
export const team = defineEntity({
  name: 'team',
  table: 'mfg_team',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '班组', en: 'Team' },
  menu: '/process/team',
  nameField: 'name',
  nameExistsMessage: '班组名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('班组名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('编码', 'Code', { max: 30, search: 'like', unique: true }),
    workCentreId: f.link('工作中心', 'Work centre', { entity: 'workCentre', search: 'eq' }),
    leader: f.text('班组长', 'Leader', { max: 50 }),
    members: f.number('人数', 'Members', { int: true, min: 0, max: 10000 }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

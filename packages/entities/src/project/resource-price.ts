import { defineEntity, f } from '../kit/definition.ts';

/** 资源定价 (issue 19): what an hour or a day of a role, a person or a device costs a project. */
export const resourcePrice = defineEntity({
  name: 'resourcePrice',
  table: 'proj_resource_price',
  area: 'project',
  kind: 'master',
  label: { zh: '资源定价', en: 'Resource pricing' },
  menu: '/project/resource_pricing',
  nameField: 'name',
  nameScope: ['resourceType'],
  nameExistsMessage: '该类资源已有此名称的定价',
  status: true,
  softDelete: true,
  fields: {
    resourceType: f.enum('资源类型', 'Resource type', {
      required: true,
      search: 'eq',
      options: [
        { value: 'role', label: { zh: '角色', en: 'Role' } },
        { value: 'person', label: { zh: '人员', en: 'Person' } },
        { value: 'device', label: { zh: '设备', en: 'Device' } },
      ],
    }),
    name: f.text('资源名称', 'Resource', { required: true, max: 50, search: 'like', sort: true }),
    unit: f.enum('计价单位', 'Per', {
      required: true,
      options: [
        { value: 'hour', label: { zh: '小时', en: 'Hour' } },
        { value: 'day', label: { zh: '天', en: 'Day' } },
      ],
    }),
    rate: f.money('单价', 'Rate', { required: true, min: 0, sort: true }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

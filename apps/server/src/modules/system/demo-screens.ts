import type { DemoActivity } from '../../platform/demo/demo-api.ts';

/**
 * 演示公司's system screens (issue 24): groups, contacts of the first customers, position statuses and a reservoir
 * area and a bin in each warehouse, so those lists open with rows. The reservoir switch is turned on by the story
 * that follows (modules/inventory/documents/reservoir-demo.ts).
 */
export const systemScreensDemoActivity: DemoActivity = async (api) => {
  for (const [name, type] of [
    ['重点客户', 'customer'],
    ['华东区', 'customer'],
    ['仓储组', 'user'],
    ['畅销品', 'material'],
  ] as const)
    await api.post('/sysGroup/add', { name, type });
  const customers = ((await api.get('/supplier/findBySelect_cus')) as Array<{ id: number }>).slice(0, 3);
  const people = ['王经理', '李主管', '赵采购'];
  for (const [i, c] of customers.entries())
    await api.post('/contact/add', { name: people[i], supplierId: c.id, phone: `1390000000${i}`, position: '采购负责人', isPrimary: true });
  for (const [i, [name, available]] of (
    [
      ['在岗', true],
      ['休假', false],
      ['培训', false],
      ['离岗', false],
    ] as const
  ).entries())
    await api.post('/positionStatus/add', { name, code: `PS${i + 1}`, available, sort: String(i + 1) });
  const depots = (await api.get('/depot/list?currentPage=1&pageSize=50')).rows as Array<{ id: number; name: string }>;
  for (const d of depots) {
    await api.post('/reservoirArea/add', { name: `${d.name}A区`, depotId: d.id, type: 'area', sort: '1' });
    await api.post('/reservoirArea/add', { name: `${d.name}A-01`, depotId: d.id, type: 'bin', capacity: '500', sort: '2' });
  }
};

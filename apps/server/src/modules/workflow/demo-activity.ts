import type { DemoActivity, DemoApi } from '../../platform/demo/demo-api.ts';

/**
 * 演示公司's approvals (issue 15): two deployed flows — purchase orders over 5,000 go to the purchasing
 * manager, sales orders are copied to the signed-in user and approved by the sales supervisor — and a few
 * orders of the last days submitted through them: some passed (audited), one rejected with its reason,
 * some still waiting, so the to-do list, the done list and the timelines are not empty on the first start.
 * The approver is the story's own user (jsh in 演示公司), who also acts. At the end the multi-level audit
 * switch is turned off again: the documents in approval finish their flows, new documents audit directly
 * until the switch is turned on in 系统配置 (so other areas' stories and journeys in the demo company are
 * not held up by approvals).
 */
const pad = (n: number) => String(n).padStart(2, '0');
const at = (daysAgo: number, hour: number) => {
  const d = new Date(Date.now() - daysAgo * 864e5);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(hour)}:30:00`;
};

const purchaseFlow = (me: number) => ({
  nodes: [
    { id: 'start', type: 'start', name: '发起', position: { x: 0, y: 120 } },
    { id: 'amount', type: 'condition', name: '金额判断', position: { x: 220, y: 120 } },
    { id: 'buyer', type: 'approver', name: '采购经理审批', mode: 'any', assignee: { kind: 'users', userIds: [me] }, position: { x: 440, y: 20 } },
    { id: 'end', type: 'end', name: '结束', position: { x: 680, y: 120 } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'amount' },
    { id: 'big', source: 'amount', target: 'buyer', name: '金额 > 5000', conditions: [{ field: 'totalPrice', op: 'gt', value: '5000' }] },
    { id: 'small', source: 'amount', target: 'end', name: '其它', isDefault: true },
    { id: 'e2', source: 'buyer', target: 'end' },
  ],
});

const saleFlow = (me: number) => ({
  nodes: [
    { id: 'start', type: 'start', name: '发起', position: { x: 0, y: 60 } },
    { id: 'copy', type: 'cc', name: '抄送销售', assignee: { kind: 'users', userIds: [me] }, position: { x: 220, y: 60 } },
    { id: 'boss', type: 'approver', name: '销售主管审批', mode: 'any', assignee: { kind: 'users', userIds: [me] }, position: { x: 440, y: 60 } },
    { id: 'end', type: 'end', name: '结束', position: { x: 660, y: 60 } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'copy' },
    { id: 'e2', source: 'copy', target: 'boss' },
    { id: 'e3', source: 'boss', target: 'end' },
  ],
});

async function deploy(api: DemoApi, processName: string, modelKey: string, processType: string, graph: object) {
  const { id } = await api.post('/workflow/flow/add', { processName, modelKey, processType, graph });
  await api.post('/workflow/flow/deploy', { id });
}

type Line = { barCode: string; operNumber: number; unitPrice: number; depotId: number };

export const workflowDemoActivity: DemoActivity = async (api, rand) => {
  const me = ((await api.get('/user/infoWithTenant')) as { id: number }).id;
  await api.put('/systemConfig/update', { multiLevelApprovalFlag: true });
  await deploy(api, '采购订单审批（金额超过5000）', 'purchase_order_approval', 'purchaseOrder', purchaseFlow(me));
  await deploy(api, '销售订单审批', 'sale_order_approval', 'saleOrder', saleFlow(me));

  const depot = ((await api.get('/depot/list?currentPage=1&pageSize=50')).rows as Array<{ id: number }>)[0].id;
  const suppliers = (await api.get('/supplier/findBySelect_sup')) as Array<{ id: number }>;
  const customers = (await api.get('/supplier/findBySelect_cus')) as Array<{ id: number }>;
  const materials = (
    (await api.get('/material/list?currentPage=1&pageSize=50')).rows as Array<{ barCode: string; purchaseDecimal: number; wholesaleDecimal: number }>
  )
    .filter((m) => m.barCode && m.purchaseDecimal > 0)
    .sort((a, b) => b.purchaseDecimal - a.purchaseDecimal);
  /** the dearest materials at the price lists' prices (big orders), or the cheapest one (a small order) */
  const lines = (n: number, price: 'purchaseDecimal' | 'wholesaleDecimal', min = 30): Line[] =>
    (n > 0 ? materials.slice(0, n) : materials.slice(-1)).map((m) => ({
      barCode: m.barCode,
      operNumber: min + Math.floor(rand() * 30),
      unitPrice: m[price],
      depotId: depot,
    }));
  const submitted = async (docType: string, subType: string, organId: number, daysAgo: number, rows: Line[]) => {
    const doc = (await api.post('/depotHead/addDepotHeadAndDetail', {
      info: { type: '其它', subType, organId, status: '0', operTime: at(daysAgo, 10) },
      rows,
    })) as {
      id: number;
      number: string;
    };
    await api.post('/workflow/submit', { docType, busId: doc.id });
    return doc.number;
  };

  // purchase orders: two large (to the manager), one small (passes through the branch at once)
  const bigPo = [
    await submitted('purchaseOrder', '采购订单', suppliers[0].id, 3, lines(3, 'purchaseDecimal')),
    await submitted('purchaseOrder', '采购订单', suppliers[1 % suppliers.length].id, 1, lines(2, 'purchaseDecimal', 40)),
  ];
  await submitted('purchaseOrder', '采购订单', suppliers[0].id, 2, lines(0, 'purchaseDecimal', 10));
  // sales orders: four waiting for the supervisor
  const so = [];
  for (const [i, days] of [4, 3, 2, 0].entries())
    so.push(await submitted('saleOrder', '销售订单', customers[i % customers.length].id, days, lines(2 + (i % 2), 'wholesaleDecimal', 5)));

  const todo = (await api.get('/workflow/task/todo?currentPage=1&pageSize=50')).rows as Array<{ id: number; busNumber: string }>;
  const task = (number: string) => todo.find((t) => t.busNumber === number)!.id;
  await api.post('/workflow/task/pass', { taskId: task(bigPo[0]), comment: '价格已比对，同意采购' });
  await api.post('/workflow/task/pass', { taskId: task(so[0]), comment: '同意' });
  await api.post('/workflow/task/reject', { taskId: task(so[1]), comment: '客户信用额度不足，请先收回前期欠款' });
  // left waiting: one purchase order and two sales orders
  await api.put('/systemConfig/update', { multiLevelApprovalFlag: false });
};

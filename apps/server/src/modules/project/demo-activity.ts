import type { DemoActivity } from '../../platform/demo/demo-api.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The template's WBS: [name, duration, parent index or -1]; links [pred, succ, kind, lag] by index. */
const TREE: Array<[string, number, number]> = [
  ['需求与设计', 1, -1],
  ['需求调研', 5, 0],
  ['方案设计', 4, 0],
  ['实施', 1, -1],
  ['设备采购', 10, 3],
  ['软件开发', 15, 3],
  ['现场安装', 6, 3],
  ['系统联调', 5, 3],
  ['上线验收', 2, 3],
];
const LINKS: Array<[number, number, 'FS' | 'SS' | 'FF' | 'SF', number]> = [
  [1, 2, 'FS', 0],
  [2, 4, 'FS', 0],
  [2, 5, 'SS', 2],
  [4, 6, 'FS', 1],
  [5, 7, 'FS', 0],
  [6, 7, 'FS', 0],
  [7, 8, 'FS', -1],
];

/**
 * 演示公司's projects (issue 19): a delivery template, two projects made from it (one started two months ago
 * and in progress, one starting next week), a contract with milestones, collections, a payment and expenses
 * posted through the journal, task progress and two risks. All through the API, as jsh.
 */
export const projectDemoActivity: DemoActivity = async (api) => {
  const tpl = await api.post('/project/add', { name: '智能产线交付模板', startDate: day(0), isTemplate: true, category: '交付' });
  const ids: number[] = [];
  for (const [name, duration, parent] of TREE)
    ids.push((await api.post('/project/task/add', { projectId: tpl.id, name, duration, parentId: parent < 0 ? null : ids[parent] })).id);
  for (const [p, s, kind, lag] of LINKS) await api.post('/project/link/add', { predId: ids[p], succId: ids[s], kind, lag });
  const a = await api.post('/project/add', { name: '华东工厂智能产线', startDate: day(-60), templateId: tpl.id, category: '交付', budget: '800000' });
  await api.post('/project/add', { name: '西南仓储改造', startDate: day(7), templateId: tpl.id, category: '改造', budget: '350000' });
  await api.post('/project/transition', { id: a.id, to: 'progress' });
  const c = await api.post('/project/contract/add', {
    projectId: a.id,
    name: '华东工厂产线合同',
    amount: '680000',
    signDate: day(-58),
    milestones: [
      { name: '预付款', dueDate: day(-50), amount: '204000' },
      { name: '到货款', dueDate: day(-10), amount: '272000' },
      { name: '验收款', dueDate: day(30), amount: '204000' },
    ],
  });
  const contracts = (await api.get(`/project/contract/list?projectId=${a.id}`)) as Array<{ id: number; milestones: Array<{ id: number }> }>;
  const ms = contracts.find((x) => x.id === c.id)!.milestones;
  await api.post('/project/collection/add', { projectId: a.id, billDate: day(-49), amount: '204000', contractId: c.id, milestoneId: ms[0]!.id });
  await api.post('/project/collection/add', { projectId: a.id, billDate: day(-8), amount: '150000', contractId: c.id, milestoneId: ms[1]!.id });
  await api.post('/project/payment/add', { projectId: a.id, billDate: day(-40), amount: '186500', remark: '设备采购款' });
  for (const [offset, amount, remark] of [
    [-45, '3260.50', '差旅'],
    [-30, '1890.00', '现场食宿'],
    [-12, '4520.80', '安装辅材'],
  ] as const)
    await api.post('/project/expenses/add', { projectId: a.id, billDate: day(offset), amount, remark });
  // what the task and risk lists show: progress reported on the started tasks, two risks with warning dates
  const detail = (await api.get(`/project/detail?id=${a.id}`)) as { tasks: Array<{ id: number; name: string }> };
  const progress: Record<string, number> = { 需求调研: 100, 方案设计: 100, 设备采购: 80, 软件开发: 60 };
  for (const t of detail.tasks) if (progress[t.name] != null) await api.put('/project/task/update', { id: t.id, progress: progress[t.name] });
  await api.post('/project/risk/add', { projectId: a.id, name: '进口伺服电机交期延误', probability: 3, impact: 4, warnDate: day(5), remark: '备选国产型号' });
  await api.post('/project/risk/add', { projectId: a.id, name: '现场安装窗口被产线排产挤占', probability: 2, impact: 3, warnDate: day(14) });
  // 资源定价: the rates the delivery team is costed at
  for (const [resourceType, name, unit, rate] of [
    ['role', '项目经理', 'day', '1800'],
    ['role', '实施工程师', 'day', '1200'],
    ['person', '季圣华', 'hour', '220'],
    ['device', '激光跟踪仪', 'day', '860'],
  ] as const)
    await api.post('/resourcePrice/add', { resourceType, name, unit, rate });
};

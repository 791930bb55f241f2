import type { DemoActivity, DemoApi } from '../../platform/demo/demo-api.ts';
import { projectTimeDemo } from './time-demo.ts';

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
 * posted through the journal, task progress and two risks, time entries and a first-phase go-live. All through the API, as jsh.
 */
export const projectDemoActivity: DemoActivity = async (api) => {
  // 项目分类: 实施交付 (智能产线, 仓储物流) and 售后服务
  const delivery = await api.post('/projectCategory/add', { name: '实施交付', code: 'SS', sort: '1' });
  const line = await api.post('/projectCategory/add', { name: '智能产线', parentId: delivery.id, code: 'SS-CX', sort: '1' });
  const depot = await api.post('/projectCategory/add', { name: '仓储物流', parentId: delivery.id, code: 'SS-CC', sort: '2' });
  await api.post('/projectCategory/add', { name: '售后服务', code: 'SH', sort: '2' });
  const tpl = await api.post('/project/add', { name: '智能产线交付模板', startDate: day(0), isTemplate: true, categoryId: line.id });
  const ids: number[] = [];
  for (const [name, duration, parent] of TREE)
    ids.push((await api.post('/project/task/add', { projectId: tpl.id, name, duration, parentId: parent < 0 ? null : ids[parent] })).id);
  for (const [p, s, kind, lag] of LINKS) await api.post('/project/link/add', { predId: ids[p], succId: ids[s], kind, lag });
  const a = await api.post('/project/add', { name: '华东工厂智能产线', startDate: day(-60), templateId: tpl.id, categoryId: line.id, budget: '800000' });
  await api.post('/project/add', { name: '西南仓储改造', startDate: day(7), templateId: tpl.id, categoryId: depot.id, budget: '350000' });
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
  // with their actual dates (项目进度): the survey finished two days late, the design on plan, the purchase began a day late
  const detail = (await api.get(`/project/detail?id=${a.id}`)) as { tasks: Array<{ id: number; name: string; startDate: string; endDate: string }> };
  const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const progress: Record<string, [number, number, number?]> = { 需求调研: [100, 0, 2], 方案设计: [100, 0, 0], 设备采购: [80, 1], 软件开发: [60, 0] };
  // the open ones are jsh's: 项目工作台 lists them (and each assignment is a project-task message)
  const me = ((await api.get('/user/infoWithTenant')) as { id: number }).id;
  for (const t of detail.tasks) {
    const p = progress[t.name];
    if (!p) continue;
    const actualEnd = p[2] == null ? undefined : [shift(t.endDate, p[2]), day(0)].sort()[0];
    const assignee = p[0] < 100 ? { assigneeId: me } : {};
    await api.put('/project/task/update', { id: t.id, progress: p[0], actualStart: [shift(t.startDate, p[1]), day(0)].sort()[0], actualEnd, ...assignee });
  }
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
  await projectDocsDemo(api, a.id);
  await projectTimeDemo(api, a.id);
  // a pilot finished last spring, walked through its life to 已关闭: closing froze its dossier in 项目档案
  const pilot = await api.post('/project/add', {
    name: '华北产线试点',
    startDate: day(-200),
    categoryId: line.id,
    budget: '120000',
    remark: '一期试点，已移交运维',
  });
  for (const to of ['progress', 'online', 'acceptance', 'summary', 'closed']) await api.post('/project/transition', { id: pilot.id, to });
};

const text = (s: string) => Buffer.from(s, 'utf8');

/** 项目验收, 项目售后, 项目总结, 交付物 of the running project: a preliminary acceptance, two problems, a mid-term summary, a manual in two versions. */
async function projectDocsDemo(api: DemoApi, projectId: number) {
  const upload = (name: string, body: string) => (api.upload ? api.upload(name, text(body)) : Promise.resolve(undefined));
  const report = await upload('初验报告.txt', '华东工厂智能产线 初验报告：单机调试完成，节拍 48 秒，待联调后复测。');
  await api.post('/project/acceptance/add', {
    projectId,
    title: '设备到货初验',
    criteria: '设备型号、数量与合同清单一致；外观无损；单机空载运行 2 小时无报警',
    result: 'passed',
    signer: '王建国',
    signDate: day(-9),
    ...(report ? { fileName: report } : {}),
  });
  await api.post('/project/after_sales/add', { projectId, title: '2号工位伺服驱动器过流报警', severity: 'high', reporter: '车间班长', reportDate: day(-6) });
  await api.post('/project/after_sales/add', {
    projectId,
    title: '扫码枪偶发漏读',
    severity: 'low',
    status: 'resolved',
    reportDate: day(-15),
    solution: '升级扫码枪固件并调整安装角度',
  });
  await api.post('/project/summary/add', {
    projectId,
    title: '设备采购阶段总结',
    content: '进口设备按期到货，国产件提前一周到货；现场安装窗口与产线排产冲突，已与生产部约定周末施工。',
    lessons: '进口件须在方案确认后立即下单，预留 6 周交期',
    summaryDate: day(-7),
  });
  const v1 = await upload('操作手册.txt', '智能产线操作手册 V1：开机、停机、换型。');
  const v2 = await upload('操作手册.txt', '智能产线操作手册 V2：开机、停机、换型、急停复位与安全章节。');
  if (v1 && v2) {
    const d = await api.post('/project/deliverables/add', { projectId, name: '产线操作手册', fileName: v1, remark: '随设备交付' });
    await api.post('/project/deliverables/version', { deliverableId: d.id, fileName: v2, note: '补充急停复位与安全章节' });
  }
}

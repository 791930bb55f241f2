import type { DemoApi } from '../../platform/demo/demo-api.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** [task, days ago, hours, priced as, what was done, approved / submitted / draft] */
const ENTRIES: Array<[string, number, string, string, string, 'approved' | 'submitted' | 'draft']> = [
  ['需求调研', -57, '8', '实施工程师', '现场访谈生产部与仓储部', 'approved'],
  ['需求调研', -56, '6.5', '实施工程师', '整理需求清单', 'approved'],
  ['方案设计', -50, '8', '季圣华', '产线布局与节拍方案', 'approved'],
  ['方案设计', -49, '4', '季圣华', '方案评审与修改', 'approved'],
  ['设备采购', -41, '3', '项目经理', '供应商比价与合同评审', 'approved'],
  ['软件开发', -5, '8', '实施工程师', 'MES 工单模块开发', 'submitted'],
  ['软件开发', -4, '7.5', '实施工程师', '扫码接口联调', 'submitted'],
  ['软件开发', -1, '4', '实施工程师', '报表页面', 'draft'],
];

/**
 * 演示公司's time and go-live (issue 19): the delivery team's hours on the running project (most approved
 * by its manager, two waiting, one draft) and its first-phase go-live record. Through the API, as jsh.
 */
export async function projectTimeDemo(api: DemoApi, projectId: number) {
  const detail = (await api.get(`/project/detail?id=${projectId}`)) as { tasks: Array<{ id: number; name: string }> };
  const task = new Map(detail.tasks.map((t) => [t.name, t.id]));
  const prices = (await api.get('/resourcePrice/list?currentPage=1&pageSize=50')) as { rows: Array<{ id: number; name: string; resourceType: string }> };
  const price = new Map(prices.rows.filter((p) => p.resourceType !== 'device').map((p) => [p.name, p.id]));
  for (const [name, offset, hours, priced, content, status] of ENTRIES) {
    const e = await api.post('/project/time/add', {
      taskId: task.get(name),
      workDate: day(offset),
      hours,
      content,
      resourcePriceId: price.get(priced) ?? null,
      submit: status !== 'draft',
    });
    if (status === 'approved') await api.post('/project/time/decide', { id: e.id, approve: true });
  }
  await api.post('/project/online/add', {
    projectId,
    onlineDate: day(-3),
    scope: '一期上线：1、2 号工位单机联动与 MES 工单、扫码报工模块',
    signer: '王建国',
    signDate: day(-2),
    remark: '二期（立库对接）随系统联调上线',
  });
}

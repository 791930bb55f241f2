import type { DemoActivity } from '../../platform/demo/demo-api.ts';
import { addDays, today } from '../../platform/clock.ts';
import { importDemoMails } from './demo-mails.ts';

const LEADS: Array<[name: string, contacts: string, phone: string, toPool: boolean, email?: string]> = [
  ['杭州启明电子有限公司', '陈经理', '13900000101', false, 'chen@qiming-demo.cn'],
  ['苏州恒远机械厂', '刘工', '13900000102', false, 'liu@hengyuan-demo.cn'],
  ['宁波海星贸易', '周总', '13900000103', true],
  ['合肥光华照明', '吴经理', '13900000104', true],
  ['南京博雅文具', '郑主任', '13900000105', false],
];

const KINDS = ['call', 'visit', 'email', 'note'] as const;

/**
 * 演示公司's CRM (issue 20): exchange rates of the last days, tags, leads (some in the high seas), customers
 * claimed from the pool and converted, follow-ups with next dates around today, a task template, and
 * opportunities spread over the board in CNY and USD, a few won and lost, and mails on two customers' timelines.
 * All through the API, as jsh.
 */
export const crmDemoActivity: DemoActivity = async (api, rand) => {
  const day = today();
  for (let i = 0; i < 3; i++) {
    await api.post('/crmExchangeRate/add', { currency: 'USD', rateDate: addDays(day, -i * 7), rate: 7.1 + i * 0.02 });
    await api.post('/crmExchangeRate/add', { currency: 'EUR', rateDate: addDays(day, -i * 7), rate: 7.7 + i * 0.03 });
  }
  for (const [name, color] of [
    ['重点客户', '#f5222d'],
    ['老客户', '#1890ff'],
    ['价格敏感', '#fa8c16'],
  ])
    await api.post('/crmLabel/add', { name, color });
  const leadIds: number[] = [];
  for (const [name, contacts, phone, toPool, email] of LEADS)
    leadIds.push((await api.post('/crm/lead/add', { name, contacts, phone, toPool, source: '展会', ...(email ? { email } : {}) })).id);
  // the demo's existing customers are in the high seas until someone claims them
  const pool = (await api.get('/crm/pool/list?currentPage=1&pageSize=20')).rows as Array<{ id: number; status: string }>;
  const customers = pool
    .filter((r) => r.status === 'customer')
    .slice(0, 3)
    .map((r) => r.id);
  for (const id of customers) await api.post('/crm/pool/claim', { partnerId: id });
  for (const id of leadIds.slice(0, 2)) await api.post('/crm/lead/convert', { partnerId: id });
  const mine = [...customers, ...leadIds.slice(0, 2)];
  for (const [i, partnerId] of mine.entries()) {
    await api.post('/crm/follow/add', {
      partnerId,
      kind: KINDS[i % KINDS.length],
      content: ['电话沟通采购计划', '上门拜访，演示新品', '发送报价单', '客户反馈需要再比较'][i % 4],
      nextFollowDate: addDays(day, Math.floor(rand() * 10) - 2),
    });
  }
  const stages = (await api.get('/crm/board')).stages as Array<{ id: number }>;
  const template = await api.post('/crm/taskTemplate/save', {
    name: '标准销售流程',
    items: [
      { title: '需求调研', offsetDays: 0 },
      { title: '提交方案与报价', offsetDays: 5 },
      { title: '商务谈判', offsetDays: 14 },
    ],
  });
  for (let i = 0; i < 10; i++) {
    const usd = i % 3 === 0;
    const opp = await api.post('/crm/opportunity/add', {
      name: `${['年度采购', '新品试用', '门店改造', '批量订单'][i % 4]}${i + 1}`,
      partnerId: mine[i % mine.length],
      stageId: stages[i % stages.length]!.id,
      currency: usd ? 'USD' : 'CNY',
      amount: String(Math.round((usd ? 2000 : 15000) * (1 + rand() * 4))),
      expectedClose: addDays(day, 10 + Math.floor(rand() * 60)),
    });
    if (i === 0) await api.post('/crm/opportunity/applyTemplate', { id: opp.id, templateId: template.id });
    if (i >= 8) await api.post('/crm/opportunity/close', { id: opp.id, result: i === 8 ? 'won' : 'lost', ...(i === 8 ? {} : { reason: '预算取消' }) });
  }
  // the two converted leads' mails, imported (the demo has no mail server)
  await importDemoMails(api, LEADS[0]![4]!, LEADS[1]![4]!);
};

import type { DemoActivity, DemoApi } from '../../platform/demo/demo-api.ts';
import { addDays, today } from '../../platform/clock.ts';

const STEPS = ['survey', 'qualification', 'registration', 'proposal', 'opening'];

/** A project registered and walked up to the step `upTo` (one of STEPS, or none). */
async function project(api: DemoApi, tendererId: number, name: string, budget: string, opening: string, upTo?: string) {
  const { id } = await api.post('/bidding/project/add', {
    name,
    tendererId,
    agency: '华信招标代理有限公司',
    budget,
    registrationDeadline: addDays(opening, -10),
    openingDate: opening,
    validUntil: addDays(opening, 90),
    items: [
      { lot: '一标段', name: '设备供货', qty: '20', unit: '台', budget: String(Number(budget) * 0.7) },
      { lot: '二标段', name: '安装调试', qty: '1', unit: '项', budget: String(Number(budget) * 0.3) },
    ],
  });
  for (const to of upTo ? STEPS.slice(0, STEPS.indexOf(upTo) + 1) : []) await api.post('/bidding/project/move', { id, to });
  return id as number;
}

async function deposit(api: DemoApi, projectId: number, amount: string, paid: string, accountId?: number) {
  const d = await api.post('/bidding/deposit/add', { projectId, amount, accountId });
  await api.post('/bidding/deposit/audit', { id: d.id });
  await api.post('/bidding/deposit/pay', { id: d.id, date: paid });
  return d.id as number;
}

async function opening(api: DemoApi, projectId: number, prices: Array<[string, string]>) {
  await api.post('/bidding/opening/save', { projectId, bidders: prices.map(([name, openingPrice]) => ({ name, openingPrice, isSelf: name === '本公司' })) });
  return (await api.get(`/bidding/project/detail?id=${projectId}`)).bidders as Array<{ id: number; name: string }>;
}

/**
 * 演示公司's bidding (issue 21): a project won two months ago (deposit recovered, fee paid, closed), one lost
 * with its deposit still out past the warning, one at the opening with the prices read, one registering with
 * a deposit to audit, one just registered whose deadline is near, and one abandoned. All through the API.
 */
/** A small PDF through the upload route (the demo's evidence files); null when the client cannot upload. */
async function evidence(api: DemoApi, name: string): Promise<string | null> {
  if (!api.upload) return null;
  return api.upload(name, Buffer.from(`%PDF-1.4\n% 演示：${name}\ntrailer <<>>\n%%EOF\n`));
}

export const biddingDemoActivity: DemoActivity = async (api) => {
  const day = today();
  const parties = (await api.get('/supplier/findBySelect_organ')) as Array<{ id: number }>;
  const accountId = ((await api.get('/account/getAccount')) as Array<{ id: number }>)[0]?.id;
  const party = (i: number) => parties[i % parties.length]!.id;

  const won = await project(api, party(0), '市政府办公设备采购项目', '800000', addDays(day, -60), 'opening');
  const wonDeposit = await deposit(api, won, '16000', addDays(day, -75), accountId);
  const fee = await api.post('/bidding/fee/add', { projectId: won, amount: '500', purpose: '标书费', accountId });
  await api.post('/bidding/fee/audit', { id: fee.id });
  await api.post('/bidding/fee/pay', { id: fee.id, date: addDays(day, -74) });
  const wb = await opening(api, won, [
    ['本公司', '752000'],
    ['宏达科技有限公司', '768000'],
    ['远景信息技术', '789500'],
  ]);
  await api.post('/bidding/result/register', { projectId: won, winnerId: wb[0]!.id, resultDate: addDays(day, -55) });
  await api.post('/bidding/deposit/recover', { id: wonDeposit, date: addDays(day, -40), accountId });
  await api.post('/bidding/project/move', { id: won, to: 'closed' });

  const lost = await project(api, party(1), '区人民医院信息化改造', '1200000', addDays(day, -45), 'opening');
  await deposit(api, lost, '24000', addDays(day, -58), accountId);
  const lb = await opening(api, lost, [
    ['本公司', '1150000'],
    ['宏达科技有限公司', '1098000'],
  ]);
  await api.post('/bidding/result/register', { projectId: lost, winnerId: lb.find((b) => b.name !== '本公司')!.id, resultDate: addDays(day, -40) });

  const open = await project(api, party(2), '第一中学实验室设备', '450000', day, 'opening');
  await deposit(api, open, '9000', addDays(day, -12), accountId);
  await opening(api, open, [
    ['本公司', '431000'],
    ['宏达科技有限公司', '436800'],
    ['博远教育装备', '428900'],
  ]);

  const registering = await project(api, party(0), '产业园区安防工程', '2000000', addDays(day, 12), 'registration');
  await api.post('/bidding/deposit/add', { projectId: registering, amount: '40000', accountId, purpose: '投标保证金' });
  await api.post('/bidding/review/qualification', {
    projectId: registering,
    lines: [
      { item: '安防工程企业资质二级及以上', result: 'pass', evidence: await evidence(api, '资质证书.pdf') },
      { item: '近三年类似业绩不少于 3 项', result: 'pass', evidence: await evidence(api, '业绩合同汇编.pdf') },
    ],
  });
  await project(api, party(1), '物流中心叉车租赁服务', '300000', addDays(day, 15), 'survey');
  const dropped = await project(api, party(2), '水务集团管网监测系统', '650000', addDays(day, -20), 'qualification');
  await api.post('/bidding/project/move', { id: dropped, to: 'abandoned', remark: '资质不满足', resultDate: addDays(day, -25) });
  await api.post('/bidding/project/move', { id: dropped, to: 'closed' });
};

import type { DemoActivity } from '../../platform/demo/demo-api.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const at = (daysAgo: number, hour: number) => {
  const d = new Date(Date.now() - daysAgo * 864e5);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(hour)}:15:00`;
};

// [customer or material name, alias] and a unit word: the words 演示公司's customers write in their chats
const CUSTOMER_ALIASES = [
  ['杭州云帆科技有限公司', '钱总'],
  ['苏州易购电子商行', '郑老板'],
];
const MATERIAL_ALIASES = [
  ['USB-C 数据线 1米', '数据线'],
  ['20W 快充充电器', '充电头'],
  ['移动电源 10000mAh', '充电宝'],
  ['手机钢化膜', '贴膜'],
];
const MESSAGES: Array<[daysAgo: number, text: string]> = [
  [9, '钱总：数据线 50条，充电头 20个，后天送到'],
  [4, '南京博远贸易 要 无线蓝牙耳机 10个 智能手环 5个'],
  [1, '郑老板 明天要 充电宝 8个 贴膜 100张'],
];

/**
 * 演示公司's text recognition story (issue 24 item 5): the aliases its customers use, and three chat orders of the
 * last days recognised and saved as sales orders (their remark keeps the message). A company without these
 * customers and materials (the tests' own) gets the aliases it can make and no orders.
 */
export const textaiDemoActivity: DemoActivity = async (api) => {
  const customers = (await api.get('/supplier/findBySelect_cus')) as Array<{ id: number; name: string }>;
  const materials = (await api.get('/material/findBySelect?pageSize=200')).rows as Array<{ id: number; name: string }>;
  for (const [name, alias] of CUSTOMER_ALIASES) {
    const c = customers.find((x) => x.name === name);
    if (c) await api.post('/textai/alias/add', { kind: 'customer', targetId: c.id, alias });
  }
  for (const [name, alias] of MATERIAL_ALIASES) {
    const m = materials.find((x) => x.name === name);
    if (m) await api.post('/textai/alias/add', { kind: 'material', targetId: m.id, alias });
  }
  for (const word of ['条', '张']) await api.post('/textai/alias/add', { kind: 'unit', targetText: '个', alias: word });
  const depots = (await api.get('/depot/list?pageSize=20')).rows as Array<{ id: number }>;
  for (const [daysAgo, text] of MESSAGES) {
    const d = await api.post('/textai/recognize', { text });
    const lines = (d.lines as Array<{ barCode: string | null; qty: string | null; unitPrice: string | null }>).filter((l) => l.barCode && l.qty);
    if (!d.customer || lines.length === 0) continue;
    await api.post('/depotHead/addDepotHeadAndDetail', {
      info: {
        type: '其它',
        subType: '销售订单',
        operTime: at(daysAgo, 10),
        organId: d.customer.id,
        remark: `文本识别：${text}`.slice(0, 1000),
      },
      rows: lines.map((l) => ({ barCode: l.barCode, operNumber: l.qty, ...(l.unitPrice ? { unitPrice: l.unitPrice } : {}), depotId: depots[0]?.id })),
    });
  }
};

/**
 * The text recognition corpus: 50 chat messages written for the test (not taken from the recognizer's output), each
 * with the draft a person would type from it. The catalogue they name is seeded by the test (CATALOGUE below).
 * The clock is 2026-11-26 (a Thursday) while the corpus runs.
 */
export const CORPUS_TODAY = '2026-11-26T10:00:00';

export const CATALOGUE = {
  customers: ['张三', '李四', '王五', '赵六便利店', '华联超市', '永辉超市', '星光便利店', '老王小卖部', '城东餐厅', 'Acme Trading', '陈记烧烤'],
  /** [name, base unit, big unit (24 base units) or none, mnemonic] */
  materials: [
    ['可乐', '瓶', '箱', 'kl'],
    ['雪碧', '瓶', '箱', 'xb'],
    ['芬达', '瓶', '箱', ''],
    ['百事可乐', '瓶', '箱', ''],
    ['农夫山泉矿泉水', '瓶', '箱', ''],
    ['红牛', '罐', '箱', ''],
    ['王老吉', '罐', '箱', 'wlj'],
    ['青岛啤酒', '瓶', '箱', ''],
    ['康师傅红烧牛肉面', '包', '箱', ''],
    ['纯牛奶', '盒', '箱', ''],
    ['乐事薯片', '袋', '箱', ''],
    ['东北大米', '袋', '', ''],
    ['土鸡蛋', '斤', '', ''],
  ] as [string, string, string, string][],
  /** [kind, target name or unit word, alias] */
  aliases: [
    ['customer', '张三', '老张'],
    ['customer', 'Acme Trading', 'acme'],
    ['material', '可乐', '可口可乐'],
    ['material', '可乐', 'coke'],
    ['material', '可乐', 'cola'],
    ['material', '雪碧', 'sprite'],
    ['material', '芬达', 'fanta'],
    ['material', '红牛', 'red bull'],
    ['material', '纯牛奶', 'milk'],
    ['material', '青岛啤酒', 'beer'],
    ['unit', '箱', '件'],
  ] as ['customer' | 'material' | 'unit', string, string][],
};

export interface Expected {
  text: string;
  customer: string | null;
  /** [material, quantity, unit] */
  lines: [string, string, string][];
  date: string | null;
}

export const CORPUS: Expected[] = [
  {
    text: '张三 要 可乐 10箱 雪碧 5箱 明天送到',
    customer: '张三',
    lines: [
      ['可乐', '10', '箱'],
      ['雪碧', '5', '箱'],
    ],
    date: '2026-11-27',
  },
  {
    text: '李四要红牛3箱，王老吉2箱，后天送',
    customer: '李四',
    lines: [
      ['红牛', '3', '箱'],
      ['王老吉', '2', '箱'],
    ],
    date: '2026-11-28',
  },
  {
    text: '华联超市订货：青岛啤酒20箱 纯牛奶8箱，下周一送到',
    customer: '华联超市',
    lines: [
      ['青岛啤酒', '20', '箱'],
      ['纯牛奶', '8', '箱'],
    ],
    date: '2026-11-30',
  },
  {
    text: '老张：可口可乐五箱，芬达两箱',
    customer: '张三',
    lines: [
      ['可乐', '5', '箱'],
      ['芬达', '2', '箱'],
    ],
    date: null,
  },
  { text: '永辉超市 12月3日 到货 康师傅红烧牛肉面 30箱', customer: '永辉超市', lines: [['康师傅红烧牛肉面', '30', '箱']], date: '2026-12-03' },
  {
    text: '王五 雪碧24瓶 可乐12瓶 今天下午要',
    customer: '王五',
    lines: [
      ['雪碧', '24', '瓶'],
      ['可乐', '12', '瓶'],
    ],
    date: '2026-11-26',
  },
  {
    text: '星光便利店要乐事薯片10袋，红烧牛肉面5包',
    customer: '星光便利店',
    lines: [
      ['乐事薯片', '10', '袋'],
      ['康师傅红烧牛肉面', '5', '包'],
    ],
    date: null,
  },
  {
    text: '老王小卖部：10箱可乐，5箱雪碧，明天',
    customer: '老王小卖部',
    lines: [
      ['可乐', '10', '箱'],
      ['雪碧', '5', '箱'],
    ],
    date: '2026-11-27',
  },
  {
    text: '城东餐厅 青岛啤酒 15件 王老吉 6件 周六前送到',
    customer: '城东餐厅',
    lines: [
      ['青岛啤酒', '15', '箱'],
      ['王老吉', '6', '箱'],
    ],
    date: '2026-11-28',
  },
  {
    text: 'Acme Trading needs 10 cases of coke and 4 cases of sprite tomorrow',
    customer: 'Acme Trading',
    lines: [
      ['可乐', '10', '箱'],
      ['雪碧', '4', '箱'],
    ],
    date: '2026-11-27',
  },
  {
    text: '陈记烧烤 啤酒不要了，改成 青岛啤酒 8箱 红牛 2箱',
    customer: '陈记烧烤',
    lines: [
      ['青岛啤酒', '8', '箱'],
      ['红牛', '2', '箱'],
    ],
    date: null,
  },
  {
    text: '赵六便利店 东北大米 10袋 土鸡蛋 20斤 后天',
    customer: '赵六便利店',
    lines: [
      ['东北大米', '10', '袋'],
      ['土鸡蛋', '20', '斤'],
    ],
    date: '2026-11-28',
  },
  { text: '张三：百事可乐3箱', customer: '张三', lines: [['百事可乐', '3', '箱']], date: null },
  { text: '李四 农夫山泉 20箱 下周三送', customer: '李四', lines: [['农夫山泉矿泉水', '20', '箱']], date: '2026-12-02' },
  { text: '华联要纯牛奶十箱', customer: '华联超市', lines: [['纯牛奶', '10', '箱']], date: null },
  { text: '你好，我是王五，麻烦送可乐x10箱到店里，电话13800138000', customer: '王五', lines: [['可乐', '10', '箱']], date: null },
  {
    text: '永辉 芬达 3箱 雪碧 3箱 可乐 3箱 大后天到',
    customer: '永辉超市',
    lines: [
      ['芬达', '3', '箱'],
      ['雪碧', '3', '箱'],
      ['可乐', '3', '箱'],
    ],
    date: '2026-11-29',
  },
  {
    text: 'acme: milk 5 cases, red bull 2 cases, next Monday',
    customer: 'Acme Trading',
    lines: [
      ['纯牛奶', '5', '箱'],
      ['红牛', '2', '箱'],
    ],
    date: '2026-11-30',
  },
  {
    text: '星光便利店 明天 王老吉 24罐 红牛 24罐',
    customer: '星光便利店',
    lines: [
      ['王老吉', '24', '罐'],
      ['红牛', '24', '罐'],
    ],
    date: '2026-11-27',
  },
  {
    text: '老王小卖部 要 康师傅红烧牛肉面 2箱 乐事薯片 1箱',
    customer: '老王小卖部',
    lines: [
      ['康师傅红烧牛肉面', '2', '箱'],
      ['乐事薯片', '1', '箱'],
    ],
    date: null,
  },
  { text: '城东餐厅 12/5 青岛啤酒 30箱', customer: '城东餐厅', lines: [['青岛啤酒', '30', '箱']], date: '2026-12-05' },
  {
    text: '张三 可乐 雪碧 各来点，可乐8箱 雪碧6箱',
    customer: '张三',
    lines: [
      ['可乐', '8', '箱'],
      ['雪碧', '6', '箱'],
    ],
    date: null,
  },
  { text: '陈记烧烤：明天中午前送青岛啤酒十五箱', customer: '陈记烧烤', lines: [['青岛啤酒', '15', '箱']], date: '2026-11-27' },
  {
    text: '赵六便利店 下周五 纯牛奶 6箱 乐事薯片 4箱 芬达 2箱',
    customer: '赵六便利店',
    lines: [
      ['纯牛奶', '6', '箱'],
      ['乐事薯片', '4', '箱'],
      ['芬达', '2', '箱'],
    ],
    date: '2026-12-04',
  },
  { text: '王五要两箱红牛', customer: '王五', lines: [['红牛', '2', '箱']], date: null },
  { text: '李四 可乐 100瓶', customer: '李四', lines: [['可乐', '100', '瓶']], date: null },
  {
    text: '华联超市 2026-12-10 农夫山泉矿泉水 50箱 百事可乐 20箱',
    customer: '华联超市',
    lines: [
      ['农夫山泉矿泉水', '50', '箱'],
      ['百事可乐', '20', '箱'],
    ],
    date: '2026-12-10',
  },
  {
    text: 'Acme Trading: 20 cases beer, 10 cases fanta, Dec 8',
    customer: 'Acme Trading',
    lines: [
      ['青岛啤酒', '20', '箱'],
      ['芬达', '10', '箱'],
    ],
    date: '2026-12-08',
  },
  { text: '老张 明天再来5箱雪碧', customer: '张三', lines: [['雪碧', '5', '箱']], date: '2026-11-27' },
  {
    text: '永辉超市 土鸡蛋 50斤 东北大米 20袋',
    customer: '永辉超市',
    lines: [
      ['土鸡蛋', '50', '斤'],
      ['东北大米', '20', '袋'],
    ],
    date: null,
  },
  {
    text: '星光便利店：kl 5箱 xb 5箱',
    customer: '星光便利店',
    lines: [
      ['可乐', '5', '箱'],
      ['雪碧', '5', '箱'],
    ],
    date: null,
  },
  {
    text: '城东餐厅 王老吉3箱 红牛1箱 可乐2箱 雪碧2箱',
    customer: '城东餐厅',
    lines: [
      ['王老吉', '3', '箱'],
      ['红牛', '1', '箱'],
      ['可乐', '2', '箱'],
      ['雪碧', '2', '箱'],
    ],
    date: null,
  },
  { text: '李四说后天要纯牛奶12盒', customer: '李四', lines: [['纯牛奶', '12', '盒']], date: '2026-11-28' },
  {
    text: '老王小卖部 雪碧 3 箱, 芬达 3 箱, 下周一',
    customer: '老王小卖部',
    lines: [
      ['雪碧', '3', '箱'],
      ['芬达', '3', '箱'],
    ],
    date: '2026-11-30',
  },
  {
    text: '陈记烧烤 可乐 6箱 青岛啤酒 10箱 今天晚上6点前',
    customer: '陈记烧烤',
    lines: [
      ['可乐', '6', '箱'],
      ['青岛啤酒', '10', '箱'],
    ],
    date: '2026-11-26',
  },
  { text: '张三 康师傅牛肉面 10箱', customer: '张三', lines: [['康师傅红烧牛肉面', '10', '箱']], date: null },
  {
    text: '赵六便利店 薯片 5箱 牛奶 5箱',
    customer: '赵六便利店',
    lines: [
      ['乐事薯片', '5', '箱'],
      ['纯牛奶', '5', '箱'],
    ],
    date: null,
  },
  { text: '王五 12月1日 东北大米 5袋', customer: '王五', lines: [['东北大米', '5', '袋']], date: '2026-12-01' },
  {
    text: '华联超市 可乐 48瓶 雪碧 48瓶 芬达 24瓶 明天上午',
    customer: '华联超市',
    lines: [
      ['可乐', '48', '瓶'],
      ['雪碧', '48', '瓶'],
      ['芬达', '24', '瓶'],
    ],
    date: '2026-11-27',
  },
  {
    text: 'acme wants 3 cartons of red bull and 2 cartons of coke on friday',
    customer: 'Acme Trading',
    lines: [
      ['红牛', '3', '箱'],
      ['可乐', '2', '箱'],
    ],
    date: '2026-11-27',
  },
  { text: '星光便利店 百事可乐 10箱', customer: '星光便利店', lines: [['百事可乐', '10', '箱']], date: null },
  { text: '永辉超市：王老吉 二十箱，后天', customer: '永辉超市', lines: [['王老吉', '20', '箱']], date: '2026-11-28' },
  {
    text: '李四 青岛啤酒 12瓶 可乐 6瓶',
    customer: '李四',
    lines: [
      ['青岛啤酒', '12', '瓶'],
      ['可乐', '6', '瓶'],
    ],
    date: null,
  },
  { text: '城东餐厅 下下周一 农夫山泉 10箱', customer: '城东餐厅', lines: [['农夫山泉矿泉水', '10', '箱']], date: '2026-12-07' },
  { text: '老王小卖部 雪壁 4箱', customer: '老王小卖部', lines: [['雪碧', '4', '箱']], date: null },
  {
    text: '张三 可乐10箱雪碧5箱芬达2箱',
    customer: '张三',
    lines: [
      ['可乐', '10', '箱'],
      ['雪碧', '5', '箱'],
      ['芬达', '2', '箱'],
    ],
    date: null,
  },
  {
    text: '陈记烧烤 周日 红牛 5箱 王老吉 5箱',
    customer: '陈记烧烤',
    lines: [
      ['红牛', '5', '箱'],
      ['王老吉', '5', '箱'],
    ],
    date: '2026-11-29',
  },
  { text: '赵六便利店 要 纯牛奶 3箱 明天 谢谢', customer: '赵六便利店', lines: [['纯牛奶', '3', '箱']], date: '2026-11-27' },
  { text: '王五 wlj 10箱', customer: '王五', lines: [['王老吉', '10', '箱']], date: null },
  {
    text: '华联超市 1月5日 乐事薯片 20箱 康师傅红烧牛肉面 20箱',
    customer: '华联超市',
    lines: [
      ['乐事薯片', '20', '箱'],
      ['康师傅红烧牛肉面', '20', '箱'],
    ],
    date: '2027-01-05',
  },
];

/**
 * 15 further messages written after the recognizer was tuned on CORPUS and never tuned on: the honest figure of how
 * it does on text it has not seen (recorded beside the corpus figure; its floor is lower).
 */
export const HELD_OUT: Expected[] = [
  { text: '在吗？张三这边明天要十箱可乐', customer: '张三', lines: [['可乐', '10', '箱']], date: '2026-11-27' },
  {
    text: '李四：上次的红牛再来4箱，顺便带2箱芬达',
    customer: '李四',
    lines: [
      ['红牛', '4', '箱'],
      ['芬达', '2', '箱'],
    ],
    date: null,
  },
  {
    text: '华联超市下单 青岛啤酒*12箱 乐事薯片*6箱 周五送',
    customer: '华联超市',
    lines: [
      ['青岛啤酒', '12', '箱'],
      ['乐事薯片', '6', '箱'],
    ],
    date: '2026-11-27',
  },
  { text: '永辉超市 纯牛奶二十四盒', customer: '永辉超市', lines: [['纯牛奶', '24', '盒']], date: null },
  {
    text: 'Acme Trading - 6 cases of milk, 6 cases of beer. Deliver Dec 1',
    customer: 'Acme Trading',
    lines: [
      ['纯牛奶', '6', '箱'],
      ['青岛啤酒', '6', '箱'],
    ],
    date: '2026-12-01',
  },
  {
    text: '王五老板：雪碧 两件，可乐 三件，后天上午',
    customer: '王五',
    lines: [
      ['雪碧', '2', '箱'],
      ['可乐', '3', '箱'],
    ],
    date: '2026-11-28',
  },
  {
    text: '星光便利店补货：农夫山泉矿泉水 10箱；王老吉 5箱；红牛 5箱',
    customer: '星光便利店',
    lines: [
      ['农夫山泉矿泉水', '10', '箱'],
      ['王老吉', '5', '箱'],
      ['红牛', '5', '箱'],
    ],
    date: null,
  },
  {
    text: '城东餐厅订 东北大米 3袋、土鸡蛋 10斤，12月2号送',
    customer: '城东餐厅',
    lines: [
      ['东北大米', '3', '袋'],
      ['土鸡蛋', '10', '斤'],
    ],
    date: '2026-12-02',
  },
  { text: '陈记烧烤 青岛啤酒 二十箱 今晚要', customer: '陈记烧烤', lines: [['青岛啤酒', '20', '箱']], date: null },
  { text: '赵六便利店：康师傅方便面 3箱', customer: '赵六便利店', lines: [['康师傅红烧牛肉面', '3', '箱']], date: null },
  {
    text: '老王小卖部 百事 5箱 可口可乐 5箱',
    customer: '老王小卖部',
    lines: [
      ['百事可乐', '5', '箱'],
      ['可乐', '5', '箱'],
    ],
    date: null,
  },
  {
    text: '张三 下周二 雪碧 1箱 芬达 1箱 可乐 1箱',
    customer: '张三',
    lines: [
      ['雪碧', '1', '箱'],
      ['芬达', '1', '箱'],
      ['可乐', '1', '箱'],
    ],
    date: '2026-12-01',
  },
  { text: 'acme: 50 bottles of coke tomorrow', customer: 'Acme Trading', lines: [['可乐', '50', '瓶']], date: '2026-11-27' },
  {
    text: '永辉超市 薯片10箱 牛奶10箱 啤酒10箱',
    customer: '永辉超市',
    lines: [
      ['乐事薯片', '10', '箱'],
      ['纯牛奶', '10', '箱'],
      ['青岛啤酒', '10', '箱'],
    ],
    date: null,
  },
  { text: '李四 王老吉 48罐 星期六送', customer: '李四', lines: [['王老吉', '48', '罐']], date: '2026-11-28' },
];

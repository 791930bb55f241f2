/** What every new company starts with: dictionaries, material property aliases, roles. */

export const DICT_TYPES: Array<{ type: string; name: string; items: Array<[label: string, value: string, listClass?: string]> }> = [
  {
    type: 'customer_state',
    name: '客户状态',
    items: [
      ['潜在', '0', 'default'],
      ['意向', '1', 'processing'],
      ['成交', '2', 'success'],
      ['流失', '3', 'error'],
    ],
  },
  {
    type: 'customer_stage',
    name: '客户阶段',
    items: [
      ['初步接触', '0'],
      ['需求确认', '1'],
      ['方案报价', '2'],
      ['谈判签约', '3'],
    ],
  },
  {
    type: 'customer_grade',
    name: '客户等级',
    items: [
      ['A', 'A', 'success'],
      ['B', 'B', 'processing'],
      ['C', 'C', 'default'],
    ],
  },
  {
    type: 'customer_source',
    name: '客户来源',
    items: [
      ['电话', 'phone'],
      ['网站', 'web'],
      ['展会', 'exhibition'],
      ['转介绍', 'referral'],
    ],
  },
  {
    type: 'industry',
    name: '所属行业',
    items: [
      ['制造业', 'manufacturing'],
      ['批发零售', 'trade'],
      ['建筑工程', 'construction'],
      ['信息技术', 'it'],
    ],
  },
  {
    type: 'order_type',
    name: '订单类型',
    items: [
      ['普通订单', '0'],
      ['加急订单', '1'],
      ['样品订单', '2'],
    ],
  },
  {
    type: 'msg_type',
    name: '消息类型',
    items: [
      ['审批流程', '0'],
      ['商机任务', '1'],
      ['项目任务', '2'],
    ],
  },
  {
    type: 'sys_yes_no',
    name: '是否',
    items: [
      ['是', '1', 'success'],
      ['否', '0', 'default'],
    ],
  },
];

export const MATERIAL_PROPERTIES: Array<[nativeName: string, sort: string]> = [
  ['制造商', '01'],
  ['自定义1', '02'],
  ['自定义2', '03'],
  ['自定义3', '04'],
];

export const TENANT_ADMIN_ROLE = '租户管理员';
export const PLATFORM_ADMIN_ROLE = 'admin';
export const TRIAL_DAYS = 30;
export const TRIAL_USER_LIMIT = 3;

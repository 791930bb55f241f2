/**
 * The global menu tree (SPEC §2.2), one entry per screen area. Synced into sys_function at
 * every start, keyed by number. Buttons (push_btn): 1 edit, 2 audit, 3 import/export, 7 un-audit.
 */
export interface MenuNode {
  number: string;
  name: string;
  englishName: string;
  url: string;
  icon?: string;
  component?: string;
  pushBtn?: string;
  hidden?: boolean;
  platformOnly?: boolean;
  children?: MenuNode[];
}

export const BTN = { edit: '1', audit: '2', importExport: '3', unaudit: '7' } as const;
const BILL = '1,2,3,7';
const MASTER = '1,3';
const REPORT = '3';

type Leaf = [name: string, englishName: string, url: string, pushBtn?: string, extra?: Partial<MenuNode>];

function area(number: string, name: string, englishName: string, url: string, icon: string, leaves: Leaf[]): MenuNode {
  return {
    number,
    name,
    englishName,
    url,
    icon,
    component: '/layouts/RouteView',
    children: leaves.map(([n, en, u, btn, extra], i) => ({
      number: `${number}${String(i + 1).padStart(2, '0')}`,
      name: n,
      englishName: en,
      url: u,
      component: u,
      pushBtn: btn ?? '1',
      ...extra,
    })),
  };
}

export const MENU_TREE: MenuNode[] = [
  area('01', '零售管理', 'Retail', '/retail', 'shopping-cart', [
    ['零售出库', 'Retail outbound', '/bill/retail_out', BILL],
    ['零售退货', 'Retail return', '/bill/retail_back', BILL],
  ]),
  area('02', '采购管理', 'Purchasing', '/purchase', 'shopping', [
    ['请购单', 'Purchase request', '/bill/purchase_apply', BILL],
    ['采购订单', 'Purchase order', '/bill/purchase_order', BILL],
    ['采购入库', 'Purchase inbound', '/bill/purchase_in', BILL],
    ['采购退货', 'Purchase return', '/bill/purchase_back', BILL],
    ['采购需求', 'Procurement needs', '/bill/procurement_needs', MASTER],
  ]),
  area('03', '销售管理', 'Sales', '/sale', 'fund', [
    ['销售订单', 'Sales order', '/bill/sale_order', BILL],
    ['销售出库', 'Sale outbound', '/bill/sale_out', BILL],
    ['销售退货', 'Sales return', '/bill/sale_back', BILL],
    ['订单跟踪', 'Order tracking', '/bill/order_tracking', REPORT],
    ['发货单', 'Shipping order', '/bill/shipping_order', BILL],
    ['发货计划', 'Shipping plan', '/bill/shipping_plan', BILL],
    ['销售看板', 'Sales panel', '/bill/sale_panel', REPORT],
    ['文本识别', 'Text recognition', '/bill/text_recognition', '1'],
  ]),
  area('04', '仓库管理', 'Warehouse', '/depot', 'hdd', [
    ['其它入库', 'Other inbound', '/bill/other_in', BILL],
    ['其它出库', 'Other outbound', '/bill/other_out', BILL],
    ['调拨出库', 'Transfer', '/bill/allocation_out', BILL],
    ['组装单', 'Assembly', '/bill/assemble', BILL],
    ['拆卸单', 'Disassembly', '/bill/disassemble', BILL],
    ['领料单', 'Picking', '/bill/picking', BILL],
    ['委外单', 'Outsourcing', '/bill/outsourcing', BILL],
    ['盘点录入', 'Inventory count', '/bill/stock_check', BILL],
    ['盘点复盘', 'Inventory re-count', '/bill/stock_recheck', BILL],
    ['价格调整', 'Price adjustment', '/bill/price_adjust', BILL],
    ['安全库存', 'Safety stock', '/material/safety_stock', MASTER],
    ['库存预警', 'Inventory alerts', '/depot/inventory_alert', REPORT],
    ['仓库看板', 'Warehouse panel', '/depot/panel', REPORT],
    ['委外入库', 'Outsourcing receipt', '/bill/outsourcing_in', BILL],
    ['倒冲领料', 'Backflush', '/bill/backflush', BILL],
    ['生产退料', 'Production return', '/bill/production_return', BILL],
    ['完工入库', 'Finished goods receipt', '/bill/finished_in', BILL],
  ]),
  area('05', '财务管理', 'Finance', '/financial', 'money-collect', [
    ['收款单', 'Receipt', '/financial/money_in', BILL],
    ['付款单', 'Payment', '/financial/money_out', BILL],
    ['转账单', 'Transfer slip', '/financial/giro', BILL],
    ['收预付款', 'Advance receipt', '/financial/advance_in', BILL],
    ['付预付款', 'Advance payment', '/financial/advance_out', BILL],
    ['收入单', 'Other income', '/financial/item_in', BILL],
    ['支出单', 'Other expense', '/financial/item_out', BILL],
    ['应收发票', 'Receivable invoice', '/financial/receivable_invoice', BILL],
    ['应付发票', 'Payable invoice', '/financial/payable_invoice', BILL],
    ['核销明细', 'Write-off detail', '/financial/write_off_detail', REPORT],
    ['账户统计', 'Account statistics', '/financial/account_statistics', REPORT],
    ['应收账龄', 'Receivable ageing', '/financial/receivable_ageing', REPORT],
    ['应付账龄', 'Payable ageing', '/financial/payable_ageing', REPORT],
    ['试算平衡表', 'Trial balance', '/financial/trial_balance', REPORT],
    ['明细账', 'General ledger', '/financial/general_ledger', REPORT],
    ['期末结账', 'Period close', '/financial/period_close', '1'],
    // appended: the financial workbench, issue 14
    ['财务工作台', 'Financial workbench', '/financial/workbench', REPORT],
  ]),
  area('06', '生产管理', 'Manufacturing', '/manufacture', 'tool', [
    ['制造订单', 'Make order', '/manufacture/make_order', BILL],
    ['报价单', 'Quotation', '/manufacture/quotation', BILL],
    ['日排产', 'Day scheduling', '/manufacture/day_schedule', MASTER],
    ['生产需求', 'Production needs', '/manufacture/production_needs', MASTER],
    ['生产任务', 'Production tasks', '/manufacture/production_task', BILL],
    ['自动称重', 'Automatic weighing', '/manufacture/auto_weighing', MASTER],
    ['条码打印', 'Barcode printing', '/manufacture/barcode_print', MASTER],
    ['工艺路线', 'Process routes', '/process/route', MASTER],
    ['工序管理', 'Processes', '/process/process', MASTER],
    ['岗位管理', 'Positions', '/process/post', MASTER],
    ['生产工单', 'Work orders', '/productionManagement/workOrder', BILL],
    ['生产报工', 'Production reporting', '/productionManagement/reporting', BILL],
    ['排产甘特图', 'Scheduling gantt', '/productionManagement/scheduleProduction', MASTER, { hidden: true }],
    ['生产看板', 'Production panel', '/manufacture/panel', REPORT],
    // appended (numbers are positional): manufacturing master data, issue 16
    ['工作中心', 'Work centres', '/process/work_centre', MASTER],
    ['班组', 'Teams', '/process/team', MASTER],
    ['工作日历', 'Working calendar', '/process/calendar', MASTER],
    ['物料计划参数', 'Planning parameters', '/manufacture/item_plan', MASTER],
    // appended: device management, issue 17
    ['设备类型', 'Device types', '/device/type', MASTER],
    ['设备台账', 'Device ledger', '/device/ledger', MASTER],
    ['维修单', 'Repair orders', '/device/repair', BILL],
    ['点检项目', 'Inspection items', '/device/inspection_item', MASTER],
    ['点检计划', 'Inspection plans', '/device/inspection_plan', MASTER],
    ['点检任务', 'Inspection tasks', '/device/inspection_task', BILL],
    ['来料加工报表', 'CMT report', '/manufacture/cmt_report', REPORT],
    ['生产订单看板', 'Production order board', '/manufacture/order_board', REPORT],
    // appended: the manufacturing workbench, issue 16
    ['生产工作台', 'Manufacturing workbench', '/manufacture/workbench', REPORT],
    // appended: the data panel and the production head's workbench (make-global), issue 16
    ['生产数据面板', 'Manufacturing data panel', '/manufacture/data_panel', REPORT],
    ['生产总览', 'Production overview', '/manufacture/make_global', REPORT],
  ]),
  area('07', '质量管理', 'Quality', '/quality', 'safety-certificate', [
    ['来料检验', 'Incoming inspection', '/quality/incoming', BILL],
    ['出货检验', 'Outgoing inspection', '/quality/outgoing', BILL],
    ['制程检验', 'In-process inspection', '/quality/in_process', BILL],
    ['不良类型', 'Defect types', '/quality/defect_type', MASTER],
    ['检测项目', 'Detection items', '/quality/detection_item', MASTER],
    ['检测模板', 'Detection templates', '/quality/detection_template', MASTER],
    ['质检看板', 'Quality panel', '/quality/panel', REPORT],
    // appended (numbers are positional): quality projects and types, issue 18
    ['质检项目', 'Quality projects', '/quality/project', BILL],
    ['质检类型', 'Quality types', '/quality/type', MASTER],
  ]),
  area('08', '项目管理', 'Projects', '/project', 'project', [
    ['项目列表', 'Projects', '/project/list', BILL],
    ['项目任务', 'Tasks', '/project/task', MASTER],
    ['项目合同', 'Contracts', '/project/contract', BILL],
    ['项目付款', 'Payments', '/project/payment', BILL],
    ['项目收款', 'Collections', '/project/collection', BILL],
    ['项目费用', 'Expenses', '/project/expenses', BILL],
    ['项目风险', 'Risks', '/project/risk', MASTER],
    ['项目验收', 'Acceptance', '/project/acceptance', BILL],
    ['项目售后', 'After-sales', '/project/after_sales', MASTER],
    ['项目总结', 'Summary', '/project/summary', MASTER],
    ['交付物', 'Deliverables', '/project/deliverables', MASTER],
    ['资源定价', 'Resource pricing', '/project/resource_pricing', MASTER],
    ['项目报表', 'Project reports', '/project/report', REPORT],
    ['项目看板', 'Project panel', '/project/panel', REPORT],
    // appended (numbers are positional): the project workbench, issue 19
    ['项目工作台', 'Project workbench', '/project/workbench', REPORT],
    // appended (numbers are positional): the project settings' classification (项目分类), issue 19
    ['项目分类', 'Project categories', '/project/category', MASTER],
    // appended (numbers are positional): archives (项目档案, 合同档案: frozen dossiers), issue 19
    ['项目档案', 'Project archives', '/project/archive', MASTER],
    ['合同档案', 'Contract archives', '/project/contract_archive', MASTER],
  ]),
  area('09', '客户关系', 'CRM', '/crm', 'team', [
    ['商机管理', 'Business opportunities', '/crm/opportunity', MASTER],
    ['潜在客户', 'Potential customers', '/crm/potential_customer', MASTER],
    ['公海客户', 'High seas', '/crm/high_seas', MASTER],
    ['客户档案', 'Customer archives', '/crm/customer_archive', MASTER],
    ['跟进记录', 'Follow-up records', '/crm/follow_up', MASTER],
    ['邮件接收', 'E-mail reception', '/business/EmailIsReception', MASTER],
    ['任务模板', 'Task templates', '/crm/task_template', MASTER],
    ['客户标签', 'Customer tags', '/crm/label', MASTER],
    ['商机阶段', 'Opportunity stages', '/crm/stage', MASTER],
    ['汇率', 'Exchange rates', '/crm/exchange_rate', MASTER],
    ['销售仪表盘', 'Sales dashboard', '/crm/dashboard', REPORT],
  ]),
  area('10', '招投标', 'Bidding', '/bidding', 'audit', [
    ['保证金申请', 'Deposit application', '/bidding/deposit_apply', BILL],
    ['开标登记', 'Opening registration', '/bidding/opening', MASTER],
    ['竞争对手分析', 'Competitor analysis', '/bidding/competitor', MASTER],
    ['项目信息', 'Project information', '/bidding/project_info', MASTER],
    ['中标结果', 'Winning results', '/bidding/winning_result', MASTER],
    // appended (numbers are positional): the rest of SPEC §2.2's bidding entries and the bid workbench, issue 21
    ['招标清单', 'Tender items', '/bidding/tender_item', MASTER],
    ['项目状态', 'Project status', '/bidding/project_status', MASTER],
    ['费用申请', 'Fee application', '/bidding/fee_apply', BILL],
    ['踏勘调研', 'Survey', '/bidding/survey', MASTER],
    ['资质自评', 'Qualification self-assessment', '/bidding/qualification', MASTER],
    ['保证金回收', 'Deposit recovery', '/bidding/deposit_recover', MASTER],
    ['中标明细', 'Winning detail', '/bidding/winning_detail', REPORT],
    ['方案申请', 'Proposal request', '/bidding/proposal_request', MASTER],
    ['标书评审', 'Document review', '/bidding/document_review', MASTER],
    ['保证金汇总', 'Deposit summary', '/bidding/deposit_summary', REPORT],
    ['投标工作台', 'Bid workbench', '/bidding/workbench', REPORT],
    ['投标看板', 'Bidding dashboard', '/bidding/dashboard', REPORT],
  ]),
  area('11', '审批流程', 'Workflow', '/workflow', 'apartment', [
    ['我的待办', 'To-do', '/workflow/todo', '1'],
    ['已办任务', 'Done', '/workflow/done', '1'],
    ['我的任务', 'My tasks', '/workflow/my_task', '1'],
    ['全部任务', 'All tasks', '/workflow/all_tasks', REPORT],
    ['流程模板', 'Workflow templates', '/workflow/template', MASTER],
    ['代理设置', 'Delegation', '/workflow/agent', '1'],
  ]),
  area('12', '供应商协同', 'Supplier portal', '/portal', 'cluster', [
    ['到货通知', 'Arrival advice', '/portal/arrival_advice', BILL],
    ['订单进度反馈', 'Order progress', '/portal/order_progress', MASTER],
    ['供应商发货计划', 'Shipping plan', '/portal/shipping_plan', MASTER],
    ['供应商库存', 'Supplier inventory', '/portal/supplier_inventory', MASTER],
    ['协同看板', 'Portal panel', '/portal/panel', REPORT],
    // appended: supplier performance, issue 22
    ['供应商绩效', 'Supplier performance', '/portal/supplier_performance', REPORT],
  ]),
  area('13', '报表查询', 'Reports', '/report', 'pie-chart', [
    ['商品库存', 'Material stock', '/report/material_stock', REPORT],
    ['库存台账', 'Stock ledger', '/report/stock_ledger', REPORT],
    ['出入库明细', 'In/out detail', '/report/in_out_detail', REPORT],
    ['出入库汇总', 'In/out summary', '/report/in_out_summary', REPORT],
    ['调拨明细', 'Transfer detail', '/report/allocation_detail', REPORT],
    ['批次库存', 'Batch inventory', '/report/batch_inventory', REPORT],
    ['库存预警', 'Stock warning', '/report/stock_warning', REPORT],
    ['库龄分析', 'Inventory age', '/report/inventory_age', REPORT],
    ['滞销商品', 'Low-selling products', '/report/low_selling', REPORT],
    ['客户对账', 'Customer account', '/report/customer_account', REPORT],
    ['供应商对账', 'Vendor account', '/report/vendor_account', REPORT],
    ['账户报表', 'Account report', '/report/account_report', REPORT],
    ['收支报表', 'Income and expenses', '/report/income_expense', REPORT],
    ['利润表', 'Income statement', '/report/income_statement', REPORT],
    // appended: stock by reservoir area, issue 24
    ['库区库存', 'Stock by area', '/report/reservoir_area_stock', REPORT],
  ]),
  area('14', '商品管理', 'Material', '/material', 'appstore', [
    ['商品信息', 'Products', '/material/material', MASTER],
    ['商品类别', 'Categories', '/material/material_category', MASTER],
    ['多属性', 'Attributes', '/material/material_attribute', MASTER],
    ['扩展属性', 'Properties', '/material/material_property', MASTER],
    ['颜色库', 'Colour library', '/material/color_library', MASTER],
    ['物料清单', 'BOM', '/material/bom', MASTER],
    ['计量单位', 'Units', '/system/unit', MASTER],
    ['委外价格', 'Outsourcing prices', '/material/outsource_price', MASTER],
  ]),
  area('15', '基本资料', 'Master data', '/basic', 'database', [
    ['供应商信息', 'Suppliers', '/system/vendor', MASTER],
    ['客户信息', 'Customers', '/system/customer', MASTER],
    ['会员信息', 'Members', '/system/member', MASTER],
    ['仓库信息', 'Warehouses', '/system/depot', MASTER],
    ['结算账户', 'Settlement accounts', '/system/account', MASTER],
    ['收支项目', 'In/out items', '/system/in_out_item', MASTER],
    ['经手人管理', 'Handlers', '/system/person', MASTER],
  ]),
  area('16', '系统管理', 'System', '/system', 'setting', [
    ['角色管理', 'Roles', '/system/role', MASTER],
    ['用户管理', 'Users', '/system/user', MASTER],
    ['机构管理', 'Organizations', '/system/organization', MASTER],
    ['系统配置', 'System configuration', '/system/system_config', '1'],
    ['数据字典', 'Dictionaries', '/system/dict', MASTER],
    ['消息管理', 'Messages', '/system/msg', MASTER],
    ['条码规则', 'Barcode rules', '/system/barcode_rule', MASTER],
    ['编号规则', 'Identification numbers', '/system/serial_rule', MASTER],
    ['自定义字段', 'Custom fields', '/system/custom_field', MASTER],
    ['单据类型', 'Document types', '/system/document_type', MASTER],
    ['提醒设置', 'Reminder settings', '/system/reminder', MASTER],
    ['账期控制', 'Account period control', '/system/account_period', MASTER],
    ['操作日志', 'Logs', '/system/log', REPORT],
    ['插件管理', 'Plugins', '/system/plugin', MASTER],
    ['租户管理', 'Tenants', '/system/tenant', MASTER, { platformOnly: true }],
    ['功能管理', 'Functions', '/system/function', MASTER, { platformOnly: true }],
    ['平台配置', 'Platform configuration', '/system/platform_config', '1', { platformOnly: true }],
    // appended (numbers are positional and grants keep them): the background job list, issue 13
    ['后台任务', 'Background jobs', '/system/job', REPORT],
    // appended: system screens of issue 24
    ['分组管理', 'Groups', '/system/group', MASTER],
    ['联系人', 'Contacts', '/system/contact', MASTER],
    ['岗位状态', 'Position status', '/system/position_status', MASTER],
    ['库区管理', 'Reservoir areas', '/system/reservoir_area', MASTER],
    ['打印模板', 'Print templates', '/system/print_template', MASTER],
  ]),
  area('17', '数据看板', 'Dashboards', '/board', 'dashboard', [
    ['采购看板', 'Procurement board', '/board/procurement', REPORT],
    ['经营看板', 'Business operations', '/board/operations', REPORT],
    ['预警看板', 'Early warning', '/board/warning', REPORT],
    ['工作台', 'Workbench', '/board/workbench', REPORT],
    // appended: the purchase workbench, issue 22
    ['采购工作台', 'Purchase workbench', '/board/purchase_workbench', REPORT],
  ]),
];

export function flattenMenu(nodes: MenuNode[] = MENU_TREE, parent = '0'): Array<MenuNode & { parentNumber: string }> {
  return nodes.flatMap((n) => [{ ...n, parentNumber: parent }, ...flattenMenu(n.children ?? [], n.number)]);
}

import { useTranslation } from 'react-i18next';
import { i18n } from '../../platform/i18n/index.ts';

const NS = 'textai';
const zh = {
  intro: '粘贴客户发来的消息（如微信、短信里的订单），识别出客户、商品、数量、单位和交货日期，核对修改后保存为销售订单。',
  input: '消息文本',
  placeholder: '例如：张三 要 可乐 10箱 雪碧 5箱 明天送到',
  recognize: '识别',
  clear: '清空',
  result: '识别结果',
  nothing: '没有识别出客户或商品，请检查文本或在下方手动填写',
  kind: { customer: '客户', material: '商品', quantity: '数量', date: '日期' },
  customer: '客户',
  deliveryDate: '交货日期',
  depot: '仓库',
  material: '商品',
  qty: '数量',
  unit: '单位',
  price: '单价',
  amount: '金额',
  score: '匹配度 {{v}}%',
  addLine: '添加一行',
  remove: '删除',
  total: '合计 {{v}}',
  save: '保存为销售订单',
  saved: '已保存销售订单 {{number}}',
  openList: '查看销售订单',
  needCustomer: '请选择客户',
  needLines: '请至少录入一行明细',
  needLine: '第 {{n}} 行：请选择商品并填写数量',
};
const en: typeof zh = {
  intro:
    "Paste a customer's message (an order from a chat or a text message): the customer, materials, quantities, units and delivery date are recognised; check and correct them, then save a sales order.",
  input: 'Message',
  placeholder: 'e.g. Zhang San: cola 10 cases, sprite 5 cases, deliver tomorrow',
  recognize: 'Recognise',
  clear: 'Clear',
  result: 'Recognised',
  nothing: 'No customer or material recognised: check the text or fill in the draft below',
  kind: { customer: 'Customer', material: 'Material', quantity: 'Quantity', date: 'Date' },
  customer: 'Customer',
  deliveryDate: 'Delivery date',
  depot: 'Warehouse',
  material: 'Material',
  qty: 'Quantity',
  unit: 'Unit',
  price: 'Unit price',
  amount: 'Amount',
  score: 'Match {{v}}%',
  addLine: 'Add a line',
  remove: 'Remove',
  total: 'Total {{v}}',
  save: 'Save as sales order',
  saved: 'Sales order {{number}} saved',
  openList: 'Open sales orders',
  needCustomer: 'Choose a customer',
  needLines: 'Enter at least one line',
  needLine: 'Line {{n}}: choose a material and enter a quantity',
};

i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en-US', NS, en, true, true);

export const useTextaiT = () => useTranslation(NS);

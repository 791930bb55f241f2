import type { DemoActivity } from '../../platform/demo/demo-api.ts';
import { BUILTIN_TEMPLATE } from './builtin-template.ts';

/** A delivery note on the company's letterhead: what a sales desk prints for the driver and the customer to sign. */
const DELIVERY_NOTE = BUILTIN_TEMPLATE.replace('<h2>{{ doc.label }}</h2>', '<h2>{{ company.name }} 送货单</h2>')
  .replace(/<div class="company">.*<\/div>/, '<div class="company">{{ company.address }} 电话 {{ company.tel }}</div>')
  .replace('<p>金额大写', '<p>收货人请当面点清，如有破损请在签收时注明。</p>\n<p>金额大写');

/** 演示公司's print templates (issue 24 item 4): the delivery note as the sale outbound's default, and a compact purchase form. */
export const printingDemoActivity: DemoActivity = async (api) => {
  await api.post('/printTemplate/add', {
    name: '送货单',
    docKey: 'saleOut',
    paper: 'A4',
    isDefault: true,
    html: DELIVERY_NOTE,
    remark: '带公司抬头和签收提示',
  });
  await api.post('/printTemplate/add', { name: '采购入库（横版）', docKey: 'purchaseIn', paper: 'A5L', isDefault: false, html: BUILTIN_TEMPLATE });
};

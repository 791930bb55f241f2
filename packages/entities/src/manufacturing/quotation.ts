import { defineEntity, f } from '../kit/definition.ts';

/** A quoted product: quantity, minimum order quantity, price; the cost is rolled up from its BOM and route. */
export const quotationLine = defineEntity({
  name: 'quotationLine',
  table: 'mfg_quotation_line',
  area: 'manufacturing',
  kind: 'line',
  label: { zh: '报价明细', en: 'Quotation line' },
  menu: '/manufacture/quotation',
  fields: {
    quotationId: f.link('报价单', 'Quotation', { entity: 'quotation', required: true }),
    materialId: f.link('产品', 'Product', { entity: 'material', required: true }),
    quantity: f.quantity('数量', 'Quantity', { required: true, min: 0 }),
    moq: f.quantity('最小起订量', 'MOQ', { min: 0 }),
    unitPrice: f.money('单价', 'Unit price', { required: true, min: 0 }),
    costPrice: f.money('成本价', 'Cost', { min: 0, readOnly: true, price: true }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

/** A quotation (报价单, SPEC §3): becomes a sales order in one step. */
export const quotation = defineEntity({
  name: 'quotation',
  table: 'mfg_quotation',
  area: 'manufacturing',
  kind: 'document',
  label: { zh: '报价单', en: 'Quotation' },
  menu: '/manufacture/quotation',
  nameField: 'quotationNo',
  nameExistsMessage: '报价单号已存在',
  fields: {
    quotationNo: f.text('报价单号', 'Quotation no.', { max: 30, search: 'like', sort: true }),
    name: f.text('报价名称', 'Name', { required: true, max: 100, search: 'like' }),
    clientId: f.link('客户', 'Client', { entity: 'supplier', required: true, search: 'eq' }),
    currency: f.text('币种', 'Currency', { max: 10 }),
    validFrom: f.date('有效期从', 'Valid from'),
    validTo: f.date('有效期至', 'Valid to'),
    paymentTerm: f.text('付款条件', 'Payment term', { max: 100 }),
    priceTerm: f.text('价格条款', 'Price term', { max: 100 }),
    salePerson: f.text('业务员', 'Sales person', { max: 50 }),
    deliveryDate: f.date('交货日期', 'Delivery date'),
    saleOrderNo: f.text('销售订单号', 'Sales order no.', { max: 50, readOnly: true }),
    remark: f.text('备注', 'Remark', { max: 200 }),
    lines: f.lines('明细', 'Lines', { of: quotationLine, foreignKey: 'quotationId', maxLines: 200 }),
  },
});

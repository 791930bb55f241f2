/**
 * The layout a document type prints with until its company saves a template of its own, and the starting
 * point the editor offers. Liquid: `doc`, `lines`, `company` and `printedAt` (print-data.ts); filters money,
 * qty and capital (template-engine.ts).
 */
export const BUILTIN_TEMPLATE = `<style>
  body { font-family: 'Noto Sans CJK SC', 'Noto Sans SC', 'Microsoft YaHei', sans-serif; font-size: 12px; color: #222; }
  h2 { text-align: center; font-size: 18px; margin: 0 0 4px; }
  .company { text-align: center; margin-bottom: 8px; color: #555; }
  table { border-collapse: collapse; width: 100%; }
  .head td { padding: 2px 6px; }
  .lines th, .lines td { border: 1px solid #999; padding: 3px 6px; }
  .lines th { background: #f0f0f0; }
  .num { text-align: right; }
  .sign { display: flex; justify-content: space-between; margin-top: 28px; }
</style>
<h2>{{ doc.label }}</h2>
<div class="company">{{ company.name }}{% if company.address %} · {{ company.address }}{% endif %}{% if company.tel %} · {{ company.tel }}{% endif %}</div>
<table class="head">
  <tr>
    <td>单据编号：{{ doc.number }}</td>
    <td>单据日期：{{ doc.operTime }}</td>
    {% if doc.partnerLabel %}<td>{{ doc.partnerLabel }}：{{ doc.partnerName }}</td>{% endif %}
  </tr>
  <tr>
    {% if doc.linkNumber %}<td>关联单号：{{ doc.linkNumber }}</td>{% endif %}
    {% if doc.accounts %}<td>结算账户：{{ doc.accounts }}</td>{% endif %}
    <td>备注：{{ doc.remark }}</td>
  </tr>
</table>
<table class="lines" style="margin-top: 8px">
  <tr><th>序号</th><th>条码</th><th>名称</th><th>规格型号</th><th>单位</th><th>仓库</th><th>数量</th><th>单价</th><th>金额</th><th>备注</th></tr>
  {% for l in lines %}
  <tr>
    <td>{{ l.no }}</td><td>{{ l.barCode }}</td><td>{{ l.materialName }}</td><td>{{ l.spec }}</td><td>{{ l.unit }}</td>
    <td>{{ l.depotName }}</td><td class="num">{{ l.qty | qty }}</td><td class="num">{{ l.unitPrice | money }}</td>
    <td class="num">{{ l.amount | money }}</td><td>{{ l.remark }}</td>
  </tr>
  {% endfor %}
  <tr><td colspan="6">合计</td><td class="num">{{ doc.totalQty | qty }}</td><td></td><td class="num">{{ doc.totalPrice | money }}</td><td></td></tr>
</table>
{% if doc.partnerLabel %}
<p>优惠后金额：{{ doc.payable | money }}&emsp;本次{% if doc.inbound %}付款{% else %}收款{% endif %}：{{ doc.changeAmount | money }}&emsp;本单欠款：{{ doc.debt | money }}</p>
{% endif %}
<p>金额大写：{{ doc.payable | capital }}</p>
<div class="sign"><span>制单：{{ doc.creatorName }}</span><span>审核：</span><span>经手人：{{ doc.handsPersonName }}</span><span>{% if doc.inbound %}送货人{% else %}收货人{% endif %}：</span></div>
<div style="text-align: right; color: #999; font-size: 10px; margin-top: 8px">打印时间：{{ printedAt }}</div>
`;

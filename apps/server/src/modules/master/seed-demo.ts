import type { Tx } from '../../platform/db/database.ts';

/** Master data of the demo company: enough to try pickers, lists and exports at once. */
export async function seedDemoMasterData(tx: Tx, tenantId: number): Promise<void> {
  const ins = async (sql: string, params: unknown[]) => (await tx.one<{ id: number }>(`${sql} returning id`, [tenantId, ...params]))!.id;
  const keeper = await ins(`insert into person(tenant_id, name, type) values ($1, $2, '仓管员')`, ['王仓管']);
  await ins(`insert into person(tenant_id, name, type) values ($1, $2, '业务员')`, ['张销售']);
  await ins(`insert into person(tenant_id, name, type) values ($1, $2, '财务员')`, ['刘会计']);
  await ins(`insert into depot(tenant_id, name, address, principal, is_default, sort) values ($1, '总仓', '上海市浦东新区', $2, true, '1')`, [keeper]);
  await ins(`insert into depot(tenant_id, name, address, sort) values ($1, $2, '杭州市余杭区', '2')`, ['杭州分仓']);
  await ins(
    `insert into settlement_account(tenant_id, name, serial_no, initial_amount, current_amount, is_default) values ($1, '现金', 'A001', 5000, 5000, true)`,
    [],
  );
  await ins(`insert into settlement_account(tenant_id, name, serial_no, initial_amount, current_amount) values ($1, '工商银行', 'A002', 100000, 100000)`, []);
  for (const [name, type] of [
    ['房租', '支出'],
    ['水电费', '支出'],
    ['利息收入', '收入'],
  ])
    await ins(`insert into in_out_item(tenant_id, name, type) values ($1, $2, $3)`, [name, type]);
  await ins(`insert into partner(tenant_id, name, type, contacts, phone) values ($1, '华东电子供应有限公司', '供应商', '陈经理', '13800000001')`, []);
  await ins(`insert into partner(tenant_id, name, type, contacts, phone, grade) values ($1, '星辰商贸有限公司', '客户', '赵总', '13900000002', 'A')`, []);
  await ins(`insert into partner(tenant_id, name, type, phone, membership_card_number) values ($1, '李会员', '会员', '13700000003', 'VIP0001')`, []);
  await ins(`insert into unit(tenant_id, name, basic_unit, other_unit, ratio) values ($1, '个/箱(1:12)', '个', '箱', 12)`, []);
  const cat = await ins(`insert into material_category(tenant_id, name, serial_no) values ($1, '电子产品', 'C01')`, []);
  await ins(`insert into material_category(tenant_id, name, serial_no, parent_id) values ($1, '手机配件', 'C0101', $2)`, [cat]);
  await ins(`insert into material_attribute(tenant_id, attribute_name, attribute_value) values ($1, '颜色', '红色|黑色|白色')`, []);
}

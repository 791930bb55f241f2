import crypto from 'node:crypto';
import mysql from 'mysql2/promise';

/**
 * A small jshERP 3.x company written for the import test: jshERP's table and column names (only the
 * columns the import reads), our own data. Loaded into a fresh MariaDB database, dropped afterwards.
 */
export const MYSQL_ROOT = process.env.JSH_TEST_MYSQL ?? 'mysql://root@127.0.0.1:3306';
export const JSH_TENANT = 63;

const T = JSH_TENANT;
const run = crypto.randomBytes(3).toString('hex');

type Row = Record<string, string | number | null>;
export const FIXTURE: Record<string, { ddl: string; rows: Row[]; global?: boolean }> = {
  jsh_user: {
    ddl: 'id bigint primary key, username varchar(255), login_name varchar(255), password varchar(50), phonenum varchar(100), email varchar(100), position varchar(200), description varchar(500), ismanager tinyint, status tinyint',
    rows: [
      user(T, '老板', `jshboss_${run}`),
      { ...user(120, '库管小王', `jshclerk_${run}`), phonenum: '13900000000', position: '库管' },
      user(121, '没有角色的人', `jshnorole_${run}`),
      { ...user(122, '离职的人', `jshgone_${run}`), delete_flag: '1' },
    ],
  },
  jsh_role: {
    ddl: 'id bigint primary key, name varchar(50), type varchar(50), price_limit varchar(50), description varchar(100), enabled bit(1), sort varchar(10)',
    rows: [{ id: 4, name: `仓管${run}`, type: '全部数据', price_limit: '1', description: null, enabled: 1, sort: '1' }],
  },
  // jshERP's menu catalogue: global, no tenant_id
  jsh_function: {
    global: true,
    ddl: 'id bigint primary key, number varchar(50), name varchar(50), url varchar(100), push_btn varchar(50)',
    rows: [
      { id: 33, number: '0502', name: '采购入库', url: '/bill/purchase_in', push_btn: '1,2,3,7' },
      { id: 13, number: '0102', name: '仓库信息', url: '/system/depot', push_btn: '1,3' },
      { id: 250, number: '9901', name: '旧插件', url: '/plugin/legacy_thing', push_btn: '' },
    ],
  },
  jsh_user_business: {
    ddl: 'id bigint primary key, type varchar(50), key_id varchar(50), value text, btn_str varchar(2000)',
    rows: [
      { id: 1, type: 'RoleFunctions', key_id: '4', value: '[33][13][250]', btn_str: '[{"funId":"33","btnStr":"1,2,9"}]' },
      { id: 2, type: 'UserRole', key_id: '120', value: '[4]', btn_str: null },
    ],
  },
  jsh_system_config: {
    ddl: 'id bigint primary key, company_name varchar(50), company_contacts varchar(20), company_address varchar(50), company_tel varchar(20), company_fax varchar(20), company_post_code varchar(20), sale_agreement varchar(500), minus_stock_flag varchar(1), purchase_by_sale_flag varchar(1), over_link_bill_flag varchar(1)',
    rows: [
      {
        id: 11,
        company_name: '旧公司',
        company_contacts: '王经理',
        company_address: '上海',
        company_tel: '021-5555',
        company_fax: null,
        company_post_code: null,
        sale_agreement: null,
        minus_stock_flag: '0',
        purchase_by_sale_flag: '0',
        over_link_bill_flag: '1',
      },
    ],
  },
  jsh_unit: {
    ddl: 'id bigint primary key, name varchar(50), basic_unit varchar(50), other_unit varchar(50), other_unit_two varchar(50), other_unit_three varchar(50), ratio decimal(24,3), ratio_two decimal(24,3), ratio_three decimal(24,3), enabled bit(1)',
    rows: [
      {
        id: 1,
        name: '个',
        basic_unit: '个',
        other_unit: null,
        other_unit_two: null,
        other_unit_three: null,
        ratio: null,
        ratio_two: null,
        ratio_three: null,
        enabled: 1,
      },
      {
        id: 2,
        name: '瓶/(箱=12瓶)',
        basic_unit: '瓶',
        other_unit: '箱',
        other_unit_two: null,
        other_unit_three: null,
        ratio: 12,
        ratio_two: null,
        ratio_three: null,
        enabled: 1,
      },
    ],
  },
  jsh_material_category: {
    ddl: 'id bigint primary key, name varchar(50), category_level smallint, parent_id bigint, sort varchar(10), serial_no varchar(100), remark varchar(1024)',
    rows: [
      { id: 1, name: '饮料', category_level: 1, parent_id: -1, sort: '1', serial_no: 'YL', remark: null },
      { id: 2, name: '果汁', category_level: 2, parent_id: 1, sort: '1', serial_no: 'GZ', remark: null },
      { id: 3, name: '孤儿类别', category_level: 2, parent_id: 99, sort: '2', serial_no: null, remark: null },
    ],
  },
  jsh_depot: {
    ddl: 'id bigint primary key, name varchar(20), address varchar(50), warehousing decimal(24,6), truckage decimal(24,6), type int, sort varchar(10), remark varchar(100), enabled bit(1), is_default bit(1)',
    rows: [
      { id: 14, name: '一号仓', address: '东区', warehousing: 0, truckage: 0, type: 0, sort: '1', remark: null, enabled: 1, is_default: 1 },
      { id: 15, name: '二号仓', address: null, warehousing: null, truckage: null, type: 0, sort: '2', remark: null, enabled: 1, is_default: 0 },
      {
        id: 16,
        name: '废弃仓',
        address: null,
        warehousing: null,
        truckage: null,
        type: 0,
        sort: '3',
        remark: null,
        enabled: 1,
        is_default: 0,
        delete_flag: '1',
      },
    ],
  },
  jsh_person: {
    ddl: 'id bigint primary key, type varchar(20), name varchar(50), enabled bit(1), sort varchar(10)',
    rows: [{ id: 5, type: '业务员', name: '李四', enabled: 1, sort: '1' }],
  },
  jsh_account: {
    ddl: 'id bigint primary key, name varchar(50), serial_no varchar(50), initial_amount decimal(24,6), current_amount decimal(24,6), remark varchar(100), enabled bit(1), sort varchar(10), is_default bit(1)',
    rows: [
      { id: 17, name: '现金', serial_no: 'XJ', initial_amount: 1000, current_amount: 880, remark: null, enabled: 1, sort: '1', is_default: 1 },
      { id: 18, name: '工行', serial_no: 'GH', initial_amount: 5000.5, current_amount: 5060.5, remark: null, enabled: 0, sort: '2', is_default: 0 },
    ],
  },
  jsh_supplier: {
    ddl: 'id bigint primary key, supplier varchar(255), contacts varchar(100), phone_num varchar(30), email varchar(50), description varchar(500), type varchar(20), enabled bit(1), advance_in decimal(24,6), begin_need_get decimal(24,6), begin_need_pay decimal(24,6), all_need_get decimal(24,6), all_need_pay decimal(24,6), fax varchar(30), telephone varchar(30), address varchar(100), tax_num varchar(50), bank_name varchar(50), account_number varchar(50), tax_rate decimal(24,6), sort varchar(10)',
    rows: [
      { ...partner(57, '甲供应商', '供应商'), begin_need_pay: 300, all_need_pay: 332, telephone: '13800000000', email: 'a@b.cn' },
      { ...partner(58, '乙客户', '客户'), begin_need_get: 200, all_need_get: 210, phone_num: '021-1234', email: 'not-an-email' },
      { ...partner(59, '丙会员', '会员') },
    ],
  },
  jsh_material: {
    ddl: 'id bigint primary key, category_id bigint, name varchar(100), mfrs varchar(50), model varchar(100), standard varchar(100), brand varchar(100), mnemonic varchar(100), color varchar(50), unit varchar(50), remark varchar(500), unit_id bigint, expiry_num int, weight decimal(24,6), enabled bit(1), other_field1 varchar(500), other_field2 varchar(500), other_field3 varchar(500), enable_serial_number varchar(1), enable_batch_number varchar(1), position varchar(100)',
    rows: [
      { ...material(568, '橙汁', 2), unit_id: 2, standard: '500ml' },
      { ...material(569, '螺丝', null), unit: '个', model: 'M6' },
      { ...material(570, '删掉的商品', null), unit: '个', delete_flag: '1' },
      { ...material(571, '孤儿商品', 3), unit: '个' },
    ],
  },
  jsh_material_extend: {
    ddl: 'id bigint primary key, material_id bigint, bar_code varchar(50), commodity_unit varchar(50), sku varchar(50), purchase_decimal decimal(24,6), commodity_decimal decimal(24,6), wholesale_decimal decimal(24,6), low_decimal decimal(24,6), default_flag varchar(1)',
    rows: [
      {
        id: 31,
        material_id: 568,
        bar_code: `J${run}1`,
        commodity_unit: '瓶',
        sku: null,
        purchase_decimal: 3,
        commodity_decimal: 6,
        wholesale_decimal: 5,
        low_decimal: 4,
        default_flag: '1',
      },
      {
        id: 32,
        material_id: 568,
        bar_code: `J${run}2`,
        commodity_unit: '箱',
        sku: null,
        purchase_decimal: 36,
        commodity_decimal: 72,
        wholesale_decimal: 60,
        low_decimal: 48,
        default_flag: '0',
      },
      {
        id: 33,
        material_id: 569,
        bar_code: `S${run}1`,
        commodity_unit: '个',
        sku: null,
        purchase_decimal: 1,
        commodity_decimal: 3,
        wholesale_decimal: 2,
        low_decimal: null,
        default_flag: '1',
      },
      {
        id: 34,
        material_id: 571,
        bar_code: `O${run}1`,
        commodity_unit: '个',
        sku: null,
        purchase_decimal: 1,
        commodity_decimal: 1,
        wholesale_decimal: 1,
        low_decimal: null,
        default_flag: '1',
      },
    ],
  },
  jsh_material_initial_stock: {
    ddl: 'id bigint primary key, material_id bigint, depot_id bigint, number decimal(24,6), low_safe_stock decimal(24,6), high_safe_stock decimal(24,6)',
    rows: [{ id: 1, material_id: 569, depot_id: 14, number: 50, low_safe_stock: 5, high_safe_stock: null }],
  },
  jsh_depot_head: {
    ddl: 'id bigint primary key, type varchar(50), sub_type varchar(50), default_number varchar(50), number varchar(50), create_time datetime, oper_time datetime, organ_id bigint, creator bigint, account_id bigint, change_amount decimal(24,6), total_price decimal(24,6), pay_type varchar(50), bill_type varchar(50), remark varchar(1000), sales_man varchar(50), discount decimal(24,6), discount_money decimal(24,6), discount_last_money decimal(24,6), other_money decimal(24,6), debt decimal(24,6), status varchar(1), account_id_list varchar(50), account_money_list varchar(200), link_number varchar(50)',
    rows: [
      // jshERP keeps what is paid out of a purchase as negative amounts
      // a purchase order, completed by inbound 201 (its first line claims the order's line)
      { ...head(209, '其它', '采购订单', 'CGDD00000000209', '2026-09-30 09:00:00', 57, null, 0, -60), status: '2' },
      { ...head(201, '入库', '采购', 'CGRK00000000201', '2026-10-01 09:00:00', 57, 17, -100, -132), link_number: 'CGDD00000000209' },
      head(202, '出库', '销售', 'XSCK00000000202', '2026-10-05 10:00:00', 58, 18, 50, 60),
      head(203, '出库', '调拨', 'DBCK00000000203', '2026-10-06 11:00:00', null, null, 0, 0),
      { ...head(204, '入库', '其它', 'QTRK00000000204', '2026-10-07 12:00:00', 57, null, 0, 99), delete_flag: '1' },
      head(205, '入库', '采购', 'CGRK00000000205', '2026-10-08 13:00:00', 57, 17, 0, 10),
      head(206, '入库', '其它', 'QTRK00000000206', '2026-10-09 14:00:00', null, null, 0, 0),
      // 多账户: paid into two accounts
      { ...head(208, '出库', '销售', 'XSCK00000000208', '2026-10-11 09:30:00', 58, null, 15, 20), account_id_list: '17,18', account_money_list: '10,5' },
      head(207, '其它', '盘点复盘', 'PDFP00000000207', '2026-10-10 15:00:00', null, null, 0, 0),
    ],
  },
  jsh_in_out_item: {
    ddl: 'id bigint primary key, name varchar(50), type varchar(20), remark varchar(100), enabled bit(1), sort varchar(10)',
    rows: [{ id: 21, name: '房租', type: '支出', remark: null, enabled: 1, sort: '1' }],
  },
  jsh_account_head: {
    ddl: 'id bigint primary key, type varchar(50), organ_id bigint, hands_person_id bigint, creator bigint, change_amount decimal(24,6), discount_money decimal(24,6), total_price decimal(24,6), account_id bigint, bill_no varchar(50), bill_time datetime, remark varchar(1000), status varchar(1)',
    rows: [
      // a receipt against sale 202 (on the day after it), a payment against the skipped purchase 205, rent paid
      finHead(401, '收款', 58, 18, 5, 'SK00000000401', '2026-10-06 08:00:00'),
      finHead(402, '付款', 57, 17, -3, 'FK00000000402', '2026-10-12 08:00:00'),
      finHead(403, '支出', null, 17, -30, 'ZC00000000403', '2026-10-12 09:00:00'),
    ],
  },
  jsh_account_item: {
    ddl: 'id bigint primary key, header_id bigint, account_id bigint, in_out_item_id bigint, bill_id bigint, need_debt decimal(24,6), finish_debt decimal(24,6), each_amount decimal(24,6), remark varchar(500)',
    rows: [
      { id: 501, header_id: 401, account_id: null, in_out_item_id: null, bill_id: 202, need_debt: 10, finish_debt: 0, each_amount: 5, remark: null },
      { id: 502, header_id: 402, account_id: null, in_out_item_id: null, bill_id: 205, need_debt: 10, finish_debt: 0, each_amount: -3, remark: null },
      { id: 503, header_id: 403, account_id: null, in_out_item_id: 21, bill_id: null, need_debt: null, finish_debt: null, each_amount: -30, remark: '十月' },
    ],
  },
  jsh_depot_item: {
    ddl: 'id bigint primary key, header_id bigint, material_id bigint, material_extend_id bigint, material_unit varchar(20), sku varchar(50), oper_number decimal(24,6), basic_number decimal(24,6), unit_price decimal(24,6), tax_unit_price decimal(24,6), all_price decimal(24,6), remark varchar(500), depot_id bigint, another_depot_id bigint, tax_rate decimal(24,6), tax_money decimal(24,6), tax_last_money decimal(24,6), material_type varchar(20), sn_list varchar(2000), batch_number varchar(100), expiration_date datetime, link_id bigint',
    rows: [
      { ...item(301, 201, 568, 31, '瓶', 20, 20, 3, 14), link_id: 311 },
      item(311, 209, 568, 31, '瓶', 20, 20, 3, 14),
      item(302, 201, 568, 32, '箱', 2, 24, 36, 14),
      item(303, 202, 568, 31, '瓶', 10, 10, 5, 14),
      item(304, 202, 569, 33, '个', 5, 5, 2, 14),
      { ...item(305, 203, 569, 33, '个', 10, 10, 0, 14), another_depot_id: 15 },
      item(306, 204, 569, 33, '个', 99, 99, 1, 14),
      item(307, 205, 999, null, '个', 10, 10, 1, 14),
      item(308, 206, 569, 33, '个', 5, 5, 0, 15),
      item(309, 207, 569, 33, '个', 1, 1, 0, 15),
      item(310, 208, 568, 31, '瓶', 4, 4, 5, 14),
    ],
  },
};

function finHead(id: number, type: string, organ: number | null, account: number, amount: number, no: string, time: string): Row {
  return {
    id,
    type,
    organ_id: organ,
    hands_person_id: null,
    creator: T,
    change_amount: amount,
    discount_money: 0,
    total_price: amount,
    account_id: account,
    bill_no: no,
    bill_time: time,
    remark: null,
    status: '1',
  };
}

function user(id: number, name: string, login: string): Row {
  return {
    id,
    username: name,
    login_name: login,
    password: 'e10adc3949ba59abbe56e057f20f883e',
    phonenum: null,
    email: null,
    position: null,
    description: null,
    ismanager: 1,
    status: 0,
  };
}

function partner(id: number, name: string, type: string): Row {
  return {
    id,
    supplier: name,
    contacts: null,
    phone_num: null,
    email: null,
    description: null,
    type,
    enabled: 1,
    advance_in: 0,
    begin_need_get: null,
    begin_need_pay: null,
    all_need_get: null,
    all_need_pay: null,
    fax: null,
    telephone: null,
    address: null,
    tax_num: null,
    bank_name: null,
    account_number: null,
    tax_rate: null,
    sort: null,
  };
}

function material(id: number, name: string, category: number | null): Row {
  const none = { mfrs: null, model: null, standard: null, brand: null, mnemonic: null, color: null, unit: null, remark: null, unit_id: null };
  return {
    id,
    category_id: category,
    name,
    ...none,
    expiry_num: null,
    weight: null,
    enabled: 1,
    other_field1: null,
    other_field2: null,
    other_field3: null,
    enable_serial_number: '0',
    enable_batch_number: '0',
    position: null,
  };
}

function head(
  id: number,
  type: string,
  sub: string,
  no: string,
  time: string,
  organ: number | null,
  account: number | null,
  change: number,
  total: number,
): Row {
  return {
    id,
    type,
    sub_type: sub,
    default_number: no,
    number: no,
    create_time: time,
    oper_time: time,
    organ_id: organ,
    creator: T,
    account_id: account,
    change_amount: change,
    total_price: total,
    pay_type: '现付',
    bill_type: null,
    remark: null,
    sales_man: null,
    discount: 0,
    discount_money: 0,
    discount_last_money: Math.abs(total),
    other_money: 0,
    debt: Math.abs(total) - Math.abs(change),
    status: '1',
    account_id_list: null,
    account_money_list: null,
    link_number: null,
  };
}

function item(id: number, header: number, materialId: number, ext: number | null, unit: string, qty: number, basic: number, price: number, depot: number): Row {
  return {
    id,
    header_id: header,
    material_id: materialId,
    material_extend_id: ext,
    material_unit: unit,
    sku: null,
    oper_number: qty,
    basic_number: basic,
    unit_price: price,
    tax_unit_price: price,
    all_price: qty * price,
    remark: null,
    depot_id: depot,
    another_depot_id: null,
    tax_rate: 0,
    tax_money: 0,
    tax_last_money: qty * price,
    material_type: null,
    sn_list: null,
    batch_number: null,
    expiration_date: null,
    link_id: null,
  };
}

/** Creates the fixture database; returns its URL and a function that drops it. Fails if MariaDB is unreachable. */
export async function loadFixture(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `jsh_fixture_${crypto.randomBytes(4).toString('hex')}`;
  const root = await mysql.createConnection({ uri: MYSQL_ROOT });
  await root.query(`create database \`${name}\` character set utf8mb4`);
  await root.query(`use \`${name}\``);
  for (const [table, { ddl, rows, global }] of Object.entries(FIXTURE)) {
    await root.query(`create table \`${table}\` (${ddl}, ${global ? '' : 'tenant_id bigint, '}delete_flag varchar(1) default '0')`);
    for (const r of rows) {
      const row = { delete_flag: '0', ...r, ...(global ? {} : { tenant_id: T }) };
      const cols = Object.keys(row);
      await root.query(`insert into \`${table}\` (${cols.map((c) => `\`${c}\``).join(', ')}) values (${cols.map(() => '?').join(', ')})`, Object.values(row));
    }
  }
  return {
    url: `${MYSQL_ROOT}/${name}`,
    drop: async () => {
      await root.query(`drop database if exists \`${name}\``);
      await root.end();
    },
  };
}

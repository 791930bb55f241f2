import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/**
 * Bulk rows for the list benchmark, set-based (one INSERT … SELECT generate_series per table and
 * tenant). Names mix Chinese words, latin brands and codes, so a fuzzy search has realistic hits;
 * every value is a pure function of the row number, so runs are comparable.
 */
const NOUNS = [
  '螺丝',
  '螺母',
  '轴承',
  '齿轮',
  '弹簧',
  '垫片',
  '电机',
  '电缆',
  '开关',
  '插座',
  '灯泡',
  '水管',
  '阀门',
  '法兰',
  '钻头',
  '锯片',
  '手套',
  '口罩',
  '胶带',
  '油漆',
  '茶叶',
  '饼干',
  '牛奶',
  '咖啡',
  '大米',
  '面粉',
  '酱油',
  '纸巾',
  '笔记本',
  '文件夹',
];
const ADJS = ['不锈钢', '碳钢', '黄铜', '塑料', '加厚', '防水', '耐高温', '进口', '国产', '经济型', '工业级', '迷你', '加长', '静音', '食品级'];
const BRANDS = [
  'Bosch',
  'Makita',
  'Stanley',
  'SKF',
  'Philips',
  'Siemens',
  'Omron',
  'Nestle',
  'Deli',
  'Haier',
  'Midea',
  'Delixi',
  'Chint',
  'Festo',
  'Parker',
  'Legrand',
  'Schneider',
  'Hikvision',
  'Lenovo',
  '3M',
];
const COLORS = ['红', '黄', '蓝', '绿', '黑', '白', '灰', '银'];
const UNITS = ['个', '件', '箱', '包', '米', '千克'];
const CITIES = ['北京', '上海', '广州', '深圳', '杭州', '南京', '成都', '武汉', '西安', '苏州', '天津', '重庆', '长沙', '青岛', '宁波'];
const TRADES = ['五金', '电子', '机械', '贸易', '食品', '建材', '化工', '物流', '科技', '商贸'];
const SYLLABLES = ['Hua', 'Jin', 'Long', 'Xin', 'Tai', 'Feng', 'Da', 'Sheng', 'Kang', 'Yuan', 'Hong', 'Ming', 'Rui', 'Bao', 'Tian', 'Heng'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴'];
const CATEGORIES = 60;

/** A pseudo-random but fixed pick from an array literal by row number g; each salt picks independently. */
const pick = (arr: string[], salt: number) => `(${lit(arr)})[1 + mod(hashint8(g + ${salt}::bigint * 100000000)::bigint + 2147483648, ${arr.length})::int]`;
const lit = (arr: string[]) => `array[${arr.map((s) => `'${s}'`).join(',')}]::text[]`;

export interface SeedCounts {
  materials: number;
  barcodes: number;
  partners: number;
}

/** Categories, materials (one barcode each, every 7th a second one) and partners for one tenant. */
export async function seedTenant(c: pg.Client, tenantId: number, rows: number): Promise<void> {
  await c.query(
    `insert into material_category (tenant_id, name, serial_no, sort)
     select $1, ${pick(NOUNS, 1)} || '类' || g, lpad(g::text, 3, '0'), g::text from generate_series(1, ${CATEGORIES}) g`,
    [tenantId],
  );
  const cats = (await c.query<{ ids: number[] }>('select array_agg(id order by id) as ids from material_category where tenant_id = $1', [tenantId])).rows[0]
    .ids;
  // rows are created over about three years, oldest first, so ids grow with created_at as in real use
  await c.query(
    `insert into material (tenant_id, name, category_id, standard, model, color, brand, unit, manufacturer, enabled, delete_flag, created_at, updated_at)
     select $1,
            ${pick(ADJS, 7)} || ${pick(NOUNS, 13)} || ' ' || ${pick(BRANDS, 31)} || ' ' || upper(to_hex((g * 2654435761) % 1048576)),
            ($2::bigint[])[1 + ((g * 37) % ${cats.length})::int],
            ((g % 50) + 1) || 'mm', 'M' || lpad(g::text, 8, '0'), ${pick(COLORS, 3)}, ${pick(BRANDS, 31)}, ${pick(UNITS, 5)},
            ${pick(CITIES, 11)} || ${pick(TRADES, 17)} || '厂',
            g % 10 <> 0, g % 100 = 50,
            ts, ts
       from generate_series(1, $3::bigint) g, lateral (select timestamptz '2023-11-01' + (g::float8 / $3) * interval '1095 days' as ts) x`,
    [tenantId, cats, rows],
  );
  await c.query(
    `insert into material_extend (tenant_id, material_id, bar_code, commodity_unit, purchase_decimal, commodity_decimal, wholesale_decimal, default_flag, created_at, updated_at)
     select m.tenant_id, m.id, '69' || lpad(((m.id * 48271) % 100000000000)::text, 11, '0'), m.unit,
            ((m.id * 7) % 10000) / 100.0, ((m.id * 7) % 10000) / 80.0, ((m.id * 7) % 10000) / 90.0, true, m.created_at, m.created_at
       from material m where m.tenant_id = $1
     union all
     select m.tenant_id, m.id, '16' || lpad(((m.id * 48271) % 100000000000)::text, 11, '0'), '箱', null, null, null, false, m.created_at, m.created_at
       from material m where m.tenant_id = $1 and m.id % 7 = 0`,
    [tenantId],
  );
  await c.query(
    `insert into partner (tenant_id, name, type, contacts, phone, email, address, membership_card_number, advance_in, begin_need_get, begin_need_pay,
                          enabled, delete_flag, created_at, updated_at)
     select $1, ${pick(CITIES, 11)} || ${pick(SYLLABLES, 7)} || lower(${pick(SYLLABLES, 8)}) || ${pick(TRADES, 13)} || case when type = '会员' then '会员' else '有限公司' end || ' ' || g,
            type, ${pick(SURNAMES, 3)} || ${pick(['伟', '芳', '娜', '敏', '静', '强', '磊', '洋'], 5)},
            '13' || lpad(((g * 7919) % 1000000000)::text, 9, '0'), 'p' || g || '@example.com', ${pick(CITIES, 17)} || '市' || (g % 300) || '号',
            case when type = '会员' then 'VIP' || lpad(g::text, 9, '0') end,
            case when type = '会员' then (g % 500)::numeric end, ((g * 13) % 100000) / 100.0, ((g * 17) % 100000) / 100.0,
            g % 10 <> 0, g % 100 = 50, ts, ts
       from generate_series(1, $2::bigint) g,
            lateral (select case when g % 10 < 3 then '供应商' when g % 10 < 8 then '客户' else '会员' end as type,
                            timestamptz '2023-11-01' + (g::float8 / $2) * interval '1095 days' as ts) x`,
    [tenantId, rows],
  );
}

const LIST_INDEXES = path.resolve(import.meta.dirname, '../../db/migrations/012_list_indexes.sql');

/**
 * Loads every tenant with the list indexes of migration 012 dropped, then runs that migration's
 * SQL again (it is idempotent) so they are built in bulk, and vacuums so index-only scans work.
 */
export async function seedAll(c: pg.Client, tenants: Array<{ id: number; rows: number }>): Promise<void> {
  const names = [...fs.readFileSync(LIST_INDEXES, 'utf8').matchAll(/create index if not exists (\w+)/g)].map((m) => m[1]);
  for (const n of names) await c.query(`drop index if exists ${n}`);
  await c.query("set maintenance_work_mem = '512MB'");
  for (const t of tenants) await seedTenant(c, t.id, t.rows);
  await c.query(fs.readFileSync(LIST_INDEXES, 'utf8'));
  await c.query('vacuum analyze material, material_extend, partner, material_category');
}

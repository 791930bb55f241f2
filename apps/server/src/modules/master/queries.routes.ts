import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { notFound } from '../../platform/errors.ts';

/** SPEC §7.5–§7.6 look-ups that pickers and selects use; all read enabled, live rows of the company. */
const id = z.strictObject({ id: z.coerce.number().int().positive() });
const PARTNER_MENUS = ['/system/vendor', '/system/customer', '/system/member'] as const;
// bill screens pick partners, persons and accounts too, so any signed-in user may read these short lists
const pickers = 'user' as const;

const partnerSelect = (url: string, type: string | null, summary: string) =>
  defineRoute({
    method: 'GET',
    url,
    summary,
    tags: ['supplier'],
    access: pickers,
    query: z.strictObject({ q: z.string().max(100).optional() }),
    handler: ({ tx, session, query }) =>
      tx.query(
        `select id, name as supplier, name, type, contacts, phone, membership_card_number as "membershipCardNumber",
                advance_in::float8 as "advanceIn", tax_rate::float8 as "taxRate"
           from partner where tenant_id = $1 and not delete_flag and enabled and ($2::text is null or type = $2)
            and ($3::text is null or name ilike '%' || $3 || '%' or phone like $3 || '%') order by sort nulls last, id limit 500`,
        [session.tenantId, type, query.q ?? null],
      ),
  });

type Node = { id: number; title: string; value: number; key: number; parentId: number | null; children?: Node[] };
function tree(rows: Array<{ id: number; name: string; parentId: number | null }>): Node[] {
  const nodes = new Map<number, Node>(rows.map((r) => [r.id, { id: r.id, title: r.name, value: r.id, key: r.id, parentId: r.parentId }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

export const masterQueryRoutes = [
  defineRoute({
    method: 'GET',
    url: '/supplier/checkIsNameAndTypeExist',
    summary: 'Is the partner name taken for this type?',
    tags: ['supplier'],
    access: { menu: PARTNER_MENUS },
    query: z.strictObject({ name: z.string().max(100), type: z.enum(['供应商', '客户', '会员']), id: z.coerce.number().int().min(0).default(0) }),
    handler: async ({ tx, session, query }) => ({
      status: !!(await tx.one(
        'select 1 from partner where tenant_id = $1 and name = $2 and type = $3 and id <> $4 and not delete_flag',
        [session.tenantId, query.name.trim(), query.type, query.id],
      )),
    }),
  }),
  partnerSelect('/supplier/findBySelect_sup', '供应商', 'Suppliers for pickers'),
  partnerSelect('/supplier/findBySelect_cus', '客户', 'Customers for pickers'),
  partnerSelect('/supplier/findBySelect_retail', '会员', 'Members for retail pickers'),
  partnerSelect('/supplier/findBySelect_organ', null, 'All partners for pickers'),
  defineRoute({
    method: 'GET',
    url: '/person/getPersonByType',
    summary: 'Enabled handlers of one type',
    tags: ['person'],
    access: pickers,
    query: z.strictObject({ type: z.enum(['业务员', '仓管员', '财务员']) }),
    handler: ({ tx, session, query }) =>
      tx.query(`select id, name, type from person where tenant_id = $1 and type = $2 and enabled and not delete_flag order by sort nulls last, id`, [
        session.tenantId,
        query.type,
      ]),
  }),
  defineRoute({
    method: 'GET',
    url: '/person/getPersonByNumType',
    summary: 'Enabled handlers of a type given by number (1 salesperson, 2 warehouse keeper, 3 accountant)',
    tags: ['person'],
    access: pickers,
    query: z.strictObject({ type: z.enum(['1', '2', '3']) }),
    handler: ({ tx, session, query }) =>
      tx.query(`select id, name, type from person where tenant_id = $1 and type = $2 and enabled and not delete_flag order by sort nulls last, id`, [
        session.tenantId,
        ({ 1: '业务员', 2: '仓管员', 3: '财务员' } as const)[query.type],
      ]),
  }),
  defineRoute({
    method: 'GET',
    url: '/account/getAccount',
    summary: 'Enabled settlement accounts, default first',
    tags: ['account'],
    access: pickers,
    handler: ({ tx, session }) =>
      tx.query(
        `select id, name, serial_no as "serialNo", current_amount::float8 as "currentAmount", is_default as "isDefault"
           from settlement_account where tenant_id = $1 and enabled and not delete_flag order by is_default desc, sort nulls last, id`,
        [session.tenantId],
      ),
  }),
  defineRoute({
    method: 'GET',
    url: '/inOutItem/findBySelect',
    summary: 'Enabled in/out items of a type',
    tags: ['inOutItem'],
    access: pickers,
    query: z.strictObject({ type: z.enum(['in', 'out', '收入', '支出']).optional() }),
    handler: ({ tx, session, query }) => {
      const type = query.type === 'in' ? '收入' : query.type === 'out' ? '支出' : (query.type ?? null);
      return tx.query(
        `select id, name, type from in_out_item where tenant_id = $1 and enabled and not delete_flag and ($2::text is null or type = $2) order by sort nulls last, id`,
        [session.tenantId, type],
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/materialCategory/getMaterialCategoryTree',
    summary: 'Material categories as a tree',
    tags: ['materialCategory'],
    access: pickers,
    handler: async ({ tx, session }) =>
      tree(
        await tx.query(
          `select id, name, parent_id as "parentId" from material_category where tenant_id = $1 and not delete_flag order by sort nulls last, id`,
          [session.tenantId],
        ),
      ),
  }),
  defineRoute({
    method: 'GET',
    url: '/materialCategory/findById',
    summary: 'One material category with its parent name',
    tags: ['materialCategory'],
    access: pickers,
    query: id,
    handler: async ({ tx, session, query }) => {
      const r = await tx.one(
        `select c.id, c.name, c.parent_id as "parentId", p.name as "parentName", c.serial_no as "serialNo", c.sort, c.remark
           from material_category c left join material_category p on p.tenant_id = c.tenant_id and p.id = c.parent_id
          where c.tenant_id = $1 and c.id = $2 and not c.delete_flag`,
        [session.tenantId, query.id],
      );
      if (!r) throw notFound('记录不存在或已删除');
      return r;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/materialAttribute/getNameList',
    summary: 'Attribute names for SKU variants',
    tags: ['materialAttribute'],
    access: pickers,
    handler: ({ tx, session }) =>
      tx.query(`select id as value, attribute_name as name from material_attribute where tenant_id = $1 and not delete_flag order by id`, [session.tenantId]),
  }),
  defineRoute({
    method: 'GET',
    url: '/materialAttribute/getValueListById',
    summary: 'The values of one attribute',
    tags: ['materialAttribute'],
    access: pickers,
    query: id,
    handler: async ({ tx, session, query }) => {
      const r = await tx.one<{ v: string }>('select attribute_value as v from material_attribute where tenant_id = $1 and id = $2 and not delete_flag', [
        session.tenantId,
        query.id,
      ]);
      if (!r) throw notFound('记录不存在或已删除');
      return r.v.split('|').map((value) => ({ value, name: value }));
    },
  }),
];

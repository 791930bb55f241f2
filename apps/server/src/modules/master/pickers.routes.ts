import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import {
  accountsForPicker,
  attributeNames,
  attributeValues,
  categoryById,
  categoryTree,
  depotsOfUser,
  inOutItemsOfType,
  partnerNameTaken,
  partnersForPicker,
  personsOfType,
} from './pickers.queries.ts';

/** SPEC §7.5–§7.6 look-ups that pickers and selects use (pickers.queries.ts). */
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
    handler: ({ tx, session, query }) => partnersForPicker(tx, session.tenantId, type, query.q ?? null),
  });

export const masterQueryRoutes = [
  defineRoute({
    method: 'GET',
    url: '/supplier/checkIsNameAndTypeExist',
    summary: 'Is the partner name taken for this type?',
    tags: ['supplier'],
    access: { menu: PARTNER_MENUS },
    query: z.strictObject({ name: z.string().max(100), type: z.enum(['供应商', '客户', '会员']), id: z.coerce.number().int().min(0).default(0) }),
    handler: async ({ tx, session, query }) => ({ status: await partnerNameTaken(tx, session.tenantId, query.name.trim(), query.type, query.id) }),
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
    handler: ({ tx, session, query }) => personsOfType(tx, session.tenantId, query.type),
  }),
  defineRoute({
    method: 'GET',
    url: '/person/getPersonByNumType',
    summary: 'Enabled handlers of a type given by number (1 salesperson, 2 warehouse keeper, 3 accountant)',
    tags: ['person'],
    access: pickers,
    query: z.strictObject({ type: z.enum(['1', '2', '3']) }),
    handler: ({ tx, session, query }) => personsOfType(tx, session.tenantId, ({ 1: '业务员', 2: '仓管员', 3: '财务员' } as const)[query.type]),
  }),
  defineRoute({
    method: 'GET',
    url: '/account/getAccount',
    summary: 'Enabled settlement accounts, default first',
    tags: ['account'],
    access: pickers,
    handler: ({ tx, session }) => accountsForPicker(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/depot/findDepotByCurrentUser',
    summary: 'Enabled warehouses the user may work in (their data scope), default first',
    tags: ['depot'],
    access: pickers,
    handler: ({ tx, session }) => depotsOfUser(tx, session),
  }),
  defineRoute({
    method: 'GET',
    url: '/inOutItem/findBySelect',
    summary: 'Enabled in/out items of a type',
    tags: ['inOutItem'],
    access: pickers,
    query: z.strictObject({ type: z.enum(['in', 'out', '收入', '支出']).optional() }),
    handler: ({ tx, session, query }) =>
      inOutItemsOfType(tx, session.tenantId, query.type === 'in' ? '收入' : query.type === 'out' ? '支出' : (query.type ?? null)),
  }),
  defineRoute({
    method: 'GET',
    url: '/materialCategory/getMaterialCategoryTree',
    summary: 'Material categories as a tree',
    tags: ['materialCategory'],
    access: pickers,
    handler: ({ tx, session }) => categoryTree(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/materialCategory/findById',
    summary: 'One material category with its parent name',
    tags: ['materialCategory'],
    access: pickers,
    query: id,
    handler: ({ tx, session, query }) => categoryById(tx, session.tenantId, query.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/materialAttribute/getNameList',
    summary: 'Attribute names for SKU variants',
    tags: ['materialAttribute'],
    access: pickers,
    handler: ({ tx, session }) => attributeNames(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/materialAttribute/getValueListById',
    summary: 'The values of one attribute',
    tags: ['materialAttribute'],
    access: pickers,
    query: id,
    handler: ({ tx, session, query }) => attributeValues(tx, session.tenantId, query.id),
  }),
];

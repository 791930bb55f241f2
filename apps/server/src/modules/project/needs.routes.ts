import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { addNeed, listNeeds, needsToRequest } from './needs.service.ts';
import { day, id, positive, text } from './schemas.ts';

const tags = ['project'];
const MENU = '/bill/procurement_needs';

/** 采购需求 (issue 19 item 3): a project's procurement needs and 生成请购单. */
export const needRoutes = [
  defineRoute({
    method: 'GET',
    url: '/project/procurementNeeds/list',
    summary: 'Procurement needs of the projects the user may see (or of one), open or requested, newest first',
    tags,
    access: { menu: MENU },
    query: z.strictObject({
      projectId: id.optional(),
      status: z.enum(['open', 'requested']).optional(),
      currentPage: z.coerce.number().int().min(1).max(100000).optional(),
      pageSize: z.coerce.number().int().min(1).max(500).optional(),
    }),
    handler: ({ tx, session, query }) => listNeeds(tx, session, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/procurementNeeds/add',
    summary: 'Add a procurement need to a project: material, quantity, needed-by date',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({
      projectId: id,
      materialId: id,
      qty: positive('数量'),
      needDate: day,
      remark: text(500).nullable().optional(),
    }),
    handler: ({ tx, session, req, body }) => addNeed({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/procurementNeeds/toRequest',
    summary: '生成请购单: one draft purchase request of the chosen open needs of one project, which become requested',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({ projectId: id, ids: z.array(id).min(1, '请选择采购需求').max(200, '一次最多200条') }),
    handler: ({ tx, session, req, body }) => needsToRequest({ tx, session, ip: req.ip }, body),
  }),
];

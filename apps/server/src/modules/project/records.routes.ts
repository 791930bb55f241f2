import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { listRecords, RECORD_KINDS, type RecordKind } from './records.queries.ts';
import { id, text } from './schemas.ts';

/** Each kind's url segment and menu (SPEC §2.2: 项目任务, 项目合同, 项目收款, 项目付款, 项目费用, 项目风险). */
const SEGMENT: Record<RecordKind, string> = {
  task: 'task',
  contract: 'contract',
  collection: 'collection',
  payment: 'payment',
  expense: 'expenses',
  risk: 'risk',
};

/** `GET /project/<kind>/all`: the menu list of one kind of record across the projects the user may see. */
export const recordRoutes = RECORD_KINDS.map((kind) =>
  defineRoute({
    method: 'GET',
    url: `/project/${SEGMENT[kind]}/all`,
    summary: `The ${kind} records of every project the user may see (or of one), a page at a time${kind === 'task' || kind === 'risk' || kind === 'contract' ? '' : ', with the sum of their amounts'}`,
    tags: ['project'],
    access: { menu: `/project/${SEGMENT[kind]}` },
    query: z.strictObject({
      projectId: id.optional(),
      keyword: text(100).optional(),
      currentPage: z.coerce.number().int().min(1).max(100000).optional(),
      pageSize: z.coerce.number().int().min(1).max(500).optional(),
    }),
    handler: ({ tx, session, query }) => listRecords(tx, session, kind, { ...query, keyword: query.keyword || undefined }),
  }),
);

import { z } from 'zod';
import { ENTITIES } from '@erp/entities';
import { defineRoute } from '../../../platform/http/route.ts';
import { info } from '../../../platform/crud/list-rows.ts';
import { idQuery, idValue } from './schemas.ts';
import { organizationTree } from './organization.service.ts';

const tags = ['organization'];
// the user screen picks departments from the same tree
const read = { menu: ['/system/organization', '/system/user'] } as const;

export const organizationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/organization/getOrganizationTree',
    summary: "The company's organizations as a tree; id leaves out that node and its subtree (parent pickers)",
    tags,
    access: read,
    query: z.strictObject({ id: idValue.optional() }),
    handler: ({ tx, session, query }) => organizationTree(tx, session.tenantId, query.id),
  }),

  defineRoute({
    method: 'GET',
    url: '/organization/findById',
    summary: 'One organization with its parent name',
    tags,
    access: read,
    query: idQuery,
    handler: ({ tx, session, query }) => info(tx, ENTITIES.organization, session, query.id),
  }),
];

import { z } from 'zod';
import { ENTITIES } from '@erp/entities';
import { defineRoute } from '../../../platform/http/route.ts';
import { info } from '../../../platform/crud/list-rows.ts';
import { idQuery, idValue } from './schemas.ts';

const tags = ['organization'];
// the user screen picks departments from the same tree
const read = { menu: ['/system/organization', '/system/user'] } as const;

interface Node {
  id: number;
  title: string;
  key: number;
  value: number;
  orgNo: string;
  parentId: number | null;
  children: Node[];
}

export const organizationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/organization/getOrganizationTree',
    summary: "The company's organizations as a tree; id leaves out that node and its subtree (parent pickers)",
    tags,
    access: read,
    query: z.strictObject({ id: idValue.optional() }),
    handler: async ({ tx, session, query }) => {
      const rows = await tx.query<{ id: number; name: string; orgNo: string; parentId: number | null }>(
        `select id, name, org_no as "orgNo", parent_id as "parentId" from organization
          where tenant_id = $1 and not delete_flag order by sort nulls last, org_no, id`,
        [session.tenantId],
      );
      const nodes = new Map<number, Node>(
        rows.map((r) => [r.id, { id: r.id, title: r.name, key: r.id, value: r.id, orgNo: r.orgNo, parentId: r.parentId, children: [] }]),
      );
      const roots: Node[] = [];
      for (const n of nodes.values()) {
        if (n.id === query.id) continue;
        const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
        // a node whose parent is gone is shown at the top rather than lost
        (parent ? parent.children : roots).push(n);
      }
      return roots;
    },
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

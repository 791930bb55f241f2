import type { Tx } from '../../../platform/db/database.ts';

interface Node {
  id: number;
  title: string;
  key: number;
  value: number;
  orgNo: string;
  parentId: number | null;
  children: Node[];
}

/** The company's organizations as a tree; `leaveOut` drops that node and its subtree (parent pickers). */
export async function organizationTree(tx: Tx, tenantId: number, leaveOut?: number) {
  const rows = await tx.query<{ id: number; name: string; orgNo: string; parentId: number | null }>(
    `select id, name, org_no as "orgNo", parent_id as "parentId" from organization
      where tenant_id = $1 and not delete_flag order by sort nulls last, org_no, id`,
    [tenantId],
  );
  const nodes = new Map<number, Node>(
    rows.map((r) => [r.id, { id: r.id, title: r.name, key: r.id, value: r.id, orgNo: r.orgNo, parentId: r.parentId, children: [] }]),
  );
  const roots: Node[] = [];
  for (const n of nodes.values()) {
    if (n.id === leaveOut) continue;
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    // a node whose parent is gone is shown at the top rather than lost
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

import { TreeSelect, type TreeSelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { EntityDef } from '@erp/entities';
import { http, unwrap } from '../http.ts';
import type { ListReply } from './crud-types.ts';

interface Node {
  value: number;
  title: string;
  children?: Node[];
}

/** Tree calls the server offers (docs/api.md); other entities get their tree built from the list. */
const TREE_URLS: Record<string, string> = {
  materialCategory: '/materialCategory/getMaterialCategoryTree',
  organization: '/organization/getOrganizationTree',
};

type Raw = { id: number; title?: string; name?: string; children?: Raw[] };
const fromServer = (nodes: Raw[]): Node[] =>
  nodes.map((n) => ({ value: n.id, title: String(n.title ?? n.name ?? n.id), children: n.children?.length ? fromServer(n.children) : undefined }));

function fromList(rows: Array<Record<string, unknown> & { id: number }>, nameField: string, exclude?: number): Node[] {
  const nodes = new Map<number, Node & { parent?: number }>();
  for (const r of rows)
    if (r.id !== exclude) nodes.set(r.id, { value: r.id, title: String(r[nameField] ?? r.id), parent: (r.parentId as number) ?? undefined });
  const roots: Node[] = [];
  for (const n of nodes.values()) {
    const p = n.parent !== undefined ? nodes.get(n.parent) : undefined;
    if (p) (p.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

/** Leaves out a node and its subtree: a record cannot become its own descendant's child. */
function without(nodes: Node[], id?: number): Node[] {
  if (!id) return nodes;
  return nodes.filter((n) => n.value !== id).map((n) => (n.children ? { ...n, children: without(n.children, id) } : n));
}

/** The picker of a parent field: a tree of the same entity's records. */
export function ParentSelect({ entity, exclude, ...rest }: Omit<TreeSelectProps, 'treeData'> & { entity: EntityDef; exclude?: number }) {
  const tree = useQuery({
    queryKey: ['parent-tree', entity.name, exclude ?? 0],
    staleTime: 10000,
    queryFn: async (): Promise<Node[]> => {
      const url = TREE_URLS[entity.name];
      if (url) {
        const params = entity.name === 'organization' && exclude ? { id: exclude } : undefined;
        return without(fromServer(unwrap(await http.get<Raw[]>(url, params))), exclude);
      }
      const data = unwrap(await http.get<ListReply>(`/${entity.name}/list`, { currentPage: 1, pageSize: 1000 }));
      return fromList(data.rows, entity.nameField ?? 'name', exclude);
    },
  });
  return (
    <TreeSelect allowClear showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll {...rest} loading={tree.isLoading} treeData={tree.data ?? []} />
  );
}

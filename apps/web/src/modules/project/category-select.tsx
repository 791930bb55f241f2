import { TreeSelect, type TreeSelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';

interface CategoryNode {
  id: number;
  name: string;
  enabled: boolean;
  children: CategoryNode[];
}
interface Option {
  value: number;
  title: string;
  disabled?: boolean;
  children?: Option[];
}

/** A disabled category stays visible (a project may keep it) but cannot be chosen. */
const options = (nodes: CategoryNode[]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, disabled: !n.enabled, children: n.children.length ? options(n.children) : undefined }));

/** 项目分类 picker (GET /project/categories): the category tree, searchable, on the project form and the list filter. */
export function CategorySelect(props: Omit<TreeSelectProps, 'treeData'>) {
  const tree = useQuery({
    queryKey: ['project', 'categories'],
    staleTime: 10000,
    queryFn: async () => options(unwrap(await http.get<CategoryNode[]>('/project/categories'))),
  });
  return (
    <TreeSelect allowClear showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll {...props} loading={tree.isLoading} treeData={tree.data ?? []} />
  );
}

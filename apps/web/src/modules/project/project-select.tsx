import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { projectApi } from './project-api.ts';

/** A search field's project picker: the projects the user may see (templates aside), by number and name. */
export function ProjectSelect(props: SelectProps<number>) {
  const projects = useQuery({
    queryKey: ['project', 'list', 'picker'],
    queryFn: () => projectApi.list({ template: '0', currentPage: 1, pageSize: 500 }),
    staleTime: 30_000,
  });
  return (
    <Select<number>
      allowClear
      showSearch
      optionFilterProp="label"
      options={(projects.data?.rows ?? []).map((p) => ({ value: p.id, label: `${p.number} ${p.name}` }))}
      {...props}
    />
  );
}

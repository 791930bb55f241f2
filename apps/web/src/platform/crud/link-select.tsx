import { useEffect, useMemo, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ENTITIES } from '@erp/entities';
import { http, unwrap } from '../http.ts';
import type { ListReply } from './crud-types.ts';

const PAGE = 30;
const DEBOUNCE_MS = 250;

/**
 * A link field's picker (ARCHITECTURE §4): searches the target's list by its name field,
 * `GET /<target>/list?search={"<nameField>":"…"}`, enabled rows only. Quietly empty when the
 * user may not read the target (the form still saves what it has).
 */
export function LinkSelect({
  target,
  display,
  initialLabel,
  value,
  ...rest
}: Omit<SelectProps<number>, 'options' | 'showSearch'> & { target: string; display?: string; initialLabel?: string | null }) {
  const def = ENTITIES[target];
  const nameField = display ?? def?.nameField ?? 'name';
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setTerm(typed.trim()), DEBOUNCE_MS);
    return () => clearTimeout(h);
  }, [typed]);

  const found = useQuery({
    queryKey: ['link-options', target, term],
    enabled: Boolean(def),
    staleTime: 30000,
    queryFn: async () => {
      const search: Record<string, unknown> = term ? { [nameField]: term } : {};
      if (def?.status) search.enabled = true;
      const data = unwrap(await http.get<ListReply>(`/${target}/list`, { search: JSON.stringify(search), currentPage: 1, pageSize: PAGE }, { silent: true }));
      return data.rows.map((r) => ({ value: r.id, label: String(r[nameField] ?? r.id) }));
    },
  });

  const options = useMemo(() => {
    const list = found.data ?? [];
    // the current value may be disabled or beyond the first page: keep its name visible
    if (value !== undefined && value !== null && initialLabel && !list.some((o) => o.value === value)) {
      return [{ value, label: initialLabel }, ...list];
    }
    return list;
  }, [found.data, value, initialLabel]);

  return (
    <Select<number>
      allowClear
      {...rest}
      value={value}
      loading={found.isFetching}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onOpenChange={(o) => !o && setTyped('')}
    />
  );
}

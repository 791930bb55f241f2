import { useMemo, useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { useFunctionT } from './function-i18n.ts';
import { FunctionForm, type FunctionRow } from './function-form.tsx';

interface Node extends FunctionRow {
  children?: Node[];
}

/** The flat list as a tree by parent number, in the stored order. */
export function toTree(rows: FunctionRow[]): Node[] {
  const byParent = new Map<string, FunctionRow[]>();
  for (const r of rows) byParent.set(r.parentNumber, [...(byParent.get(r.parentNumber) ?? []), r]);
  const build = (p: string): Node[] =>
    (byParent.get(p) ?? []).map((r) => {
      const children = build(r.number);
      return children.length ? { ...r, children } : { ...r };
    });
  return build('0');
}

/** 功能管理 (platform administrator): the menu tree, seeded from code; add, rename, reorder, hide. */
export function FunctionPage() {
  const { t } = useFunctionT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<FunctionRow | 'new'>();
  const list = useQuery({
    queryKey: ['functions', name],
    staleTime: 0,
    queryFn: async () => unwrap(await http.get<{ rows: FunctionRow[] }>('/function/list', name ? { name } : {})).rows,
  });
  const tree = useMemo(() => (name ? (list.data ?? []) : toTree(list.data ?? [])), [list.data, name]);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['functions'] });
  const call = async (p: ReturnType<typeof http.put>) => {
    try {
      unwrap(await p);
      message.success(t('saved'));
      await reload();
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };

  const columns = [
    { key: 'name', dataIndex: 'name', title: t('name'), width: 220 },
    { key: 'englishName', dataIndex: 'englishName', title: t('englishName'), width: 180, ellipsis: true },
    { key: 'number', dataIndex: 'number', title: t('number'), width: 110 },
    { key: 'url', dataIndex: 'url', title: t('url'), width: 240, ellipsis: true },
    { key: 'sort', dataIndex: 'sort', title: t('sort'), width: 80 },
    {
      key: 'enabled',
      title: t('enabled'),
      width: 80,
      render: (_: unknown, r: FunctionRow) => (
        <Switch
          size="small"
          checked={r.enabled}
          data-testid={`fn-enabled-${r.number}`}
          onChange={(on) => void call(http.put('/function/update', { id: r.id, enabled: on }))}
        />
      ),
    },
    {
      key: 'origin',
      title: t('origin'),
      width: 110,
      render: (_: unknown, r: FunctionRow) =>
        r.custom ? <Tag color="green">{t('custom')}</Tag> : r.edited ? <Tag color="orange">{t('edited')}</Tag> : <Tag>{t('seed')}</Tag>,
    },
    {
      key: 'action',
      title: t('action'),
      width: 130,
      fixed: 'right' as const,
      render: (_: unknown, r: FunctionRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`fn-edit-${r.number}`}>
            {t('edit')}
          </Button>
          {r.custom && (
            <Popconfirm title={t('deleteConfirm', { name: r.name })} onConfirm={() => void call(http.delete('/function/delete', { id: r.id }))}>
              <Button type="link" size="small" danger>
                {t('delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card size="small" data-testid="function-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('search')} onSearch={(v) => setName(v.trim())} style={{ width: 240 }} />
        <Button type="primary" onClick={() => setEditing('new')} data-testid="fn-add">
          {t('add')}
        </Button>
      </Space>
      <Table<Node> rowKey="id" size="small" loading={list.isFetching} columns={columns} dataSource={tree} pagination={false} scroll={{ x: 1150 }} />
      {editing && (
        <FunctionForm
          row={editing === 'new' ? undefined : editing}
          onClose={(changed) => {
            setEditing(undefined);
            if (changed) void reload();
          }}
        />
      )}
    </Card>
  );
}

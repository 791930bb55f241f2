import { useState } from 'react';
import { Button, Card, Input, Select, Space, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ScreenProps } from '../../shell/screen.ts';
import { money } from '../../platform/format.ts';
import { pagination } from '../../platform/crud/paging.ts';
import { projectApi, STATUSES, type ProjectRow } from './project-api.ts';
import { useProjectT } from './project-i18n.ts';
import { StatusTag } from './status-tag.tsx';
import { CategorySelect } from './category-select.tsx';

/** 项目列表: the projects (or templates) the user may see; a row opens the project detail, 新建项目 the full-page form. */
export function ProjectListPage(_: ScreenProps) {
  const { t } = useProjectT();
  const navigate = useNavigate();
  const [template, setTemplate] = useState<'0' | '1'>('0');
  const [name, setName] = useState('');
  const [status, setStatus] = useState<string>();
  const [categoryId, setCategoryId] = useState<number>();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const q = { template, name: name || undefined, status, categoryId, ...page };
  const list = useQuery({ queryKey: ['project', 'list', q], queryFn: () => projectApi.list(q) });
  const open = (r: ProjectRow) => navigate(`/blank/projectDetail?id=${r.id}`);
  const columns = [
    { title: t('number'), dataIndex: 'number', width: 150 },
    { title: t('name'), dataIndex: 'name', width: 180, render: (v: string, r: ProjectRow) => <a onClick={() => open(r)}>{v}</a> },
    { title: t('status'), dataIndex: 'status', width: 90, render: (s: ProjectRow['status']) => <StatusTag status={s} /> },
    { title: t('category'), dataIndex: 'categoryName', width: 110 },
    { title: t('startDate'), dataIndex: 'startDate', width: 110 },
    { title: t('endDate'), dataIndex: 'endDate', width: 110 },
    { title: t('manager'), dataIndex: 'managerName', width: 100 },
    { title: t('budget'), dataIndex: 'budget', width: 120, align: 'right' as const, render: (v: string) => money(v) },
  ];
  return (
    <Card size="small" data-testid="project-list-page">
      <Tabs
        activeKey={template}
        onChange={(k) => setTemplate(k as '0' | '1')}
        items={[
          { key: '0', label: t('projects') },
          { key: '1', label: t('templates') },
        ]}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search placeholder={t('name')} allowClear onSearch={(v) => (setName(v), setPage((p) => ({ ...p, currentPage: 1 })))} style={{ width: 200 }} />
        <Select
          allowClear
          placeholder={t('status')}
          style={{ width: 130 }}
          value={status}
          onChange={setStatus}
          options={STATUSES.map((s) => ({ value: s, label: t(`s.${s}`) }))}
        />
        <CategorySelect
          placeholder={t('category')}
          style={{ width: 180 }}
          value={categoryId}
          onChange={(v: number | undefined) => (setCategoryId(v), setPage((p) => ({ ...p, currentPage: 1 })))}
          data-testid="project-category-filter"
        />
        <Button type="primary" data-testid="new-project" onClick={() => navigate(`/blank/newProject${template === '1' ? '?template=1' : ''}`)}>
          {t('newProject')}
        </Button>
      </Space>
      <Table<ProjectRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 960 }}
        onRow={(r) => ({ onDoubleClick: () => open(r) })}
        pagination={pagination(page, setPage, list.data?.total ?? 0, [10, 20, 50, 100])}
      />
    </Card>
  );
}

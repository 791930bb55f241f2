import { useState } from 'react';
import { App, Button, Card, Form, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ScreenProps } from '../../shell/screen.ts';
import { pageButtons } from '../../platform/crud/permissions.ts';
import { SearchBar } from '../../platform/crud/search-bar.tsx';
import { useListState } from '../../platform/crud/use-list-state.ts';
import { pagination } from '../../platform/crud/paging.ts';
import { useMobile } from '../../platform/crud/use-mobile.ts';
import { ProjectSelect } from './project-select.tsx';
import { needsApi, type NeedRow } from './needs-api.ts';
import { useNeedsT } from './needs-i18n.ts';
import { useRun } from './use-run.ts';

type Search = { projectId?: number; status?: 'open' | 'requested' };

/**
 * 采购需求 (/bill/procurement_needs): the procurement needs of the projects the user may see; 新建 opens
 * /blank/newProcurementNeeds for the chosen project, 生成请购单 makes one draft purchase request of the selected
 * open needs of one project.
 */
export function NeedsPage({ path }: Pick<ScreenProps, 'path'>) {
  const { t } = useNeedsT();
  const navigate = useNavigate();
  const mobile = useMobile();
  const run = useRun();
  const { message } = App.useApp();
  const [form] = Form.useForm<Search>();
  const chosen = Form.useWatch('projectId', form);
  const [selected, setSelected] = useState<NeedRow[]>([]);
  const canAdd = pageButtons(path).has('1');
  const list = useListState<NeedRow, Search, { rows: NeedRow[]; total: number }>({
    key: ['project', 'needs'],
    fetch: ({ page, search }) => needsApi.list({ ...search, ...page }),
    initialSearch: {},
    pageSize: 20,
  });
  const oneProject = selected.length > 0 && selected.every((r) => r.projectId === selected[0]!.projectId);
  const toRequest = async () => {
    const r = await run(needsApi.toRequest({ projectId: selected[0]!.projectId, ids: selected.map((s) => s.id) }));
    if (r) {
      setSelected([]);
      void message.success(t('made', { number: r.number }));
    }
  };
  const columns: TableColumnsType<NeedRow> = [
    { key: 'project', title: t('project'), width: 180, fixed: mobile ? undefined : 'left', render: (_, r) => `${r.projectNumber} ${r.projectName}` },
    { key: 'material', dataIndex: 'materialName', title: t('material'), width: 140 },
    { key: 'standard', dataIndex: 'standard', title: t('standard'), width: 100 },
    { key: 'qty', dataIndex: 'qty', title: t('qty'), width: 100, align: 'right', render: (v: string) => Number(v).toString() },
    { key: 'unit', dataIndex: 'unit', title: t('unit'), width: 60 },
    { key: 'needDate', dataIndex: 'needDate', title: t('needDate'), width: 110 },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      width: 90,
      render: (v: NeedRow['status']) => <Tag color={v === 'open' ? 'orange' : 'green'}>{t(`s.${v}`)}</Tag>,
    },
    {
      key: 'request',
      dataIndex: 'requestNumber',
      title: t('request'),
      width: 170,
      render: (v: string | null) => (v ? <a onClick={() => navigate('/bill/purchase_apply')}>{v}</a> : null),
    },
    { key: 'remark', dataIndex: 'remark', title: t('remark'), ellipsis: true },
  ];
  const add = (
    <Button icon={<PlusOutlined />} disabled={!chosen} onClick={() => navigate(`/blank/newProcurementNeeds?projectId=${chosen}`)} data-testid="need-add">
      {t('add')}
    </Button>
  );
  const make = (
    <Button type="primary" icon={<ShoppingCartOutlined />} disabled={!oneProject} onClick={() => void toRequest()} data-testid="need-to-request">
      {t('toRequest')}
    </Button>
  );
  return (
    <div data-testid="procurement-needs">
      <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px 0' } }}>
        <SearchBar
          form={form}
          compact={mobile}
          items={[
            {
              name: 'projectId',
              label: t('project'),
              node: <ProjectSelect data-testid="need-project" />,
            },
            {
              name: 'status',
              label: t('status'),
              node: <Select allowClear data-testid="need-status" options={(['open', 'requested'] as const).map((s) => ({ value: s, label: t(`s.${s}`) }))} />,
            },
          ]}
          onSearch={() => list.applySearch(form.getFieldsValue())}
          onReset={() => list.applySearch({})}
          labelWidth="72px"
          testId="need-search"
        />
      </Card>
      <Card size="small" styles={{ body: { padding: '12px 16px 4px' } }}>
        {canAdd && (
          <Space wrap style={{ marginBottom: 12 }}>
            {chosen ? add : <Tooltip title={t('pickProject')}>{add}</Tooltip>}
            {oneProject ? make : <Tooltip title={t('pickOpen')}>{make}</Tooltip>}
          </Space>
        )}
        <Table<NeedRow>
          rowKey="id"
          size="small"
          bordered
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          scroll={{ x: 1000 }}
          rowSelection={
            canAdd
              ? {
                  selectedRowKeys: selected.map((s) => s.id),
                  onChange: (_, rows) => setSelected(rows),
                  getCheckboxProps: (r) => ({ disabled: r.status !== 'open' }),
                }
              : undefined
          }
          pagination={pagination(list.page, (p) => list.changePage(p.currentPage, p.pageSize), list.total, [10, 20, 50, 100])}
          data-testid="need-table"
        />
      </Card>
    </div>
  );
}

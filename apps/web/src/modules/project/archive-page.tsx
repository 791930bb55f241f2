import { useState } from 'react';
import { App, Button, Card, Form, Input, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { keyedScreens, type ScreenProps } from '../../shell/screen.ts';
import { pageButtons } from '../../platform/crud/permissions.ts';
import { SearchBar } from '../../platform/crud/search-bar.tsx';
import { useListState } from '../../platform/crud/use-list-state.ts';
import { pagination } from '../../platform/crud/paging.ts';
import { useMobile } from '../../platform/crud/use-mobile.ts';
import { http, unwrap } from '../../platform/http.ts';
import { ProjectSelect } from './project-select.tsx';
import { useArchiveT } from './archive-i18n.ts';
import { ARCHIVE_SEGMENT, downloadDossier, downloadFiles, type ArchiveKind, type ArchiveRow } from './archive-api.ts';
import { useRun } from './use-run.ts';
import { ArchiveDossier } from './archive-dossier.tsx';

type Search = { projectId?: number; keyword?: string };

/** The 归档 button: the chosen project (项目档案) or one of its contracts (合同档案) archived now. */
function ArchiveNow({ kind, projectId }: { kind: ArchiveKind; projectId?: number }) {
  const { t } = useArchiveT();
  const run = useRun();
  const { message } = App.useApp();
  const [contractId, setContractId] = useState<number>();
  const contracts = useQuery({
    queryKey: ['project', 'archive-contracts', projectId],
    enabled: kind === 'contract' && !!projectId,
    queryFn: async () => unwrap(await http.get<Array<{ id: number; number: string; name: string }>>('/project/contract/list', { projectId })),
  });
  const body = kind === 'project' ? { projectId } : { contractId };
  const ready = kind === 'project' ? !!projectId : !!contractId;
  const go = () =>
    void run(
      http.post<{ number: string }>(`/project/${ARCHIVE_SEGMENT[kind]}/add`, body).then((r) => {
        const made = unwrap(r);
        message.success(t('archived', { number: made.number }));
        return made;
      }),
    );
  const button = (
    <Button type="primary" disabled={!ready} onClick={go} data-testid="archive-add">
      {t('archive')}
    </Button>
  );
  return (
    <Space wrap>
      {kind === 'contract' && (
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('pickContract')}
          disabled={!projectId}
          value={contractId}
          onChange={setContractId}
          options={(contracts.data ?? []).map((c) => ({ value: c.id, label: `${c.number} ${c.name}` }))}
          data-testid="archive-contract"
        />
      )}
      {projectId ? button : <Tooltip title={t('pickProject')}>{button}</Tooltip>}
    </Space>
  );
}

/** 项目档案 / 合同档案: the archives of the projects the user may see, searched by project and keyword. */
export function ArchivePage({ path, kind }: Pick<ScreenProps, 'path'> & { kind: ArchiveKind }) {
  const { t } = useArchiveT();
  const [params, setParams] = useSearchParams();
  const mobile = useMobile();
  const [form] = Form.useForm<Search>();
  const chosen = Form.useWatch('projectId', form);
  const buttons = pageButtons(path);
  const list = useListState<ArchiveRow, Search, { rows: ArchiveRow[]; total: number }>({
    key: ['project', 'archives', kind],
    fetch: async ({ page, search }) =>
      unwrap(
        await http.get<{ rows: ArchiveRow[]; total: number }>(`/project/${ARCHIVE_SEGMENT[kind]}/all`, {
          ...search,
          keyword: search.keyword || undefined,
          ...page,
        }),
      ),
    initialSearch: {},
    pageSize: 20,
  });
  const open = (r: ArchiveRow) => setParams({ id: String(r.id) });
  const viewing = Number(params.get('id'));
  const columns: TableColumnsType<ArchiveRow> = [
    { key: 'number', dataIndex: 'number', title: t('number'), width: 170, render: (v: string, r) => <a onClick={() => open(r)}>{v}</a> },
    { key: 'title', dataIndex: 'title', title: t('name'), width: 220 },
    { key: 'projectName', dataIndex: 'projectName', title: t('project'), width: 160 },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('reason'),
      width: 100,
      render: (v: 'closed' | 'manual') => <Tag color={v === 'closed' ? 'green' : 'blue'}>{t(`reasons.${v}`)}</Tag>,
    },
    { key: 'files', dataIndex: 'files', title: t('files'), width: 70, align: 'right' },
    { key: 'creatorName', dataIndex: 'creatorName', title: t('creator'), width: 100 },
    { key: 'createTime', dataIndex: 'createTime', title: t('time'), width: 140 },
    {
      key: 'actions',
      title: '',
      width: 220,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => open(r)} data-testid={`archive-view-${r.id}`}>
            {t('view')}
          </Button>
          {buttons.has('3') && (
            <Button type="link" size="small" onClick={() => void downloadDossier(kind, r)}>
              {t('export')}
            </Button>
          )}
          {r.files > 0 && (
            <Button type="link" size="small" onClick={() => void downloadFiles(kind, r)}>
              {t('zip')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  // ?id= opens one archive's dossier in place of the list
  if (Number.isInteger(viewing) && viewing > 0) return <ArchiveDossier kind={kind} id={viewing} onBack={() => setParams({})} />;
  return (
    <div data-testid="project-archives" data-kind={kind}>
      <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px 0' } }}>
        <SearchBar
          form={form}
          compact={mobile}
          items={[
            { name: 'projectId', label: t('project'), node: <ProjectSelect data-testid="archive-project" /> },
            { name: 'keyword', label: t('keyword'), node: <Input allowClear maxLength={100} data-testid="archive-keyword" /> },
          ]}
          onSearch={() => list.applySearch(form.getFieldsValue())}
          onReset={() => list.applySearch({})}
          labelWidth="72px"
          testId="archive-search"
        />
      </Card>
      <Card size="small" styles={{ body: { padding: '12px 16px 4px' } }}>
        {buttons.has('1') && (
          <div style={{ marginBottom: 12 }}>
            <ArchiveNow kind={kind} projectId={chosen} />
          </div>
        )}
        <Table<ArchiveRow>
          rowKey="id"
          size="small"
          bordered
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          scroll={{ x: 1100 }}
          pagination={pagination(list.page, (p) => list.changePage(p.currentPage, p.pageSize), list.total, [10, 20, 50, 100])}
          data-testid="archive-table"
        />
      </Card>
    </div>
  );
}

/** 项目档案 and 合同档案 by menu url. */
export const archiveScreen = keyedScreens((path) => {
  const kind: ArchiveKind = path.endsWith('contract_archive') ? 'contract' : 'project';
  return (p: ScreenProps) => <ArchivePage {...p} kind={kind} />;
});

import { Button, Card, Form, Input, Popconfirm, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { keyedScreens, type ScreenProps } from '../../shell/screen.ts';
import { pageButtons } from '../../platform/crud/permissions.ts';
import { SearchBar } from '../../platform/crud/search-bar.tsx';
import { useListState } from '../../platform/crud/use-list-state.ts';
import { pagination } from '../../platform/crud/paging.ts';
import { useMobile } from '../../platform/crud/use-mobile.ts';
import { http, unwrap } from '../../platform/http.ts';
import { saveFile } from '../../platform/crud/file-transfer.ts';
import { groupedMoney } from '../../platform/format.ts';
import { ProjectSelect } from './project-select.tsx';
import { useProjectT } from './project-i18n.ts';
import { useProgressT } from './progress-i18n.ts';
import { useRun } from './use-run.ts';

/** The kinds whose rows are edited on their /blank form and deleted here (the server's state rules decide). */
const EDITABLE: Partial<Record<RecordKind, (r: RecordRow) => boolean>> = {
  acceptance: (r) => r.result === 'pending',
  problem: (r) => r.status !== 'closed',
  summary: () => true,
};
import { RECORD_SEGMENT } from '@erp/entities';
import { hasAmount, NEW_PAGE, RECORD_OF_PATH, recordColumns, type RecordKind, type RecordRow } from './record-columns.tsx';

type Search = { projectId?: number; keyword?: string };
type Page = { rows: RecordRow[]; total: number; amount?: string };

/**
 * 项目任务, 项目合同, 项目收款, 项目付款, 项目费用, 项目风险: one kind of record across the projects the user may
 * see, searched by project and keyword, a page at a time (money lists with their sum); the project name opens
 * the project, 新建 opens the kind's /blank form for the chosen project.
 */
export function RecordsPage({ path, kind, url }: Pick<ScreenProps, 'path'> & { kind: RecordKind; url?: string }) {
  const { t, i18n } = useProjectT();
  const navigate = useNavigate();
  const run = useRun();
  const mobile = useMobile();
  const [form] = Form.useForm<Search>();
  const chosen = Form.useWatch('projectId', form);
  // a report's cut (url given) lists without adding
  const canAdd = !url && pageButtons(path).has('1');
  // 导出 (button 3): the searched rows of the kind as a spreadsheet
  const canExport = !url && pageButtons(path).has('3');
  const { t: tp } = useProgressT();
  const exportXls = async () => {
    const q = Object.fromEntries(Object.entries(list.search).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
    try {
      saveFile({ blob: await http.blob(`/project/${RECORD_SEGMENT[kind]}/exportExcel`, q), fileName: `${t(`xls.${kind}`)}.xls` });
    } catch {
      // the HTTP client has shown why
    }
  };
  const list = useListState<RecordRow, Search, Page>({
    key: ['project', 'records', kind, url],
    fetch: async ({ page, search }) => {
      const q = { ...search, keyword: search.keyword || undefined, ...page };
      const r = unwrap(await http.get<Omit<Page, 'amount'> & { sums?: { amount: string } }>(url ?? `/project/${RECORD_SEGMENT[kind]}/all`, q));
      return { rows: r.rows, total: r.total, amount: r.sums?.amount };
    },
    initialSearch: {},
    pageSize: 20,
  });
  const columns: TableColumnsType<RecordRow> = [
    {
      key: 'projectName',
      dataIndex: 'projectName',
      title: t('project'),
      width: 160,
      fixed: mobile ? undefined : 'left',
      render: (v: string, r) => <a onClick={() => navigate(`/blank/projectDetail?id=${r.projectId}`)}>{v}</a>,
    },
    ...recordColumns(kind, t as never),
  ];
  const open = EDITABLE[kind];
  if (open && !url && pageButtons(path).has('1'))
    columns.push({
      key: 'actions',
      title: '',
      width: 120,
      render: (_: unknown, r) =>
        open(r) ? (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => navigate(`/blank/${NEW_PAGE[kind]}?projectId=${r.projectId}&id=${r.id}`)}
              data-testid={`record-edit-${r.id}`}
            >
              {t('te.edit')}
            </Button>
            <Popconfirm
              title={t('d.confirmDelete')}
              onConfirm={() => void run(http.post(`/project/${RECORD_SEGMENT[kind]}/delete`, { id: r.id }).then(unwrap), t('saved'))}
            >
              <Button type="link" size="small" danger data-testid={`record-delete-${r.id}`}>
                {t('d.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    });
  const sum = list.query.data?.amount;
  const amountAt = columns.findIndex((c) => c.key === 'amount');
  const add = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={!chosen}
      onClick={() => navigate(`/blank/${NEW_PAGE[kind]}?projectId=${chosen}`)}
      data-testid="record-add"
    >
      {t(`add.${kind}`)}
    </Button>
  );
  return (
    <div data-testid={url ? undefined : 'project-records'} data-kind={kind}>
      <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px 0' } }}>
        <SearchBar
          form={form}
          compact={mobile}
          items={[
            {
              name: 'projectId',
              label: t('project'),
              node: <ProjectSelect data-testid="record-project" />,
            },
            { name: 'keyword', label: t('keyword'), node: <Input allowClear maxLength={100} data-testid="record-keyword" /> },
          ]}
          onSearch={() => list.applySearch(form.getFieldsValue())}
          onReset={() => list.applySearch({})}
          labelWidth="72px"
          testId="record-search"
        />
      </Card>
      <Card size="small" styles={{ body: { padding: '12px 16px 4px' } }}>
        {(canAdd || canExport) && (
          <Space wrap style={{ marginBottom: 12 }}>
            {canAdd && (chosen ? add : <Tooltip title={t('pickProject')}>{add}</Tooltip>)}
            {canExport && (
              <Button onClick={() => void exportXls()} data-testid="record-export">
                {tp('export')}
              </Button>
            )}
          </Space>
        )}
        <Table<RecordRow>
          rowKey="id"
          size="small"
          bordered
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          scroll={{ x: 900 }}
          pagination={pagination(list.page, (p) => list.changePage(p.currentPage, p.pageSize), list.total, [10, 20, 50, 100])}
          summary={() =>
            hasAmount(kind) && sum != null ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={amountAt}>
                  {t('total_')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={amountAt} align="right">
                  <span data-testid="record-sum">{groupedMoney(sum, i18n.language)}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={amountAt + 1} colSpan={columns.length - amountAt - 1} />
              </Table.Summary.Row>
            ) : null
          }
          data-testid="record-table"
        />
      </Card>
    </div>
  );
}

/** The screen of one kind of record, by its menu url. */
export const recordsScreen = keyedScreens((path) => {
  const kind = RECORD_OF_PATH[path] ?? 'task';
  return (p: ScreenProps) => <RecordsPage {...p} kind={kind} />;
});

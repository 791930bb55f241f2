import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Card, Form, Space, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import type { ScreenProps } from '../../../shell/screen.ts';
import { keyedScreens } from '../../../shell/screen.ts';
import { ListToolbar } from '../../../platform/crud/list-toolbar.tsx';
import { ColumnSettings, useColumnPrefs } from '../../../platform/crud/column-settings.tsx';
import { TotalsRows } from '../../../platform/crud/totals-row.tsx';
import type { Row } from '../../../platform/crud/crud-types.ts';
import { useListState } from '../../../platform/crud/use-list-state.ts';
import { SearchBar } from '../../../platform/crud/search-bar.tsx';
import { pageButtons } from '../../../platform/crud/permissions.ts';
import { saveFile } from '../../../platform/crud/file-transfer.ts';
import { http, unwrap } from '../../../platform/http.ts';
import { money } from '../../../platform/format.ts';
import { FIN_REPORTS, type FinReportDef } from './fin-report-defs.ts';
import { finDrillTo, useFinDrill } from './fin-drill.ts';
import { fromForm, initialSearch, toForm, toParams, useFilterItems } from './fin-report-filters.tsx';
import { useFinRepT } from './fin-report-i18n.ts';
import { SourceDoc, type SourceRef } from './source-doc.tsx';

type Reply = { rows: Row[]; total: number; sums?: Record<string, number | null>; opening?: number; closing?: number };
const PAGE_SIZES = [11, 21, 31, 51, 101];
const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(4, 14);

/** A finance report screen from its definition: search form, export, table with 合计 rows, drill-down to a report or the document. */
export function FinReportPage({ path, title, def }: ScreenProps & { def: FinReportDef }) {
  const { t } = useFinRepT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [searchShown, setSearchShown] = useState(true);
  const [exporting, setExporting] = useState(false);
  const [source, setSource] = useState<SourceRef>();
  const [columnsOpen, setColumnsOpen] = useState(false);
  const { prefs, setHidden } = useColumnPrefs(path);
  const canExport = useMemo(() => pageButtons(path).has('3'), [path]);
  const start = useMemo(() => initialSearch(def), [def]);
  const ready = (s: Record<string, unknown>) => !def.requires || def.requires.some((k) => toParams(def, s)[k === 'months' ? 'beginMonth' : k] !== undefined);
  const list = useListState<Row, Record<string, unknown>, Reply>({
    key: ['fin-report', path],
    fetch: async ({ page, search }) => unwrap(await http.get<Reply>(def.url, { ...toParams(def, search), ...page })),
    initialSearch: start,
    pageSize: PAGE_SIZES[1],
    enabled: ready,
  });
  const apply = list.applySearch;
  const drill = useFinDrill(path);
  useEffect(() => {
    if (!drill) return;
    form.resetFields();
    form.setFieldsValue(toForm(drill.values));
    apply({ ...start, ...drill.values });
  }, [drill?.seq]);

  const isReady = ready(list.search);
  const rows = useMemo(() => (isReady ? list.rows : []).map((r, i) => ({ ...r, id: i })) as Row[], [isReady, list.rows]);
  const follow = (r: Row) => {
    if (def.drill === 'document') {
      setSource({
        sourceKind: r.sourceKind as SourceRef['sourceKind'],
        sourceId: Number(r.sourceId),
        number: String(r.number),
        type: String(r.docType ?? r.type),
      });
    } else if (def.drill) {
      finDrillTo(def.drill.to, def.drill.values(r, list.search));
      navigate(def.drill.to);
    }
  };
  const columns: ColumnType<Row>[] = def.columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: t(`col.${c.key}`),
    width: c.width ?? 120,
    align: c.money ? ('right' as const) : undefined,
    render: (v: unknown, r: Row) =>
      // a document link only for what opens here (inventory and finance documents); a bidding or project entry shows its number
      c.link && def.drill && (def.drill !== 'document' || r.sourceKind === 'account' || r.sourceKind === 'depot') ? (
        <Typography.Link onClick={() => follow(r)} title={t(def.drill === 'document' ? 'openDoc' : 'drill')} data-testid="finrep-drill">
          {String(v ?? '')}
        </Typography.Link>
      ) : c.money ? (
        money(v)
      ) : (
        String(v ?? '')
      ),
    onCell: () => ({ 'data-col': c.key }) as React.HTMLAttributes<HTMLElement>,
  }));
  const shown = columns.filter((c) => !prefs.hidden.includes(String(c.key)));
  const sums = list.query.data?.sums;
  const sumFields = sums ? def.columns.filter((c) => c.money && typeof sums[c.key] === 'number').map((c) => c.key) : [];

  const exportXls = async () => {
    if (!rows.length) return void message.error(t('exportEmpty'));
    setExporting(true);
    try {
      saveFile({ blob: await http.blob(`${def.url}/exportExcel`, toParams(def, list.search)), fileName: `${title}${stamp()}.xls` });
    } catch {
      // the HTTP client has shown why
    } finally {
      setExporting(false);
    }
  };
  const reply = list.query.data;
  const need = def.requires?.[0] ?? '';

  return (
    <div data-testid="fin-report-page" data-report={def.url} data-updated={list.query.dataUpdatedAt}>
      {searchShown && (
        <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px 0' } }}>
          <SearchBar
            form={form}
            items={useFilterItems(def, t)}
            onSearch={() => apply(fromForm(form.getFieldsValue() as Record<string, unknown>))}
            onReset={() => apply(start)}
            labelWidth="84px"
            testId="finrep-search"
            formProps={{ initialValues: toForm(start) }}
          />
        </Card>
      )}
      <Card size="small" styles={{ body: { padding: '12px 16px 4px' } }}>
        <ListToolbar
          actions={{ exportXls: canExport ? () => void exportXls() : undefined, exporting }}
          selectedCount={0}
          onClearSelection={() => undefined}
          onToggleSearch={() => setSearchShown((s) => !s)}
          onRefresh={() => void list.query.refetch()}
          onColumns={() => setColumnsOpen(true)}
          extra={
            def.balances && isReady && reply?.opening !== undefined ? (
              <Space size={24} style={{ marginLeft: 16 }}>
                <span data-testid="finrep-opening">{t('openingLine', { v: money(reply.opening) })}</span>
                <span data-testid="finrep-closing">{t('closingLine', { v: money(reply.closing) })}</span>
              </Space>
            ) : undefined
          }
        />
        {!isReady && <Alert type="info" showIcon title={t(path.endsWith('account_report') ? 'chooseFlow' : `choose.${need}`)} style={{ marginBottom: 12 }} />}
        <Table<Row>
          rowKey="id"
          size="middle"
          bordered
          columns={shown}
          dataSource={rows}
          loading={list.query.isFetching}
          scroll={{ x: shown.reduce((s, c) => s + (Number(c.width) || 120), 0) }}
          summary={() => (
            <TotalsRows
              columns={columns}
              rows={rows}
              sumFields={sumFields}
              sums={sums as Record<string, number> | undefined}
              pageSize={list.page.pageSize}
              offset={0}
            />
          )}
          pagination={list.pager(PAGE_SIZES, (_a, _b, total) => t('pageTotal', { total }), isReady ? list.total : 0)}
          data-testid="finrep-table"
        />
      </Card>
      <ColumnSettings
        open={columnsOpen}
        columns={columns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
        hidden={prefs.hidden}
        onChange={setHidden}
        onClose={() => setColumnsOpen(false)}
      />
      {source && <SourceDoc source={source} onClose={() => setSource(undefined)} />}
    </div>
  );
}

/** The screen component of one finance report, by its menu url. */
export const finReportScreen = keyedScreens((path) => {
  const def = FIN_REPORTS[path];
  return (p: ScreenProps) => <FinReportPage {...p} def={def} />;
});

import { useEffect, useMemo, useState } from 'react';
import { App, Alert, Button, Card, Form, Space, Table } from 'antd';
import { useNavigate } from 'react-router';
import type { ScreenProps } from '../../../shell/screen.ts';
import { ListToolbar } from '../../../platform/crud/list-toolbar.tsx';
import { ColumnSettings, useColumnPrefs } from '../../../platform/crud/column-settings.tsx';
import { TotalsRows } from '../../../platform/crud/totals-row.tsx';
import type { Row } from '../../../platform/crud/crud-types.ts';
import { useListState } from '../../../platform/crud/use-list-state.ts';
import { SearchBar } from '../../../platform/crud/search-bar.tsx';
import { pageButtons } from '../../../platform/crud/permissions.ts';
import { drillTo, useDrill } from './drill.ts';
import { reportApi, type ReportReply, type ReportRow } from './report-api.ts';
import { Balance, reportColumns } from './report-columns.tsx';
import { LEDGER_PATH, REPORTS, type ReportDef } from './report-defs.ts';
import { filterField, toParams } from './report-filters.tsx';
import { AlertCounts } from './alert-counts.tsx';
import { useReportT } from './report-i18n.ts';
import { keyedScreens } from '../../../shell/screen.ts';
import { AreaMoveModal } from './area-move-modal.tsx';

/** SPEC §9: a page size that is 1 modulo 10 adds the 合计 row of the page; the server's sums are the 总计 row. */
export const REPORT_PAGE_SIZES = [11, 21, 31, 51, 101];

/** A report screen from its definition: search form, toolbar with export, table with totals and pager. */
export function ReportPage({ path, title, def }: ScreenProps & { def: ReportDef }) {
  const { t, i18n } = useReportT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const orderType = Form.useWatch('type', form) ?? 'sale';
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [searchShown, setSearchShown] = useState(true);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [moving, setMoving] = useState<ReportRow | null>(null);
  const { prefs, setHidden } = useColumnPrefs(path);
  const canExport = useMemo(() => pageButtons(path).has('3'), [path]);
  const ready = (filters: Record<string, unknown>) => !def.required || toParams(filters)[def.required] !== undefined;
  const list = useListState<ReportRow, Record<string, unknown>, ReportReply>({
    key: ['report', path],
    fetch: ({ page, search }) => reportApi.list(def.url, { ...toParams(search), ...page }),
    initialSearch: def.initial ?? {},
    pageSize: REPORT_PAGE_SIZES[1],
    enabled: ready,
  });
  const params = toParams(list.search);
  const query = list.query;
  const apply = list.applySearch;

  // a drill-down from another report: take its filters and search at once
  const drill = useDrill(path);
  useEffect(() => {
    if (!drill) return;
    form.resetFields();
    form.setFieldsValue(drill.values);
    setLabels(drill.labels);
    apply({ ...def.initial, ...drill.values });
    // only a new request applies (not every render of the same one)
  }, [drill?.seq]);

  const isReady = ready(list.search);
  const rows = isReady ? list.rows : [];
  const data = useMemo(() => rows.map((r, i) => ({ ...r, id: i })) as Row[], [rows]);

  const toLedger = (r: ReportRow) => {
    drillTo(LEDGER_PATH, { materialId: r.materialId, depotId: r.depotId ?? undefined }, { materialId: String(r.materialName ?? '') });
    navigate(LEDGER_PATH);
  };
  const columns = reportColumns(def, t, rows, toLedger);
  if (def.rowAction === 'areaMove')
    columns.push({
      key: 'areaMove',
      title: t('areaMove.action'),
      width: 80,
      fixed: 'right',
      render: (_: unknown, r: Row) =>
        Number(r.qty) > 0 ? (
          <Button type="link" size="small" onClick={() => setMoving(r)} data-testid="area-move">
            {t('areaMove.action')}
          </Button>
        ) : null,
    });
  const shown = columns.filter((c) => !prefs.hidden.includes(String(c.key)));
  const sums = query.data?.sums;
  const sumFields = sums ? Object.keys(sums).filter((k) => sums[k] !== null && shown.some((c) => c.key === k)) : [];

  const exportXls = async () => {
    if (!rows.length) {
      message.error(t('exportEmpty'));
      return;
    }
    setExporting(true);
    try {
      await reportApi.exportXls(def.url, params, title);
    } catch {
      // the HTTP client has shown why
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="report-page" data-report={def.url} data-updated={query.dataUpdatedAt}>
      {def.alerts && <AlertCounts />}
      {searchShown && (
        <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px 0' } }}>
          <SearchBar
            form={form}
            items={def.filters.map((k) => filterField(k, t, i18n.language, { orderType, labels }))}
            onSearch={() => apply(form.getFieldsValue() as Record<string, unknown>)}
            onReset={() => apply(def.initial ?? {})}
            labelWidth="96px"
            testId="report-search"
            formProps={{
              initialValues: def.initial,
              // the partner list follows the order type: a customer is no filter for purchase orders
              onValuesChange: (changed) => 'type' in changed && form.setFieldValue('organId', undefined),
            }}
          />
        </Card>
      )}
      <Card size="small" styles={{ body: { padding: '12px 16px 4px' } }}>
        <ListToolbar
          actions={{ exportXls: canExport ? () => void exportXls() : undefined, exporting }}
          selectedCount={0}
          onClearSelection={() => undefined}
          onToggleSearch={() => setSearchShown((s) => !s)}
          onRefresh={() => void query.refetch()}
          onColumns={() => setColumnsOpen(true)}
          extra={
            def.balances && isReady && query.data ? (
              <Space size={24} style={{ marginLeft: 16 }}>
                <Balance which="opening" reply={query.data} />
                <Balance which="closing" reply={query.data} />
              </Space>
            ) : undefined
          }
        />
        {!isReady && <Alert type="info" showIcon title={t('chooseMaterial')} style={{ marginBottom: 12 }} />}
        <Table<Row>
          rowKey="id"
          size="middle"
          bordered
          columns={shown}
          dataSource={data}
          loading={query.isFetching}
          scroll={{ x: shown.reduce((s, c) => s + (Number(c.width) || 120), 0), y: `max(240px, calc(100vh - ${searchShown ? 440 : 340}px))` }}
          summary={() => (
            <TotalsRows
              columns={shown}
              rows={data}
              sumFields={sumFields}
              sums={sums as Record<string, number> | undefined}
              pageSize={list.page.pageSize}
              offset={0}
            />
          )}
          pagination={list.pager(REPORT_PAGE_SIZES, (a, b, total) => t('pageTotal', { a, b, total }), isReady ? list.total : 0)}
          data-testid="report-table"
        />
      </Card>
      {moving && (
        <AreaMoveModal
          row={moving}
          onClose={() => setMoving(null)}
          onDone={() => {
            setMoving(null);
            void query.refetch();
          }}
        />
      )}
      <ColumnSettings
        open={columnsOpen}
        columns={columns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
        hidden={prefs.hidden}
        onChange={setHidden}
        onClose={() => setColumnsOpen(false)}
      />
    </div>
  );
}

/** The screen component of one report, by its menu url. */
export const reportScreen = keyedScreens((path) => {
  const def = REPORTS[path];
  return (p: ScreenProps) => <ReportPage {...p} def={def} />;
});

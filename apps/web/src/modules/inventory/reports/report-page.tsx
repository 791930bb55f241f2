import { useEffect, useMemo, useState } from 'react';
import { App, Alert, Button, Card, Col, Form, Row as GridRow, Space, Table, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ScreenProps } from '../../../shell/screen.ts';
import { ListToolbar } from '../../../platform/crud/list-toolbar.tsx';
import { ColumnSettings, useColumnPrefs } from '../../../platform/crud/column-settings.tsx';
import { TotalsRows } from '../../../platform/crud/totals-row.tsx';
import type { Row } from '../../../platform/crud/crud-types.ts';
import { pagination } from '../../../platform/crud/paging.ts';
import { pageButtons } from '../../../platform/crud/permissions.ts';
import { drillTo, useDrill } from './drill.ts';
import { money, qty, reportApi, type ReportRow } from './report-api.ts';
import { LEDGER_PATH, REPORTS, type ReportColumn, type ReportDef } from './report-defs.ts';
import { filterField, toParams } from './report-filters.tsx';
import { AlertCounts } from './alert-counts.tsx';
import { useReportT } from './report-i18n.ts';
import { StatusTag } from '../documents/status-tag.tsx';
import { keyedScreens } from '../../../shell/screen.ts';

/** SPEC §9: a page size that is 1 modulo 10 adds the 合计 row of the page; the server's sums are the 总计 row. */
export const REPORT_PAGE_SIZES = [11, 21, 31, 51, 101];

/** A report screen from its definition: search form, toolbar with export, table with totals and pager. */
export function ReportPage({ path, title, def }: ScreenProps & { def: ReportDef }) {
  const { t, i18n } = useReportT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const orderType = Form.useWatch('type', form) ?? 'sale';
  const [filters, setFilters] = useState<Record<string, unknown>>(def.initial ?? {});
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ currentPage: 1, pageSize: REPORT_PAGE_SIZES[1] });
  const [searchShown, setSearchShown] = useState(true);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  // every search runs anew, even with the same filters (the stock may have moved meanwhile)
  const [run, setRun] = useState(0);
  const { prefs, setHidden } = useColumnPrefs(path);
  const canExport = useMemo(() => pageButtons(path).has('3'), [path]);
  const params = toParams(filters);
  const ready = !def.required || params[def.required] !== undefined;

  const query = useQuery({
    queryKey: ['report', path, params, page, run],
    queryFn: () => reportApi.list(def.url, { ...params, ...page }),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const apply = (values: Record<string, unknown>) => {
    setFilters(values);
    setPage((p) => ({ ...p, currentPage: 1 }));
    setRun((n) => n + 1);
  };

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

  const rows = ready ? (query.data?.rows ?? []) : [];
  const data = useMemo(() => rows.map((r, i) => ({ ...r, id: i })) as Row[], [rows]);
  // price masking: the server blanks these for the user, so they are not shown at all
  const blanked = (c: ReportColumn) => c.kind === 'money' && rows.length > 0 && rows.every((r) => r[c.key] === null);

  const toLedger = (r: ReportRow) => {
    drillTo(LEDGER_PATH, { materialId: r.materialId, depotId: r.depotId ?? undefined }, { materialId: String(r.materialName ?? '') });
    navigate(LEDGER_PATH);
  };
  const cell = (c: ReportColumn) => (v: unknown, r: Row) => {
    switch (c.kind) {
      case 'money':
        return money(v);
      case 'qty':
        return qty(v);
      case 'bool':
        return v ? t('yes') : t('no');
      case 'status':
        return <StatusTag status={String(v)} />;
      case 'warning':
        return <Tag color={v === 'low' ? 'red' : 'orange'}>{t(`warningTypes.${String(v)}`)}</Tag>;
      default:
        if (c.key === 'materialName' && def.drillToLedger && r.materialId)
          return (
            <Typography.Link onClick={() => toLedger(r)} title={t('toLedger')} data-testid="drill-ledger">
              {String(v ?? '')}
            </Typography.Link>
          );
        return v === null || v === undefined ? '' : String(v);
    }
  };
  const columns: ColumnType<Row>[] = def.columns
    .filter((c) => !blanked(c))
    .map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: t(`col.${c.label ?? c.key}`),
      width: c.width ?? 120,
      ellipsis: c.kind === undefined,
      align: c.kind === 'money' || c.kind === 'qty' ? ('right' as const) : undefined,
      render: cell(c),
      // lets a reader (and the browser journeys) find a value by its column
      onCell: () => ({ 'data-col': c.key }) as React.HTMLAttributes<HTMLElement>,
    }));
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

  const balance = (which: 'opening' | 'closing') => {
    const b = query.data?.[which];
    if (!b) return null;
    const text = b.value === null ? t('balanceLineMasked', { qty: qty(b.qty) }) : t('balanceLine', { qty: qty(b.qty), value: money(b.value) });
    return (
      <span data-testid={`ledger-${which}`}>
        <b>{t(which)}</b>：{text}
      </span>
    );
  };

  return (
    <div data-testid="report-page" data-report={def.url} data-updated={query.dataUpdatedAt}>
      {def.alerts && <AlertCounts />}
      {searchShown && (
        <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px 0' } }}>
          <Form form={form} labelCol={{ flex: '96px' }} initialValues={def.initial}
            onFinish={(v) => apply(v as Record<string, unknown>)}
            // the partner list follows the order type: a customer is no filter for purchase orders
            onValuesChange={(changed) => 'type' in changed && form.setFieldValue('organId', undefined)} data-testid="report-search">
            <GridRow gutter={[16, 0]}>
              {def.filters.map((k) => (
                <Col key={k} xs={24} md={12} lg={8} xl={6}>
                  {filterField(k, t, i18n.language, { orderType, labels })}
                </Col>
              ))}
              <Col xs={24} md={12} lg={8} xl={6} style={{ marginLeft: 'auto', textAlign: 'right' }}>
                <Space style={{ marginBottom: 12 }}>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
                    {t('search')}
                  </Button>
                  <Button
                    onClick={() => {
                      form.resetFields();
                      apply(def.initial ?? {});
                    }}
                    data-testid="search-reset"
                  >
                    {t('reset')}
                  </Button>
                </Space>
              </Col>
            </GridRow>
          </Form>
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
            def.balances && ready && query.data ? (
              <Space size={24} style={{ marginLeft: 16 }}>
                {balance('opening')}
                {balance('closing')}
              </Space>
            ) : undefined
          }
        />
        {!ready && <Alert type="info" showIcon title={t('chooseMaterial')} style={{ marginBottom: 12 }} />}
        <Table<Row>
          rowKey="id"
          size="middle"
          bordered
          columns={shown}
          dataSource={data}
          loading={query.isFetching}
          scroll={{ x: shown.reduce((s, c) => s + (Number(c.width) || 120), 0), y: `max(240px, calc(100vh - ${searchShown ? 440 : 340}px))` }}
          summary={() => <TotalsRows columns={shown} rows={data} sumFields={sumFields} sums={sums as Record<string, number> | undefined} pageSize={page.pageSize} offset={0} />}
          pagination={pagination(page, setPage, ready ? (query.data?.total ?? 0) : 0, REPORT_PAGE_SIZES, (a, b, total) => t('pageTotal', { a, b, total }))}
          data-testid="report-table"
        />
      </Card>
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

import { lazy, Suspense, useMemo, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Divider, Form, Input, Row as GridRow, Select, Space, Table } from 'antd';
import { AuditOutlined, PrinterOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { ScreenProps } from '../../../shell/screen.ts';
import { DOC_TYPE_BY_KEY, type DocType } from '@erp/entities/document-types';
import { ListToolbar } from '../../../platform/crud/list-toolbar.tsx';
import { ColumnSettings, useColumnPrefs } from '../../../platform/crud/column-settings.tsx';
import { pageButtons } from '../../../platform/crud/permissions.ts';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../../platform/crud/use-entity-list.ts';
import { pagination } from '../../../platform/crud/paging.ts';
import { failureText } from '../../../platform/crud/file-transfer.ts';
import { isEnglish } from '../../../platform/i18n/index.ts';
import { documentApi, money, qty, type DocumentDetail, type DocumentRow } from './document-api.ts';
import { useDocumentT } from './document-i18n.ts';
import { DOC_STATUS } from '@erp/entities/document-status';
import { StatusTag, statusLabel } from './status-tag.tsx';
import { keyedScreens } from '../../../shell/screen.ts';

const DocumentForm = lazy(() => import('./document-form.tsx').then((m) => ({ default: m.DocumentForm })));
const PrintDialog = lazy(() => import('./document-print.tsx').then((m) => ({ default: m.PrintDialog })));

const fmt = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

export type FormMode = { mode: 'add' } | { mode: 'edit' | 'view'; number: string };

/** The document list of one type: search, toolbar (add, delete, audit, un-audit), columns, pager, the form. */
export function DocumentListPage({ docType, path }: ScreenProps & { docType: DocType }) {
  const { t, i18n } = useDocumentT();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const label = isEnglish(i18n.language) ? docType.label.en : docType.label.zh;
  const buttons = useMemo(() => pageButtons(path), [path]);
  const can = { edit: buttons.has('1'), audit: buttons.has('2'), unaudit: buttons.has('7') };
  const [form] = Form.useForm();
  const [page, setPage] = useState({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [search, setSearch] = useState<Record<string, string | undefined>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [searchShown, setSearchShown] = useState(true);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [editing, setEditing] = useState<FormMode | undefined>();
  const [formLoaded, setFormLoaded] = useState(false);
  const [printing, setPrinting] = useState<DocumentDetail[] | undefined>();
  const { prefs, setHidden } = useColumnPrefs(path);

  const key = ['bill-list', docType.key];
  const query = useQuery({
    queryKey: [...key, page, search],
    queryFn: () => documentApi.list(docType, { ...search, ...page }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const reload = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const open = (m: FormMode) => {
    setFormLoaded(true);
    setEditing(m);
  };

  const submit = () => {
    const v = form.getFieldsValue() as { number?: string; materialParam?: string; status?: string; dates?: [Dayjs | null, Dayjs | null] };
    setSearch({
      number: v.number?.trim() || undefined,
      materialParam: v.materialParam?.trim() || undefined,
      status: v.status || undefined,
      beginTime: fmt(v.dates?.[0]),
      endTime: fmt(v.dates?.[1]),
    });
    setPage((p) => ({ ...p, currentPage: 1 }));
    setSelected([]);
  };

  /** A batch write: needs a selection, is confirmed, shows the server's message or refusal. */
  const batch = (confirmKey: string, call: (ids: number[]) => Promise<{ message?: string }>) => () => {
    if (!selected.length) {
      message.warning(t('selectOne'));
      return;
    }
    modal.confirm({
      title: t('confirmTitle'),
      content: t(confirmKey, { count: selected.length }),
      onOk: async () => {
        try {
          const r = await call(selected);
          message.success(r.message || t('done'));
          reload();
        } catch (e) {
          const msg = failureText(e);
          if (msg) message.warning(msg);
        }
      },
    });
  };

  /** Batch print (SPEC §5): the selected documents with their lines, in one print view. */
  const batchPrint = async () => {
    const numbers = (query.data?.rows ?? []).filter((r) => selected.includes(r.id)).map((r) => r.number);
    if (!numbers.length) return void message.warning(t('batchPrintNone'));
    try {
      setPrinting(await Promise.all(numbers.map((n) => documentApi.detail(n))));
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };

  const isIn = docType.type === '入库' || docType.partner === '供应商';
  // number, date and partner stay on the left, amount, status and actions on the right (fixed), so
  // they are visible without horizontal scrolling down to 1280 px; the rest scrolls between them
  const left: ColumnType<DocumentRow>[] = [
    { key: 'number', dataIndex: 'number', title: t('number'), width: 170, render: (v: string, r) => <a onClick={() => open({ mode: 'view', number: r.number })}>{v}</a> },
    { key: 'operTime', dataIndex: 'operTime', title: t('operTime'), width: 160 },
    ...(docType.partner ? [{ key: 'organName', dataIndex: 'organName', title: t(`organ.${docType.partner}`), width: 180, ellipsis: true }] : []),
  ];
  const middle: ColumnType<DocumentRow>[] = [
    { key: 'materialsList', dataIndex: 'materialsList', title: t('materialsList'), width: 220, ellipsis: true },
    // a price adjustment has neither quantities nor amounts
    ...(docType.prices ? [] : [{ key: 'totalNumber', dataIndex: 'totalNumber', title: t('totalNumber'), width: 90, align: 'right' as const, render: (v: number | null) => qty(v) }]),
    ...(docType.partner
      ? [
          { key: 'changeAmount', dataIndex: 'changeAmount', title: t(isIn ? 'changeAmount.in' : 'changeAmount.out'), width: 110, align: 'right' as const, render: (v: number | null) => money(v) },
          { key: 'debt', dataIndex: 'debt', title: t('debt'), width: 100, align: 'right' as const, render: (v: number | null) => money(v) },
        ]
      : []),
    { key: 'creatorName', dataIndex: 'creatorName', title: t('creatorName'), width: 100 },
  ];
  const right: ColumnType<DocumentRow>[] = [
    ...(docType.prices
      ? []
      : [
          {
            key: 'discountLastMoney',
            dataIndex: 'discountLastMoney',
            title: t('discountLastMoney'),
            width: 110,
            align: 'right' as const,
            render: (v: number | null, r: DocumentRow) => money(v ?? r.totalPrice),
          },
        ]),
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      width: 100,
      render: (v: string) => <StatusTag status={v} testId="bill-status" />,
    },
  ];
  const columns: ColumnType<DocumentRow>[] = [
    ...left.map((c) => ({ ...c, fixed: 'left' as const })),
    ...middle,
    ...right.map((c) => ({ ...c, fixed: 'right' as const })),
  ];
  const action: ColumnType<DocumentRow> = {
    key: '__action',
    title: t('action'),
    fixed: 'right',
    width: 120,
    render: (_v, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <Button type="link" size="small" onClick={() => open({ mode: 'view', number: r.number })} data-testid="row-view">
          {t('view')}
        </Button>
        {can.edit && r.status === DOC_STATUS.unaudited && (
          <>
            <Divider orientation="vertical" />
            <Button type="link" size="small" onClick={() => open({ mode: 'edit', number: r.number })} data-testid="row-edit">
              {t('edit')}
            </Button>
          </>
        )}
      </span>
    ),
  };
  const shown = [...columns.filter((c) => !prefs.hidden.includes(String(c.key))), action];
  const width = shown.reduce((s, c) => s + (Number(c.width) || 120), 48);
  const statusOptions = [DOC_STATUS.unaudited, DOC_STATUS.audited, ...(docType.order ? [DOC_STATUS.partly, DOC_STATUS.completed] : [])].map((s) => ({ value: s, label: statusLabel(s, isEnglish(i18n.language)) }));

  return (
    <div data-testid="bill-list" data-doc={docType.key}>
      {searchShown && (
        <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px' } }}>
          <Form form={form} labelCol={{ flex: '80px' }} onFinish={submit} data-testid="bill-search" style={{ marginBottom: -12 }}>
            <GridRow gutter={[16, 0]}>
              <Col xs={24} md={12} lg={8} xl={6}>
                <Form.Item name="number" label={t('number')}>
                  <Input allowClear data-testid="search-number" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8} xl={6}>
                <Form.Item name="materialParam" label={t('materialParam')}>
                  <Input allowClear placeholder={t('materialParamHint')} data-testid="search-materialParam" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8} xl={6}>
                <Form.Item name="dates" label={t('dateRange')}>
                  <DatePicker.RangePicker style={{ width: '100%' }} placeholder={[t('startDate'), t('endDate')]} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8} xl={6}>
                <Form.Item name="status" label={t('status')}>
                  <Select allowClear placeholder={t('statusAll')} options={statusOptions} data-testid="search-status" />
                </Form.Item>
              </Col>
              <Col span={24} style={{ textAlign: 'right' }}>
                <Space style={{ marginBottom: 12 }}>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
                    {t('search')}
                  </Button>
                  <Button
                    onClick={() => {
                      form.resetFields();
                      submit();
                    }}
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
          actions={{
            add: can.edit ? () => open({ mode: 'add' }) : undefined,
            deleteBatch: can.edit ? batch('deleteConfirm', documentApi.deleteBatch) : undefined,
          }}
          extra={
            <>
              {can.audit && (
                <Button icon={<AuditOutlined />} onClick={batch('auditConfirm', (ids) => documentApi.setStatus('1', ids))} data-testid="list-audit">
                  {t('audit')}
                </Button>
              )}
              <Button icon={<PrinterOutlined />} onClick={() => void batchPrint()} data-testid="list-print">
                {t('batchPrint')}
              </Button>
              {can.unaudit && (
                <Button icon={<StopOutlined />} onClick={batch('unauditConfirm', (ids) => documentApi.setStatus('0', ids))} data-testid="list-unaudit">
                  {t('unaudit')}
                </Button>
              )}
            </>
          }
          selectedCount={selected.length}
          onClearSelection={() => setSelected([])}
          onToggleSearch={() => setSearchShown((s) => !s)}
          onRefresh={reload}
          onColumns={() => setColumnsOpen(true)}
        />
        <Table<DocumentRow>
          rowKey="id"
          size="middle"
          bordered
          columns={shown}
          dataSource={query.data?.rows ?? []}
          loading={query.isFetching}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), fixed: true }}
          scroll={{ x: width, y: `max(240px, calc(100vh - ${searchShown ? 440 : 340}px))` }}
          pagination={pagination(page, setPage, query.data?.total ?? 0, PAGE_SIZES, (a, b, total) => t('pageTotal', { a, b, total }))}
          data-testid="bill-table"
        />
      </Card>
      <ColumnSettings
        open={columnsOpen}
        columns={columns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
        hidden={prefs.hidden}
        onChange={setHidden}
        onClose={() => setColumnsOpen(false)}
      />
      <Suspense>
        {(editing || formLoaded) && (
          <DocumentForm
            docType={docType}
            label={label}
            target={editing}
            canAudit={can.audit}
            onClose={() => setEditing(undefined)}
            onSaved={reload}
          />
        )}
        {printing && <PrintDialog docs={printing} docType={docType} label={label} onClose={() => setPrinting(undefined)} />}
      </Suspense>
    </div>
  );
}

/** The screen component of one document type. */
export const documentScreen = keyedScreens((key) => {
  const docType = DOC_TYPE_BY_KEY[key];
  return (p: ScreenProps) => <DocumentListPage {...p} docType={docType} />;
});

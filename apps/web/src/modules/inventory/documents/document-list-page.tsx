import { lazy, Suspense, useMemo, useState } from 'react';
import { App, Button, Card, Form, Table } from 'antd';
import { AuditOutlined, OrderedListOutlined, PrinterOutlined, StopOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { ScreenProps } from '../../../shell/screen.ts';
import { DOC_TYPE_BY_KEY, type DocType } from '@erp/entities/document-types';
import { ListToolbar } from '../../../platform/crud/list-toolbar.tsx';
import { ColumnSettings, useColumnPrefs } from '../../../platform/crud/column-settings.tsx';
import { pageButtons } from '../../../platform/crud/permissions.ts';
import { PAGE_SIZES, useListState } from '../../../platform/crud/use-list-state.ts';
import { SearchBar } from '../../../platform/crud/search-bar.tsx';
import { failureText } from '../../../platform/crud/file-transfer.ts';
import { isEnglish } from '../../../platform/i18n/index.ts';
import { documentApi, type DocumentDetail, type DocumentRow } from './document-api.ts';
import type { FormMode } from './document-line.ts';
import { actionColumn, documentColumns, documentSearchItems } from './document-columns.tsx';
import { useDocumentT } from './document-i18n.ts';
import { keyedScreens } from '../../../shell/screen.ts';
import { useDocumentExport } from './use-document-export.ts';

const DocumentForm = lazy(() => import('./document-form.tsx').then((m) => ({ default: m.DocumentForm })));
const PrintDialog = lazy(() => import('./document-print.tsx').then((m) => ({ default: m.PrintDialog })));
const PickListDialog = lazy(() => import('./pick-list-dialog.tsx').then((m) => ({ default: m.PickListDialog })));

const fmt = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** The document list of one type: search, toolbar (add, delete, audit, un-audit), columns, pager, the form. */
export function DocumentListPage({ docType, path }: ScreenProps & { docType: DocType }) {
  const { t, i18n } = useDocumentT();
  const { message, modal } = App.useApp();
  const label = isEnglish(i18n.language) ? docType.label.en : docType.label.zh;
  const buttons = useMemo(() => pageButtons(path), [path]);
  const can = { edit: buttons.has('1'), audit: buttons.has('2'), unaudit: buttons.has('7') };
  const [form] = Form.useForm();
  const [searchShown, setSearchShown] = useState(true);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [editing, setEditing] = useState<FormMode | undefined>();
  const [formLoaded, setFormLoaded] = useState(false);
  const [printing, setPrinting] = useState<DocumentDetail[] | undefined>();
  const [picking, setPicking] = useState<number[] | undefined>();
  // outbound documents (and a transfer's sending side) have a pick list by reservoir area (issue 24)
  const pickable = docType.stock === -1 || docType.stock === 'transfer';
  const { prefs, setHidden } = useColumnPrefs(path);

  const list = useListState<DocumentRow, Record<string, string | undefined>>({
    key: ['bill-list', docType.key],
    fetch: ({ page, search }) => documentApi.list(docType, { ...search, ...page }),
  });
  const { selected, setSelected, reload } = list;
  const exporter = useDocumentExport(docType, list.search, selected, label);
  const open = (m: FormMode) => {
    setFormLoaded(true);
    setEditing(m);
  };

  const submit = () => {
    const v = form.getFieldsValue() as { number?: string; materialParam?: string; status?: string; dates?: [Dayjs | null, Dayjs | null] };
    list.applySearch({
      number: v.number?.trim() || undefined,
      materialParam: v.materialParam?.trim() || undefined,
      status: v.status || undefined,
      beginTime: fmt(v.dates?.[0]),
      endTime: fmt(v.dates?.[1]),
    });
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
    const numbers = list.rows.filter((r) => selected.includes(r.id)).map((r) => r.number);
    if (!numbers.length) return void message.warning(t('batchPrintNone'));
    try {
      setPrinting(await Promise.all(numbers.map((n) => documentApi.detail(n))));
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };

  const columns = documentColumns(docType, t, (number) => open({ mode: 'view', number }));
  const action = actionColumn(t, can.edit, open);
  const shown = [...columns.filter((c) => !prefs.hidden.includes(String(c.key))), action];
  const width = shown.reduce((s, c) => s + (Number(c.width) || 120), 48);
  const searchItems = documentSearchItems(docType, t, isEnglish(i18n.language));

  return (
    <div data-testid="bill-list" data-doc={docType.key}>
      {searchShown && (
        <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px' } }}>
          <SearchBar form={form} items={searchItems} onSearch={submit} labelWidth="80px" testId="bill-search" formProps={{ style: { marginBottom: -12 } }} />
        </Card>
      )}
      <Card size="small" styles={{ body: { padding: '12px 16px 4px' } }}>
        <ListToolbar
          actions={{
            add: can.edit ? () => open({ mode: 'add' }) : undefined,
            deleteBatch: can.edit ? batch('deleteConfirm', documentApi.deleteBatch) : undefined,
            ...(buttons.has('3') ? exporter : {}),
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
              {pickable && (
                <Button
                  icon={<OrderedListOutlined />}
                  onClick={() => (selected.length ? setPicking(selected) : message.warning(t('pickListNone')))}
                  data-testid="list-pick"
                >
                  {t('pickList')}
                </Button>
              )}
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
          dataSource={list.rows}
          loading={list.loading}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), fixed: true }}
          scroll={{ x: width, y: `max(240px, calc(100vh - ${searchShown ? 440 : 340}px))` }}
          pagination={list.pager(PAGE_SIZES, (a, b, total) => t('pageTotal', { a, b, total }))}
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
          <DocumentForm docType={docType} label={label} target={editing} canAudit={can.audit} onClose={() => setEditing(undefined)} onSaved={reload} />
        )}
        {picking && <PickListDialog ids={picking} onClose={() => setPicking(undefined)} />}
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

import { lazy, Suspense, useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import { AuditOutlined, StopOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { DOC_STATUS_VIEW, type DocStatus } from '@erp/entities/document-status';
import { FIN_DOC_TYPE_BY_KEY, type FinDocType } from '@erp/entities/finance-types';
import { keyedScreens, type ScreenProps } from '../../shell/screen.ts';
import { ListToolbar } from '../../platform/crud/list-toolbar.tsx';
import { ColumnSettings, useColumnPrefs } from '../../platform/crud/column-settings.tsx';
import { pageButtons } from '../../platform/crud/permissions.ts';
import { PAGE_SIZES, useListState } from '../../platform/crud/use-list-state.ts';
import { SearchBar } from '../../platform/crud/search-bar.tsx';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { useListExport } from '../../platform/crud/use-list-export.ts';
import { isEnglish } from '../../platform/i18n/index.ts';
import { amount } from '../../platform/format.ts';
import { StatusTag } from '../inventory/index.ts';
import { financeApi, type FinRow } from './finance-api.ts';
import { useFinT } from './finance-i18n.ts';
import type { FinTarget } from './finance-form.tsx';

const FinanceForm = lazy(() => import('./finance-form.tsx').then((m) => ({ default: m.FinanceForm })));
const fmt = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

function columns(t: FinDocType, tr: (k: string) => string, open: (r: FinRow) => void): TableColumnsType<FinRow> {
  const money = (v: number) => amount(v);
  const amountKey = t.type === '收款' || t.type === '付款' ? t.type : 'other';
  return [
    { key: 'billNo', dataIndex: 'billNo', title: tr('billNo'), width: 190, render: (v: string, r) => <a onClick={() => open(r)}>{v}</a> },
    { key: 'billTime', dataIndex: 'billTime', title: tr('billTime'), width: 170 },
    ...(t.partner ? [{ key: 'organName', dataIndex: 'organName', title: tr('organ'), width: 180 }] : []),
    ...(t.lines !== 'account' || t.type === '转账'
      ? [{ key: 'accountName', dataIndex: 'accountName', title: tr(`account.${t.type === '转账' ? '转账' : 'head'}`), width: 140 }]
      : []),
    { key: 'handsPersonName', dataIndex: 'handsPersonName', title: tr('handsPerson'), width: 100 },
    { key: 'totalPrice', dataIndex: 'totalPrice', title: tr('totalPrice'), width: 120, align: 'right', render: money },
    ...(t.lines === 'bill'
      ? [
          { key: 'discountMoney', dataIndex: 'discountMoney', title: tr('discountMoney'), width: 110, align: 'right' as const, render: money },
          { key: 'changeAmount', dataIndex: 'changeAmount', title: tr(`changeAmount.${amountKey}`), width: 120, align: 'right' as const, render: money },
        ]
      : []),
    { key: 'creatorName', dataIndex: 'creatorName', title: tr('creatorName'), width: 100 },
    { key: 'status', dataIndex: 'status', title: tr('status'), width: 90, render: (s: string) => <StatusTag status={s} /> },
    { key: 'remark', dataIndex: 'remark', title: tr('remark'), width: 200, ellipsis: true },
  ];
}

/** The list of one finance document type: search, toolbar (add, delete, audit, un-audit), columns with 合计, pager, the form. */
export function FinanceListPage({ finType, path }: ScreenProps & { finType: FinDocType }) {
  const { t, i18n } = useFinT();
  const { message, modal } = App.useApp();
  const english = isEnglish(i18n.language);
  const label = english ? finType.label.en : finType.label.zh;
  const buttons = useMemo(() => pageButtons(path), [path]);
  const can = { edit: buttons.has('1'), audit: buttons.has('2'), unaudit: buttons.has('7') };
  const [form] = Form.useForm();
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [target, setTarget] = useState<FinTarget | undefined>();
  const { prefs, setHidden } = useColumnPrefs(path);
  const list = useListState<FinRow, Record<string, string | undefined>>({
    key: ['fin-list', finType.key],
    fetch: ({ page, search }) => financeApi.list(finType, { ...search, ...page }),
  });
  const { selected, setSelected, reload } = list;
  const exporter = useListExport('/accountHead/exportExcel', { ...list.search, type: finType.type }, selected, label);

  const submit = () => {
    const v = form.getFieldsValue() as { billNo?: string; status?: string; remark?: string; dates?: [Dayjs | null, Dayjs | null] };
    list.applySearch({
      billNo: v.billNo?.trim() || undefined,
      remark: v.remark?.trim() || undefined,
      status: v.status || undefined,
      beginTime: fmt(v.dates?.[0]),
      endTime: fmt(v.dates?.[1]),
    });
  };
  const batch = (confirmKey: string, call: (ids: number[]) => Promise<{ message?: string }>) => () => {
    if (!selected.length) return void message.warning(t('selectOne'));
    modal.confirm({
      title: t('confirmTitle'),
      content: t(confirmKey, { count: selected.length }),
      onOk: async () => {
        try {
          message.success((await call(selected)).message || t('done'));
          reload();
        } catch (e) {
          const msg = failureText(e);
          if (msg) message.warning(msg);
        }
      },
    });
  };

  const all = columns(finType, t, (r) => setTarget({ id: r.id, readOnly: r.status !== '0' || !can.edit }));
  const shown = all.filter((c) => !prefs.hidden.includes(String(c.key)));
  const width = shown.reduce((s, c) => s + (Number(c.width) || 120), 48);
  const statuses = (['0', '9', '1'] as DocStatus[]).map((s) => ({ value: s, label: DOC_STATUS_VIEW[s].label[english ? 'en' : 'zh'] }));
  const searchItems = [
    { name: 'billNo', label: t('billNo'), node: <Input allowClear data-testid="fin-search-number" /> },
    { name: 'dates', label: t('dateRange'), node: <DatePicker.RangePicker style={{ width: '100%' }} /> },
    { name: 'status', label: t('status'), node: <Select allowClear options={statuses} /> },
    { name: 'remark', label: t('remark'), node: <Input allowClear /> },
  ];
  const sums = list.sums;

  return (
    <div data-testid="fin-list" data-doc={finType.key}>
      <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px' } }}>
        <SearchBar form={form} items={searchItems} onSearch={submit} labelWidth="80px" testId="fin-search" formProps={{ style: { marginBottom: -12 } }} />
      </Card>
      <Card size="small" styles={{ body: { padding: '12px 16px 4px' } }}>
        <ListToolbar
          actions={{
            add: can.edit ? () => setTarget({ readOnly: false }) : undefined,
            deleteBatch: can.edit ? batch('deleteConfirm', financeApi.deleteBatch) : undefined,
            ...(buttons.has('3') ? exporter : {}),
          }}
          extra={
            <>
              {can.audit && (
                <Button icon={<AuditOutlined />} onClick={batch('auditConfirm', (ids) => financeApi.setStatus('1', ids))} data-testid="list-audit">
                  {t('audit')}
                </Button>
              )}
              {can.unaudit && (
                <Button icon={<StopOutlined />} onClick={batch('unauditConfirm', (ids) => financeApi.setStatus('0', ids))} data-testid="list-unaudit">
                  {t('unaudit')}
                </Button>
              )}
            </>
          }
          selectedCount={selected.length}
          onClearSelection={() => setSelected([])}
          onRefresh={reload}
          onColumns={() => setColumnsOpen(true)}
        />
        <Table<FinRow>
          rowKey="id"
          size="middle"
          bordered
          columns={shown}
          dataSource={list.rows}
          loading={list.loading}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), fixed: true }}
          scroll={{ x: width, y: 'max(240px, calc(100vh - 440px))' }}
          pagination={list.pager(PAGE_SIZES, (a, b, total) => t('pageTotal', { a, b, total }))}
          summary={() =>
            sums ? (
              <Table.Summary.Row data-testid="fin-total">
                <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
                {shown.map((c, i) => (
                  <Table.Summary.Cell key={String(c.key)} index={i + 1} align="right">
                    {sums[String(c.key)] !== undefined ? amount(sums[String(c.key)]) : ''}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
          data-testid="fin-table"
        />
      </Card>
      <ColumnSettings
        open={columnsOpen}
        columns={all.map((c) => ({ key: String(c.key), title: String(c.title) }))}
        hidden={prefs.hidden}
        onChange={setHidden}
        onClose={() => setColumnsOpen(false)}
      />
      <Suspense>
        {target && <FinanceForm finType={finType} label={label} target={target} canAudit={can.audit} onClose={() => setTarget(undefined)} onSaved={reload} />}
      </Suspense>
    </div>
  );
}

/** The screen component of one finance document type. */
export const financeScreen = keyedScreens((key) => {
  const finType = FIN_DOC_TYPE_BY_KEY[key];
  return (p: ScreenProps) => <FinanceListPage {...p} finType={finType} />;
});

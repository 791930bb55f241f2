import { lazy, Suspense, useState } from 'react';
import { App, Button, Card, DatePicker, Form, Input, Popconfirm, Select, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { keyedScreens, type ScreenProps } from '../../../shell/screen.ts';
import { pageButtons } from '../../../platform/crud/permissions.ts';
import { SearchBar } from '../../../platform/crud/search-bar.tsx';
import { useListState } from '../../../platform/crud/use-list-state.ts';
import { saveFile } from '../../../platform/crud/file-transfer.ts';
import { http } from '../../../platform/http.ts';
import { money } from '../../../platform/format.ts';
import { financeApi } from '../finance-api.ts';
import { invoiceApi, type InvoiceRow, type InvoiceType } from './invoice-api.ts';
import { useInvT } from './invoice-i18n.ts';
import { useSaving } from '../../../platform/use-saving.ts';

const InvoiceForm = lazy(() => import('./invoice-form.tsx').then((m) => ({ default: m.InvoiceForm })));
type Search = { organId?: number; number?: string; dates?: [Dayjs | null, Dayjs | null] };
const params = (type: InvoiceType, s: Search) => ({
  type,
  organId: s.organId,
  number: s.number || undefined,
  beginTime: s.dates?.[0]?.format('YYYY-MM-DD'),
  endTime: s.dates?.[1]?.format('YYYY-MM-DD'),
});

/** 应收发票 / 应付发票: the invoices with search, 合计, export, delete (button 1), and the invoicing dialog. */
function InvoicePage({ path, title, type }: ScreenProps & { type: InvoiceType }) {
  const { t } = useInvT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Search>();
  const [adding, setAdding] = useState(false);
  const buttons = pageButtons(path);
  const partners = useQuery({ queryKey: ['fin-partners'], queryFn: financeApi.partners });
  const list = useListState<InvoiceRow, Search, { rows: InvoiceRow[]; total: number; sums: Record<string, number> }>({
    key: ['fin-invoices', type],
    fetch: ({ page, search }) => invoiceApi.list({ ...params(type, search), ...page }),
    initialSearch: {},
    pageSize: 20,
  });
  const [, whileSaving] = useSaving();
  const remove = (r: InvoiceRow) =>
    whileSaving(async () => {
      await invoiceApi.remove(r.id);
      message.success(t('deleted'));
      await list.query.refetch();
    });
  const exportXls = async () => saveFile({ blob: await http.blob('/finInvoice/list/exportExcel', params(type, list.search)), fileName: `${title}.xls` });
  const m = (key: 'amount' | 'tax' | 'total') => ({ key, dataIndex: key, title: t(key), width: 120, align: 'right' as const, render: money });
  const columns: TableColumnsType<InvoiceRow> = [
    { key: 'number', dataIndex: 'number', title: t('number'), width: 170 },
    { key: 'invoiceNo', dataIndex: 'invoiceNo', title: t('invoiceNo'), width: 110 },
    { key: 'invoiceDate', dataIndex: 'invoiceDate', title: t('invoiceDate'), width: 100 },
    { key: 'organName', dataIndex: 'organName', title: t('organName'), width: 140 },
    { key: 'billNumbers', dataIndex: 'billNumbers', title: t('billNumbers'), width: 200 },
    m('amount'),
    m('tax'),
    m('total'),
    {
      key: 'ops',
      title: '',
      width: 70,
      render: (_, r) =>
        buttons.has('1') && (
          <Popconfirm title={t('deleteConfirm', { n: r.number })} onConfirm={() => remove(r)}>
            <Button size="small" type="link" danger data-testid="inv-delete">
              {t('delete')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
  const sums = list.query.data?.sums;
  return (
    <div data-testid="invoice-page" data-type={type}>
      <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px 0' } }}>
        <SearchBar
          form={form}
          items={[
            {
              name: 'organId',
              label: t('partner'),
              node: <Select allowClear showSearch optionFilterProp="label" options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />,
            },
            { name: 'number', label: t('keyword'), node: <Input allowClear maxLength={50} /> },
            { name: 'dates', label: t('dates'), node: <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} /> },
          ]}
          onSearch={() => list.applySearch(form.getFieldsValue())}
          onReset={() => list.applySearch({})}
          labelWidth="84px"
          testId="inv-search"
        />
      </Card>
      <Card size="small" styles={{ body: { padding: '12px 16px 4px' } }}>
        <div style={{ marginBottom: 12, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {buttons.has('1') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="inv-add">
              {t('add')}
            </Button>
          )}
          {buttons.has('3') && <Button onClick={() => void exportXls().catch(() => undefined)}>{t('export')}</Button>}
        </div>
        <Table<InvoiceRow>
          rowKey="id"
          size="middle"
          bordered
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          scroll={{ x: 1150 }}
          pagination={list.pager([10, 20, 50, 100], (_a, _b, total) => t('pageTotal', { total }))}
          summary={() =>
            sums ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5}>
                  {t('total_')}
                </Table.Summary.Cell>
                {(['amount', 'tax', 'total'] as const).map((k, i) => (
                  <Table.Summary.Cell key={k} index={5 + i} align="right">
                    {money(sums[k])}
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={8} />
              </Table.Summary.Row>
            ) : null
          }
          data-testid="inv-table"
        />
      </Card>
      {adding && (
        <Suspense fallback={null}>
          <InvoiceForm type={type} onDone={(saved) => (setAdding(false), saved && void list.query.refetch())} />
        </Suspense>
      )}
    </div>
  );
}

/** The screen of one invoice type, by its menu url. */
export const invoiceScreen = keyedScreens((path) => {
  const type: InvoiceType = path.endsWith('payable_invoice') ? '应付' : '应收';
  return (p: ScreenProps) => <InvoicePage {...p} type={type} />;
});

import { useState } from 'react';
import { Button, Card, DatePicker, Progress, Space, Table, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScreenProps } from '../../shell/screen.ts';
import { http, unwrap } from '../../platform/http.ts';
import { money, qty } from '../../platform/format.ts';
import { pageButtons } from '../../platform/crud/permissions.ts';
import { saveFile } from '../../platform/crud/file-transfer.ts';
import { attempt } from './portal-api.ts';
import { pct } from './plan-api.ts';
import { usePortalT } from './portal-i18n.ts';

/** One supplier's figures (server: modules/portal/supplier-performance.ts); amounts null for a price-masked role. */
interface PerfRow {
  supplierId: number;
  supplierName: string;
  orders: number;
  orderedAmount: string | null;
  receipts: number;
  receivedAmount: string | null;
  returnedAmount: string | null;
  returnRate: number | null;
  receivedQty: string;
  receivedLines: number;
  onTimeLines: number;
  onTimeRate: number | null;
  dueQty: string;
  filledQty: string;
  fillRate: number | null;
  inspected: number;
  passed: number;
  passRate: number | null;
  score: number | null;
  grade: 'A' | 'B' | 'C' | 'D' | null;
}

const GRADE_COLOR = { A: 'green', B: 'blue', C: 'orange', D: 'red' } as const;
const fmt = (d: Dayjs) => d.format('YYYY-MM-DD');

/** 供应商绩效: per supplier over a period, on-time, quality pass and fill rates, amounts, the weighted score; export (button 3). */
export function SupplierPerformancePage({ path }: ScreenProps) {
  const { t } = usePortalT();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(89, 'day'), dayjs()]);
  const params = { beginTime: fmt(range[0]), endTime: fmt(range[1]) };
  const list = useQuery({
    queryKey: ['portal', 'performance', params],
    queryFn: async () => unwrap(await http.get<{ rows: PerfRow[] }>('/portal/buyer/performance', params)),
    staleTime: 0,
  });
  const canExport = pageButtons(path).has('3');
  const exportXls = () =>
    attempt(async () => saveFile({ blob: await http.blob('/portal/buyer/performance/exportExcel', params), fileName: `${t('perf.title')}.xls` }));
  const rate = (v: number | null) => (v === null ? '—' : <Progress percent={v} size="small" style={{ width: 110, margin: 0 }} format={() => pct(v)} />);
  const columns = [
    { title: t('supplier'), dataIndex: 'supplierName', width: 160, fixed: 'left' as const },
    {
      title: t('perf.score'),
      dataIndex: 'score',
      width: 110,
      render: (v: number | null, r: PerfRow) => (v === null ? '—' : <Tag color={GRADE_COLOR[r.grade!]}>{`${v} · ${r.grade}`}</Tag>),
    },
    {
      title: t('onTimeRate'),
      dataIndex: 'onTimeRate',
      width: 140,
      render: (v: number | null, r: PerfRow) => <Tooltip title={`${r.onTimeLines}/${r.receivedLines}`}>{rate(v)}</Tooltip>,
    },
    {
      title: t('passRate'),
      dataIndex: 'passRate',
      width: 140,
      render: (v: number | null, r: PerfRow) => <Tooltip title={`${r.passed}/${r.inspected}`}>{rate(v)}</Tooltip>,
    },
    {
      title: t('perf.fillRate'),
      dataIndex: 'fillRate',
      width: 140,
      render: (v: number | null, r: PerfRow) => <Tooltip title={`${qty(r.filledQty)}/${qty(r.dueQty)}`}>{rate(v)}</Tooltip>,
    },
    { title: t('perf.orders'), dataIndex: 'orders', width: 80 },
    { title: t('perf.orderedAmount'), dataIndex: 'orderedAmount', width: 120, align: 'right' as const, render: (v: string | null) => money(v) },
    { title: t('perf.receivedQty'), dataIndex: 'receivedQty', width: 100, align: 'right' as const, render: (v: string) => qty(v) },
    { title: t('perf.receivedAmount'), dataIndex: 'receivedAmount', width: 120, align: 'right' as const, render: (v: string | null) => money(v) },
    { title: t('perf.returnedAmount'), dataIndex: 'returnedAmount', width: 120, align: 'right' as const, render: (v: string | null) => money(v) },
    { title: t('perf.returnRate'), dataIndex: 'returnRate', width: 90, render: (v: number | null) => pct(v) },
  ];
  return (
    <Card size="small" data-testid="supplier-performance-page" title={t('perf.title')}>
      <Space wrap style={{ marginBottom: 8 }}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          data-testid="perf-range"
        />
        {canExport && (
          <Button onClick={() => void exportXls()} data-testid="perf-export">
            {t('perf.export')}
          </Button>
        )}
      </Space>
      <div style={{ color: '#888', marginBottom: 8, fontSize: 12 }}>{t('perf.hint')}</div>
      <Table<PerfRow>
        rowKey="supplierId"
        size="middle"
        bordered
        loading={list.isFetching && !list.data}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={false}
      />
    </Card>
  );
}

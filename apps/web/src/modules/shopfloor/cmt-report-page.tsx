import { useMemo, useState } from 'react';
import { Card, DatePicker, Empty, Select, Space, Table } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { Decimal } from 'decimal.js';
import type { ScreenProps } from '../../shell/screen.ts';
import { http, unwrap } from '../../platform/http.ts';
import { money, qty } from '../../platform/format.ts';
import { useInspectionCmtT } from './inspection-cmt-i18n.ts';

export interface CmtRow {
  supplierId: number;
  supplier: string;
  materialId: number;
  material: string;
  sent: string;
  returned: string;
  consumed: string;
  balance: string;
  fee: string;
  paid: string;
  owed: string;
}
interface CmtReport {
  rows: CmtRow[];
  totals: { fee: string; paid: string; owed: string };
}

const DAY = 'YYYY-MM-DD';
const cmtApi = async (from: string, to: string) => unwrap(await http.get<CmtReport>('/shopfloor/cmtReport', { from, to }));

/** 来料加工报表: per outsourcing supplier and material, what went out, came back, was used, is held there, and the fee owed. */
export function CmtReportPage(_props: ScreenProps) {
  const { t } = useInspectionCmtT();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()]);
  const [supplier, setSupplier] = useState<number | undefined>();
  const [from, to] = [range[0].format(DAY), range[1].format(DAY)];
  const report = useQuery({ queryKey: ['shopfloor', 'cmt', from, to], queryFn: () => cmtApi(from, to) });
  const all = report.data?.rows ?? [];
  const rows = supplier ? all.filter((r) => r.supplierId === supplier) : all;
  const suppliers = useMemo(() => [...new Map(all.map((r) => [r.supplierId, r.supplier])).entries()].map(([value, label]) => ({ value, label })), [all]);
  const num = (k: keyof CmtRow, fmt: (v: unknown) => string): ColumnType<CmtRow> => ({
    title: t(`cmt.${k}`),
    dataIndex: k,
    align: 'right',
    width: 110,
    render: (v: unknown) => fmt(v),
  });
  const columns: ColumnType<CmtRow>[] = [
    { title: t('cmt.supplier'), dataIndex: 'supplier', width: 140, fixed: 'left' },
    { title: t('cmt.material'), dataIndex: 'material', width: 140 },
    num('sent', qty),
    num('returned', qty),
    num('consumed', qty),
    num('balance', qty),
    num('fee', money),
    num('paid', money),
    num('owed', money),
  ];
  const total = (k: 'fee' | 'paid' | 'owed') => money(rows.reduce((s, r) => s.plus(r[k]), new Decimal(0)));
  return (
    <Card size="small" data-testid="cmt-report">
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          placeholder={[t('cmt.from'), t('cmt.to')]}
          data-testid="cmt-range"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 180 }}
          placeholder={t('cmt.supplier')}
          options={suppliers}
          value={supplier}
          onChange={setSupplier}
          data-testid="cmt-supplier"
        />
      </Space>
      <Table<CmtRow>
        size="small"
        bordered
        rowKey={(r) => `${r.supplierId}-${r.materialId}`}
        loading={report.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 1060 }}
        locale={{ emptyText: <Empty description={t('cmt.empty')} /> }}
        summary={() =>
          rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={6}>
                Σ
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {total('fee')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {total('paid')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right" data-testid="cmt-owed-total">
                {total('owed')}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : undefined
        }
      />
    </Card>
  );
}

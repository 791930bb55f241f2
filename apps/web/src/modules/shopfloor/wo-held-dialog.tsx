import { Modal, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { i18n } from '../../platform/i18n/index.ts';
import type { Row } from '../../platform/crud/crud-types.ts';
import { http, unwrap } from '../../platform/http.ts';
import { qty } from '../../platform/format.ts';
import { useSfT } from './sf-i18n.ts';

const NS = 'shopfloorWoHeld';
i18n.addResourceBundle(
  'zh-CN',
  NS,
  {
    title: '工序与待检',
    seq: '工序',
    process: '工序名称',
    status: '状态',
    received: '已接收',
    good: '合格',
    held: '待制程检验',
    available: '可报数量',
    inspections: '质检单',
    hint: '待制程检验的数量放行前不能由下道工序报工；可报数量按报工时的同一规则计算。',
  },
  true,
  true,
);
i18n.addResourceBundle(
  'en-US',
  NS,
  {
    title: 'Operations and held units',
    seq: 'Seq.',
    process: 'Operation',
    status: 'Status',
    received: 'Received',
    good: 'Good',
    held: 'Held for inspection',
    available: 'Reportable',
    inspections: 'Inspections',
    hint: 'Units held for in-process inspection cannot be reported by the next operation until released; reportable is computed as a report checks it.',
  },
  true,
  true,
);

/** An operation of the job as the server computes it (GET /shopfloor/jobHeld). */
export interface HeldOp {
  id: number;
  woNo: string;
  seq: number;
  status: string;
  process: string | null;
  received: string;
  goodQty: string;
  available: string;
  heldQty: string;
  inspections: Array<{ id: number; number: string; lotQty: string }>;
}

/** The operations of a work order's job: units each holds for pending in-process inspections (linked) and what each may still report. */
export function WoHeldDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const sf = useSfT().t;
  const id = Number(row.id);
  const ops = useQuery({
    queryKey: ['shopfloor', 'wo-held', id],
    queryFn: async () => unwrap(await http.get<HeldOp[]>('/shopfloor/jobHeld', { workOrderId: id })),
  });
  const columns = [
    { title: t('seq'), dataIndex: 'seq', width: 60 },
    { title: t('process'), key: 'process', render: (_: unknown, o: HeldOp) => o.process ?? o.woNo },
    { title: t('status'), dataIndex: 'status', width: 80, render: (v: string) => sf(`s.${v}`, { defaultValue: v }) },
    { title: t('received'), dataIndex: 'received', align: 'right' as const, render: (v: string) => qty(v) },
    { title: t('good'), dataIndex: 'goodQty', align: 'right' as const, render: (v: string) => qty(v) },
    {
      title: t('held'),
      dataIndex: 'heldQty',
      align: 'right' as const,
      render: (v: string) => (Number(v) > 0 ? <Tag color="orange">{qty(v)}</Tag> : qty(v)),
    },
    { title: t('available'), dataIndex: 'available', align: 'right' as const, render: (v: string) => <b>{qty(v)}</b> },
    {
      title: t('inspections'),
      key: 'inspections',
      render: (_: unknown, o: HeldOp) => (
        <Space size={4} wrap>
          {o.inspections.map((i) => (
            // the dialog closes as its link opens the inspection's screen (it would stay over that tab otherwise)
            <Link key={i.id} to={`/quality/in_process?open=${i.id}`} onClick={onClose} data-testid="wo-held-inspection">
              {i.number} ({qty(i.lotQty)})
            </Link>
          ))}
        </Space>
      ),
    },
  ];
  return (
    <Modal open title={`${t('title')} · ${String(row.woNo ?? '')}`} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <p style={{ color: '#888' }}>{t('hint')}</p>
      <Table<HeldOp>
        size="small"
        rowKey="id"
        loading={ops.isLoading}
        dataSource={ops.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 640 }}
        data-testid="wo-held-table"
        rowClassName={(o) => (o.id === id ? 'ant-table-row-selected' : '')}
      />
    </Modal>
  );
}

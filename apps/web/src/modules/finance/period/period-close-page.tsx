import { useState } from 'react';
import { App, Button, Card, DatePicker, Drawer, Form, Input, Modal, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScreenProps } from '../../../shell/screen.ts';
import { pageButtons } from '../../../platform/crud/permissions.ts';
import { http, unwrap } from '../../../platform/http.ts';
import { money } from '../../../platform/format.ts';
import { useSaving } from '../../../platform/use-saving.ts';
import { usePeriodT } from './period-i18n.ts';

interface PeriodRow {
  period: string;
  closed: boolean;
  closedTime: string | null;
  lastAction: 'close' | 'reopen' | null;
  lastReason: string | null;
  lastBy: string | null;
  lastAt: string | null;
  entries: number;
}
interface BalanceRow {
  code: string;
  name: string;
  organName: string | null;
  debit: number;
  credit: number;
  balance: number;
}

const api = {
  list: async () => unwrap(await http.get<{ rows: PeriodRow[]; total: number }>('/finance/period/list', { currentPage: 1, pageSize: 120 })),
  close: async (period: string) => unwrap(await http.post<{ closed: string[] }>('/finance/period/close', { period })),
  reopen: async (period: string, reason: string) => unwrap(await http.post<{ reopened: string }>('/finance/period/reopen', { period, reason })),
  balances: async (period: string) =>
    unwrap(await http.get<{ rows: BalanceRow[]; total: number; sums: Record<string, number> }>('/finance/closingBalances', { period, pageSize: 1000 })),
};

/** 期末结账: the months of the books with close and reopen (button 1), and each closed month's closing balances. */
export function PeriodClosePage({ path }: ScreenProps) {
  const { t } = usePeriodT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canEdit = pageButtons(path).has('1');
  const list = useQuery({ queryKey: ['fin-periods'], queryFn: api.list });
  const [through, setThrough] = useState<Dayjs | null>(dayjs().subtract(1, 'month'));
  const [reopening, setReopening] = useState<string>();
  const [shown, setShown] = useState<string>();
  const refresh = () => qc.invalidateQueries({ queryKey: ['fin-periods'] });

  const [, whileSaving] = useSaving();
  const close = (p: string) =>
    whileSaving(async () => {
      const r = await api.close(p);
      message.success(t('closedMsg', { list: r.closed.join(', ') }));
      await refresh();
    });
  const columns: TableColumnsType<PeriodRow> = [
    { key: 'period', dataIndex: 'period', title: t('period'), width: 100 },
    {
      key: 'status',
      title: t('status'),
      width: 90,
      render: (_, r) => <Tag color={r.closed ? 'green' : 'default'}>{r.closed ? t('closed') : t('open')}</Tag>,
    },
    { key: 'closedTime', dataIndex: 'closedTime', title: t('closedTime'), width: 160 },
    { key: 'entries', dataIndex: 'entries', title: t('entries'), width: 80, align: 'right' },
    {
      key: 'last',
      title: t('last'),
      width: 260,
      render: (_, r) =>
        r.lastAction ? `${t(`action.${r.lastAction}`)} · ${r.lastBy ?? ''} · ${r.lastAt ?? ''}${r.lastReason ? ` · ${r.lastReason}` : ''}` : '',
    },
    {
      key: 'ops',
      title: '',
      width: 200,
      render: (_, r) => (
        <Space size={4} wrap>
          {canEdit && !r.closed && (
            <Popconfirm title={t('closeConfirm', { p: r.period })} onConfirm={() => close(r.period)}>
              <Button size="small" type="link" data-testid="period-close">
                {t('close')}
              </Button>
            </Popconfirm>
          )}
          {canEdit && r.closed && (
            <Button size="small" type="link" danger onClick={() => setReopening(r.period)} data-testid="period-reopen">
              {t('reopen')}
            </Button>
          )}
          {r.closed && (
            <Button size="small" type="link" onClick={() => setShown(r.period)} data-testid="period-balances">
              {t('balances')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="period-close-page">
      {canEdit && (
        <Card size="small" style={{ marginBottom: 12 }}>
          <Space wrap>
            <span>{t('closeMonth')}</span>
            <DatePicker picker="month" value={through} onChange={setThrough} data-testid="period-through" />
            <Popconfirm
              title={t('closeConfirm', { p: through?.format('YYYY-MM') ?? '' })}
              onConfirm={() => through && close(through.format('YYYY-MM'))}
              disabled={!through}
            >
              <Button type="primary" disabled={!through} data-testid="period-close-through">
                {t('close')}
              </Button>
            </Popconfirm>
          </Space>
        </Card>
      )}
      <Card size="small">
        <Table<PeriodRow>
          rowKey="period"
          size="middle"
          bordered
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          pagination={{ pageSize: 24, showTotal: (total) => t('pageTotal', { total }) }}
          data-testid="period-table"
        />
      </Card>
      {reopening && <ReopenModal period={reopening} onDone={() => (setReopening(undefined), void refresh())} />}
      <Drawer open={!!shown} onClose={() => setShown(undefined)} title={t('balancesTitle', { p: shown ?? '' })} size="large" destroyOnHidden>
        {shown && <Balances period={shown} />}
      </Drawer>
    </div>
  );
}

function ReopenModal({ period, onDone }: { period: string; onDone: () => void }) {
  const { t } = usePeriodT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, whileSaving] = useSaving();
  const submit = async () => {
    const { reason } = await form.validateFields();
    await whileSaving(async () => {
      await api.reopen(period, reason);
      message.success(t('reopenedMsg', { p: period }));
      onDone();
    });
  };
  return (
    <Modal open title={`${t('reopen')} ${period}`} onOk={() => void submit()} onCancel={onDone} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={200} data-testid="period-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Balances({ period }: { period: string }) {
  const { t } = usePeriodT();
  const q = useQuery({ queryKey: ['fin-closing', period], queryFn: () => api.balances(period) });
  const cols: TableColumnsType<BalanceRow> = [
    { key: 'code', dataIndex: 'code', title: t('code'), width: 90 },
    { key: 'name', dataIndex: 'name', title: t('name'), width: 180 },
    { key: 'organName', dataIndex: 'organName', title: t('organName'), width: 140 },
    ...(['debit', 'credit', 'balance'] as const).map((k) => ({ key: k, dataIndex: k, title: t(k), width: 120, align: 'right' as const, render: money })),
  ];
  const sums = q.data?.sums;
  return (
    <Table<BalanceRow>
      rowKey={(r) => `${r.code}:${r.organName ?? ''}`}
      size="small"
      bordered
      columns={cols}
      dataSource={q.data?.rows ?? []}
      loading={q.isFetching}
      pagination={false}
      scroll={{ x: 760 }}
      summary={() =>
        sums ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              {t('total')}
            </Table.Summary.Cell>
            {(['debit', 'credit', 'balance'] as const).map((k, i) => (
              <Table.Summary.Cell key={k} index={3 + i} align="right">
                {money(sums[k])}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

import { useState } from 'react';
import { Button, Card, Popconfirm, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { money } from '../../platform/format.ts';
import { bidApi, type MoneyRow } from './bid-api.ts';
import { useBidT } from './bid-i18n.ts';
import { useRun } from './use-bid.ts';
import { DateDialog, MoneyDialog } from './money-dialogs.tsx';

type Mode = 'deposit' | 'fee' | 'recover';
const MODE: Record<string, Mode> = { '/bidding/deposit_apply': 'deposit', '/bidding/fee_apply': 'fee', '/bidding/deposit_recover': 'recover' };
const STATE_COLOR = { unpaid: 'default', paid: 'orange', recovered: 'green', forfeited: 'red' } as const;

/** 保证金申请, 费用申请 (add, audit, pay) and 保证金回收 (the deposits paid: recover or forfeit). */
export function MoneyPage({ path }: ScreenProps) {
  const mode = MODE[path] ?? 'deposit';
  const kind = mode === 'fee' ? 'fee' : 'deposit';
  const { t } = useBidT();
  const run = useRun();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 20 });
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<{ row: MoneyRow; action: 'pay' | 'recover' | 'forfeit' }>();
  const list = useQuery({
    queryKey: ['bid', 'money', mode, page],
    queryFn: () => bidApi.money({ ...page, kind, payState: mode === 'recover' ? 'paid' : undefined }),
  });
  const actions = (r: MoneyRow) => (
    <Space size={0} wrap>
      {mode !== 'recover' && r.status === '0' && (
        <>
          <Button type="link" size="small" onClick={() => void run(bidApi.audit(kind, r.id), t('ok'))} data-testid="bid-audit">
            {t('audit')}
          </Button>
          <Popconfirm title={t('remove')} onConfirm={() => run(bidApi.removeMoney(kind, r.id), t('ok'))}>
            <Button type="link" size="small" danger>
              {t('remove')}
            </Button>
          </Popconfirm>
        </>
      )}
      {mode !== 'recover' && r.status === '1' && r.payState === 'unpaid' && (
        <Button type="link" size="small" onClick={() => setDialog({ row: r, action: 'pay' })} data-testid="bid-pay">
          {t('pay')}
        </Button>
      )}
      {mode === 'recover' && (
        <>
          <Button type="link" size="small" onClick={() => setDialog({ row: r, action: 'recover' })} data-testid="bid-recover">
            {t('recover')}
          </Button>
          <Button type="link" size="small" danger onClick={() => setDialog({ row: r, action: 'forfeit' })}>
            {t('forfeit')}
          </Button>
        </>
      )}
    </Space>
  );
  const columns = [
    { title: t('number'), dataIndex: 'number', width: 110 },
    { title: t('project'), dataIndex: 'projectName', width: 200 },
    { title: t('tenderer'), dataIndex: 'tendererName', width: 160 },
    { title: t('amount'), dataIndex: 'amount', width: 120, align: 'right' as const, render: money },
    { title: t('approval'), dataIndex: 'status', width: 90, render: (v: string) => t(`a.${v}`) },
    { title: t('payState'), dataIndex: 'payState', width: 90, render: (v: MoneyRow['payState']) => <Tag color={STATE_COLOR[v]}>{t(`p.${v}`)}</Tag> },
    { title: t('paidDate'), dataIndex: 'paidDate', width: 110 },
    { title: t('purpose'), dataIndex: 'purpose', width: 140 },
    { title: t('actions'), key: 'a', width: 160, render: (_: unknown, r: MoneyRow) => actions(r) },
  ];
  const act = (date: string, accountId?: number) => {
    const r = dialog!.row;
    const call =
      dialog!.action === 'pay'
        ? bidApi.pay(kind, r.id, date, accountId)
        : dialog!.action === 'recover'
          ? bidApi.recover(r.id, date, accountId)
          : bidApi.forfeit(r.id, date);
    return run(call, t('ok'));
  };
  return (
    <Card size="small" data-testid="bid-money-page">
      {mode !== 'recover' && (
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setAdding(true)}>
          {t(kind === 'deposit' ? 'addDeposit' : 'addFee')}
        </Button>
      )}
      <PagedTable<MoneyRow> list={list} page={page} setPage={setPage} columns={columns} />
      {adding && <MoneyDialog kind={kind} onClose={() => setAdding(false)} />}
      {dialog && (
        <DateDialog
          title={`${t(dialog.action)} ${dialog.row.number}`}
          withAccount={dialog.action !== 'forfeit'}
          onOk={act}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Card>
  );
}

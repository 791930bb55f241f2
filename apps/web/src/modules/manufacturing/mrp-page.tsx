import { useState } from 'react';
import { App, Button, Card, DatePicker, Modal, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import type { ScreenProps } from '../../shell/screen.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { pagination, type Paging } from '../../platform/crud/paging.ts';
import { mfgApi, type Peg, type Proposal } from './mfg-api.ts';
import { useMfgT } from './mfg-i18n.ts';
import { useSizeT } from './size-i18n.ts';
import { sizeApi } from './size-api.ts';
import { SizesLink } from './size-grid-view.tsx';

/** 生产需求: runs MRP in the background (progress), lists its proposals, confirms them in bulk, shows what each serves. */
export function MrpPage(_: ScreenProps) {
  const { t } = useMfgT();
  const { t: st } = useSizeT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 50 });
  const [selected, setSelected] = useState<number[]>([]);
  const [planDate, setPlanDate] = useState<Dayjs | null>(null);
  const [bucket, setBucket] = useState<'day' | 'week'>('week');
  const [pegOf, setPegOf] = useState<Proposal>();
  // the job just started: poll until its run is there and finished
  const [pending, setPending] = useState<number>();
  const latest = useQuery({
    queryKey: ['mrp-latest'],
    queryFn: mfgApi.latest,
    refetchInterval: (q) => {
      const d = q.state.data;
      return d?.status === 'running' || d?.jobState === 'queued' || (pending !== undefined && d?.jobId !== pending) ? 1000 : false;
    },
  });
  const runId = latest.data?.status === 'done' ? latest.data.id : undefined;
  const list = useQuery({ queryKey: ['mrp-proposals', runId, page], queryFn: () => mfgApi.proposals(page) });
  const pegs = useQuery({ queryKey: ['mrp-peg', pegOf?.id], queryFn: () => mfgApi.pegging(pegOf!.id), enabled: !!pegOf });
  const act = async <T,>(call: Promise<T>, ok: (r: T) => string) => {
    try {
      message.success(ok(await call));
      void qc.invalidateQueries({ queryKey: ['mrp-latest'] });
      void qc.invalidateQueries({ queryKey: ['mrp-proposals'] });
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
  const run = latest.data;
  const busy = run?.status === 'running' || (pending !== undefined && run?.jobId !== pending);
  const columns = [
    { title: t('level'), dataIndex: 'llc', width: 60 },
    { title: t('kind'), dataIndex: 'kind', width: 100, render: (k: string) => <Tag color={k === 'make' ? 'blue' : 'gold'}>{t(k)}</Tag> },
    { title: t('material'), dataIndex: 'materialName', width: 160 },
    { title: t('qty'), dataIndex: 'qty', width: 90, align: 'right' as const },
    { title: t('netQty'), dataIndex: 'netQty', width: 90, align: 'right' as const },
    { title: t('needDate'), dataIndex: 'needDate', width: 110 },
    { title: t('startDate'), dataIndex: 'startDate', width: 110 },
    { title: t('dueDate'), dataIndex: 'dueDate', width: 110 },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 140,
      render: (s: string, r: Proposal) => (
        <Space size={4}>
          <Tag color={s === 'confirmed' ? 'green' : undefined}>{t(s)}</Tag>
          {r.late && <Tag color="red">{t('late')}</Tag>}
          {r.docNo}
        </Space>
      ),
    },
    {
      title: t('pegging'),
      key: 'peg',
      width: 120,
      render: (_: unknown, r: Proposal) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setPegOf(r)}>
            {t('pegging')}
          </Button>
          {r.kind === 'make' && r.color && r.standard && (
            <SizesLink queryKey={['mfg', 'proposalSizes', r.id]} title={st('proposalTitle', { day: r.needDate })} load={() => sizeApi.proposal(r.id)} />
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card size="small" data-testid="mrp-page">
      <Space wrap style={{ marginBottom: 8 }}>
        <DatePicker value={planDate} onChange={setPlanDate} placeholder={t('planDate')} />
        <Select
          value={bucket}
          onChange={setBucket}
          style={{ width: 150 }}
          data-testid="mrp-bucket"
          options={(['week', 'day'] as const).map((b) => ({ value: b, label: t(`bucket_${b}`) }))}
        />
        <Button
          type="primary"
          loading={busy}
          onClick={() =>
            void act(mfgApi.run(planDate?.format('YYYY-MM-DD'), bucket), (r) => {
              setPending(r.jobId);
              return r.message;
            })
          }
        >
          {t('runMrp')}
        </Button>
        <Button
          disabled={!selected.length}
          onClick={() => void act(mfgApi.confirm(selected), (r) => t('confirmDone', { mo: r.makeOrders, pr: r.purchaseRequests })).then(() => setSelected([]))}
        >
          {t('confirm')}
        </Button>
        <Button onClick={() => void navigate('/productionManagement/scheduleProduction')}>{t('gantt')}</Button>
      </Space>
      <div style={{ marginBottom: 8 }} data-testid="mrp-status">
        {busy || run?.jobState === 'queued' ? (
          <Progress percent={Math.round(run?.progress ?? 0)} size="small" status="active" format={() => run?.progressMessage ?? t('running')} />
        ) : run?.status === 'failed' ? (
          <Typography.Text type="danger">{t('failed', { error: run.error })}</Typography.Text>
        ) : run ? (
          <Typography.Text type="secondary">{t('lastRun', { date: run.planDate, bucketName: t(`bucket_${run.bucket}`), ...run })}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('noRun')}</Typography.Text>
        )}
      </div>
      <Table<Proposal>
        rowKey="id"
        size="small"
        bordered
        scroll={{ x: 1000 }}
        loading={list.isFetching && !list.data}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (k) => setSelected(k as number[]),
          getCheckboxProps: (r) => ({ disabled: r.status !== 'proposed' }),
        }}
        pagination={pagination(page, setPage, list.data?.total ?? 0, [20, 50, 100])}
      />
      <Modal open={!!pegOf} title={`${t('peggingTitle')} · ${pegOf?.materialName ?? ''}`} onCancel={() => setPegOf(undefined)} footer={null} width={640}>
        <Table<Peg>
          rowKey="key"
          size="small"
          pagination={false}
          loading={pegs.isFetching}
          dataSource={pegs.data ?? []}
          columns={[
            { title: t('demandKind'), dataIndex: 'kind', render: (k: string) => t(`d.${k}`) },
            { title: t('refNo'), key: 'ref', render: (_: unknown, p: Peg) => p.refNo ?? p.parentName ?? '' },
            { title: t('needDate'), dataIndex: 'needDate' },
            { title: t('qty'), dataIndex: 'qty', align: 'right' as const },
          ]}
        />
      </Modal>
    </Card>
  );
}

import { useState } from 'react';
import { App, Button, Card, Input, Select, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ScreenProps } from '../../shell/screen.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { qty } from '../../platform/format.ts';
import { qualityApi, STATUS_COLOR, type InspectionRow, type Stage } from './quality-api.ts';
import { useQualityT } from './quality-i18n.ts';
import { EntryDrawer } from './entry-drawer.tsx';
import { OutgoingGridPanel } from './outgoing-grid-panel.tsx';

const STAGE_OF: Record<string, Stage> = { '/quality/incoming': 'incoming', '/quality/outgoing': 'outgoing', '/quality/in_process': 'inProcess' };

/** 来料/出货/制程检验: the inspections of one stage, newest first; a row opens the results entry. */
export function InspectionListPage({ path }: ScreenProps) {
  const stage = STAGE_OF[path] ?? 'incoming';
  const { t } = useQualityT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 20 });
  const [status, setStatus] = useState<string>();
  const [number, setNumber] = useState('');
  const [saleNo, setSaleNo] = useState('');
  const [gridNo, setGridNo] = useState<string>();
  // ?open=<id>: a link from elsewhere (the work order screen's held units) opens that inspection's entry
  const [params] = useSearchParams();
  const [open, setOpen] = useState<number | undefined>(() => Number(params.get('open')) || undefined);
  const list = useQuery({
    queryKey: ['quality', 'list', stage, page, status, number],
    queryFn: () => qualityApi.list({ stage, ...page, ...(status && { status }), ...(number && { number }) }),
  });
  const forSale = async () => {
    try {
      const r = await qualityApi.forSaleOut(saleNo.trim());
      message.success(r.numbers.join(', '));
      void queryClient.invalidateQueries({ queryKey: ['quality'] });
    } catch (e) {
      message.warning(failureText(e) ?? String(e));
    }
  };
  const columns = [
    { title: t('number'), dataIndex: 'number', width: 170, render: (v: string, r: InspectionRow) => <a onClick={() => setOpen(r.id)}>{v}</a> },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: string) => <Tag color={STATUS_COLOR[v]}>{t(`s.${v}`)}</Tag> },
    { title: t('source'), dataIndex: 'sourceNumber', width: 170 },
    { title: t('material'), dataIndex: 'materialName', width: 140 },
    { title: t('partner'), dataIndex: 'partnerName', width: 140 },
    { title: t('lot'), dataIndex: 'lotQty', width: 90, align: 'right' as const, render: (v: number) => qty(v) },
    { title: t('held'), dataIndex: 'heldQty', width: 90, align: 'right' as const, render: (v: number) => qty(v) },
    { title: t('sample'), dataIndex: 'sampleSize', width: 80, align: 'right' as const },
    { title: t('acRe'), key: 'acre', width: 80, render: (_: unknown, r: InspectionRow) => `${r.acceptNumber}/${r.rejectNumber}` },
    { title: t('defective'), dataIndex: 'defectiveQty', width: 90, align: 'right' as const },
    { title: t('inspector'), dataIndex: 'inspectorName', width: 100 },
    { title: t('inspectedAt'), dataIndex: 'inspectedAt', width: 170, render: (v: string | null) => v?.slice(0, 19).replace('T', ' ') },
  ];
  return (
    <Card size="small" data-testid={`quality-${stage}-page`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input allowClear placeholder={t('number')} value={number} onChange={(e) => setNumber(e.target.value)} style={{ width: 200 }} />
        <Select
          allowClear
          placeholder={t('status')}
          value={status}
          onChange={setStatus}
          style={{ width: 120 }}
          options={['pending', 'pass', 'fail', 'concession'].map((s) => ({ value: s, label: t(`s.${s}`) }))}
        />
        {stage === 'outgoing' && (
          <Space.Compact>
            <Input placeholder={t('saleNumber')} value={saleNo} onChange={(e) => setSaleNo(e.target.value)} style={{ width: 200 }} />
            <Button onClick={forSale} disabled={!saleNo.trim()}>
              {t('forSale')}
            </Button>
            <Button onClick={() => setGridNo(saleNo.trim())} disabled={!saleNo.trim()} data-testid="quality-cs-open">
              {t('grid')}
            </Button>
          </Space.Compact>
        )}
      </Space>
      {stage === 'outgoing' && gridNo && <OutgoingGridPanel key={gridNo} number={gridNo} />}
      <PagedTable<InspectionRow> list={list} page={page} setPage={setPage} columns={columns} onRow={(r) => ({ onDoubleClick: () => setOpen(r.id) })} />
      <EntryDrawer id={open} onClose={() => setOpen(undefined)} />
    </Card>
  );
}

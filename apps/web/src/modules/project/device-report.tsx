import { useState } from 'react';
import { Progress, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { http, unwrap } from '../../platform/http.ts';
import { useProgressT } from './progress-i18n.ts';
import { params, ReportFilters, type ReportSearch } from './report-filters.tsx';

type Stage = 'open' | 'requested' | 'ordered' | 'partial' | 'received';
interface DeviceRow {
  projectId: number;
  projectNumber: string;
  projectName: string;
  materialId: number;
  materialName: string;
  standard: string | null;
  unit: string | null;
  qty: string;
  requested: string;
  ordered: string;
  received: string;
  percent: string;
  needDate: string;
  requests: string | null;
  stage: Stage;
  late: boolean;
}
const STAGE_COLOR: Record<Stage, string> = { open: 'default', requested: 'processing', ordered: 'blue', partial: 'orange', received: 'success' };
const URL = '/project/report/devices';

/** 项目报表 · 设备进度: per project and device, needed → requested → ordered → received, the needed-by date and late flag. */
export function DeviceReport({ path }: { path: string }) {
  const { t } = useProgressT();
  const navigate = useNavigate();
  const [search, setSearch] = useState<ReportSearch>({ asOf: dayjs().format('YYYY-MM-DD') });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['project', 'report', 'devices', search, page],
    queryFn: async () => unwrap(await http.get<{ rows: DeviceRow[]; total: number }>(URL, { ...params(search), ...page })),
  });
  const n = (v: string) => Number(v);
  return (
    <>
      <ReportFilters
        path={path}
        url={URL}
        title={t('tab.devices')}
        onSearch={(s) => {
          setSearch(s);
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
      />
      <Table<DeviceRow>
        rowKey={(r) => `${r.projectId}-${r.materialId}`}
        size="small"
        bordered
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        scroll={{ x: 1240 }}
        data-testid="device-table"
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          showTotal: (x) => t('total', { n: x }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          {
            key: 'projectName',
            dataIndex: 'projectName',
            title: t('project'),
            width: 160,
            render: (v: string, r) => <a onClick={() => navigate(`/blank/projectDetail?id=${r.projectId}`)}>{v}</a>,
          },
          { key: 'materialName', dataIndex: 'materialName', title: t('device'), width: 150 },
          { key: 'standard', dataIndex: 'standard', title: t('standard'), width: 100 },
          { key: 'qty', dataIndex: 'qty', title: t('qty'), width: 80, align: 'right', render: n },
          { key: 'requested', dataIndex: 'requested', title: t('requested'), width: 80, align: 'right', render: n },
          { key: 'ordered', dataIndex: 'ordered', title: t('ordered'), width: 80, align: 'right', render: n },
          { key: 'received', dataIndex: 'received', title: t('received'), width: 80, align: 'right', render: n },
          { key: 'percent', dataIndex: 'percent', title: t('received_pct'), width: 130, render: (v: string) => <Progress percent={Number(v)} size="small" /> },
          { key: 'needDate', dataIndex: 'needDate', title: t('needDate'), width: 105 },
          { key: 'stage', dataIndex: 'stage', title: t('stage'), width: 100, render: (s: Stage) => <Tag color={STAGE_COLOR[s]}>{t(`sg.${s}`)}</Tag> },
          {
            key: 'late',
            dataIndex: 'late',
            title: t('late'),
            width: 80,
            render: (v: boolean) => (v ? <Tag color="red">{t('late')}</Tag> : <Tag color="green">{t('onTrack')}</Tag>),
          },
          { key: 'requests', dataIndex: 'requests', title: t('requests'), width: 180, ellipsis: true },
        ]}
      />
    </>
  );
}

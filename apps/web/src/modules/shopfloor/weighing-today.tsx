import { useState } from 'react';
import { Card, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { qty } from '../../platform/format.ts';
import { pagination, type Paging } from '../../platform/crud/paging.ts';
import { weighApi, type Weighing } from './weighing-api.ts';
import { useWeighT } from './weighing-i18n.ts';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** 今日称重: what was weighed today, newest first, paged by the server. */
export function TodayWeighings() {
  const { t } = useWeighT();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 10 });
  const day = today();
  const list = useQuery({
    queryKey: ['weighing', 'list', day, page],
    queryFn: () => weighApi.list({ ...page, from: day, to: day }),
  });
  return (
    <Card title={t('today')} size="small" data-testid="wg-today">
      <Table<Weighing>
        rowKey="id"
        size="small"
        bordered
        scroll={{ x: 'max-content' }}
        loading={list.isFetching && !list.data}
        dataSource={list.data?.rows ?? []}
        pagination={pagination(page, setPage, list.data?.total ?? 0, [10, 20, 50])}
        columns={[
          { title: t('time'), dataIndex: 'takenAt', render: (v: string) => new Date(v).toLocaleTimeString() },
          { title: t('workOrder'), dataIndex: 'woNo' },
          { title: t('net'), dataIndex: 'net', align: 'right', render: (v: string, r) => <b>{`${qty(v)} ${r.unit}`}</b> },
          { title: t('gross'), dataIndex: 'gross', align: 'right', render: (v: string) => qty(v) },
          { title: t('tare'), dataIndex: 'tare', align: 'right', render: (v: string) => qty(v) },
          { title: t('product'), dataIndex: 'product' },
          { title: t('station'), dataIndex: 'stationName', render: (v: string | null, r) => v ?? <Tag>{t(`src.${r.source}`)}</Tag> },
          { title: t('by'), dataIndex: 'creatorName' },
        ]}
      />
    </Card>
  );
}

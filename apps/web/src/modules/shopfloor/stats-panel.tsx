import { useState } from 'react';
import { Segmented, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { qty } from '../../platform/format.ts';
import { sfApi, type StatRow } from './sf-api.ts';
import { useSfT } from './sf-i18n.ts';

type By = 'person' | 'team' | 'workCentre' | 'day';

/** 报工统计: good, scrap, hours and reports by person, team, work centre or day. */
export function StatsPanel() {
  const { t } = useSfT();
  const [by, setBy] = useState<By>('day');
  const rows = useQuery({ queryKey: ['shopfloor', 'stats', by], queryFn: () => sfApi.stats(by) });
  const columns = [
    { title: t('name'), dataIndex: 'label', render: (v: string) => v || '—' },
    { title: t('good'), dataIndex: 'goodQty', align: 'right' as const, render: (v: number) => qty(v) },
    { title: t('scrap'), dataIndex: 'scrapQty', align: 'right' as const, render: (v: number) => qty(v) },
    { title: t('hours'), dataIndex: 'hours', align: 'right' as const, render: (v: number) => qty(v) },
    { title: t('reports'), dataIndex: 'reports', align: 'right' as const },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<By> value={by} onChange={setBy} options={(['day', 'person', 'team', 'workCentre'] as By[]).map((b) => ({ value: b, label: t(`by.${b}`) }))} />
      <Table<StatRow>
        size="small"
        rowKey="key"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 480 }}
      />
    </Space>
  );
}

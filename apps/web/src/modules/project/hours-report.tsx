import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { http, unwrap } from '../../platform/http.ts';
import { money } from '../../platform/format.ts';
import { useWorkT } from './work-i18n.ts';
import { useProjectT } from './project-i18n.ts';

interface HoursRow {
  projectId: number;
  projectNumber: string;
  projectName: string;
  userId: number;
  username: string;
  approvedHours: string;
  pendingHours: string;
  labour: string;
}

/** 项目报表 · human input: approved and pending hours by person and project, with the labour cost. */
export function HoursReport() {
  const { t } = useWorkT();
  const { t: tp } = useProjectT();
  const navigate = useNavigate();
  const rows = useQuery({
    queryKey: ['project', 'report', 'hours'],
    queryFn: async () => unwrap(await http.get<HoursRow[]>('/project/report/hours')),
  });
  const n = (v: string) => Number(v);
  return (
    <Table<HoursRow>
      rowKey={(r) => `${r.projectId}-${r.userId}`}
      size="small"
      bordered
      loading={rows.isFetching}
      dataSource={rows.data ?? []}
      scroll={{ x: 720 }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      data-testid="hours-table"
      columns={[
        { key: 'projectNumber', dataIndex: 'projectNumber', title: tp('number'), width: 150 },
        {
          key: 'projectName',
          dataIndex: 'projectName',
          title: t('project'),
          width: 160,
          render: (v: string, r) => <a onClick={() => navigate(`/blank/projectDetail?id=${r.projectId}`)}>{v}</a>,
        },
        { key: 'username', dataIndex: 'username', title: t('person'), width: 100 },
        { key: 'approvedHours', dataIndex: 'approvedHours', title: `${t('hours')} · ${t('st.approved')}`, width: 120, align: 'right', render: n },
        { key: 'pendingHours', dataIndex: 'pendingHours', title: `${t('hours')} · ${t('st.submitted')}`, width: 120, align: 'right', render: n },
        { key: 'labour', dataIndex: 'labour', title: t('cost'), width: 120, align: 'right', render: (v: string) => money(v) },
      ]}
    />
  );
}

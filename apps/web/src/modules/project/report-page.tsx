import { Card, Table, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { ScreenProps } from '../../shell/screen.ts';
import { http, unwrap } from '../../platform/http.ts';
import { money } from '../../platform/format.ts';
import { useProjectT } from './project-i18n.ts';
import { RecordsPage } from './records-page.tsx';
import { StatusTag } from './status-tag.tsx';
import { HoursReport } from './hours-report.tsx';
import { ProgressReport } from './progress-report.tsx';
import { DeviceReport } from './device-report.tsx';
import { useProgressT } from './progress-i18n.ts';
import type { ProjectStatus } from './project-api.ts';

interface OverBudgetRow {
  id: number;
  projectId: number;
  projectNumber: string;
  projectName: string;
  status: ProjectStatus;
  budget: string;
  spent: string;
  income: string;
  over: string;
  usedPct: string;
}

/** Projects whose cost and expenses in the journal pass their budget, worst first. */
function OverBudget() {
  const { t } = useProjectT();
  const navigate = useNavigate();
  const rows = useQuery({
    queryKey: ['project', 'report', 'over-budget'],
    queryFn: async () => unwrap(await http.get<OverBudgetRow[]>('/project/report/over-budget')),
  });
  const m = (key: keyof OverBudgetRow, title: string) => ({ key, dataIndex: key, title, width: 120, align: 'right' as const, render: (v: string) => money(v) });
  return (
    <Table<OverBudgetRow>
      rowKey="id"
      size="small"
      bordered
      loading={rows.isFetching}
      dataSource={rows.data ?? []}
      scroll={{ x: 880 }}
      pagination={false}
      data-testid="over-budget-table"
      columns={[
        { key: 'projectNumber', dataIndex: 'projectNumber', title: t('number'), width: 150 },
        {
          key: 'projectName',
          dataIndex: 'projectName',
          title: t('project'),
          width: 160,
          render: (v: string, r) => <a onClick={() => navigate(`/blank/projectDetail?id=${r.projectId}`)}>{v}</a>,
        },
        { key: 'status', dataIndex: 'status', title: t('status'), width: 90, render: (s: ProjectStatus) => <StatusTag status={s} /> },
        m('budget', t('budget')),
        m('spent', t('spent')),
        m('over', t('over')),
        { key: 'usedPct', dataIndex: 'usedPct', title: t('usedPct'), width: 90, align: 'right' as const, render: (v: string) => <Tag color="red">{v}%</Tag> },
        m('income', t('income')),
      ]}
    />
  );
}

/** 项目报表: abnormal work (overdue tasks, projects over budget), risk warnings, human input (hours), progression and device progress, across the projects the user may see. */
export function ProjectReportPage({ path }: ScreenProps) {
  const { t } = useProjectT();
  const { t: tp } = useProgressT();
  // ?tab= opens one tab (the workbench and phone users reach a tab hidden behind the tab bar's overflow)
  const [params] = useSearchParams();
  return (
    <Card size="small" data-testid="project-report">
      <Tabs
        destroyOnHidden
        defaultActiveKey={params.get('tab') ?? 'overdue'}
        items={[
          { key: 'overdue', label: t('r.overdue'), children: <RecordsPage path={path} kind="task" url="/project/report/overdue" /> },
          { key: 'warning', label: t('r.warning'), children: <RecordsPage path={path} kind="risk" url="/project/report/risk-warning" /> },
          { key: 'budget', label: t('r.budget'), children: <OverBudget /> },
          { key: 'hours', label: t('r.hours'), children: <HoursReport /> },
          { key: 'progress', label: tp('tab.progress'), children: <ProgressReport path={path} /> },
          { key: 'devices', label: tp('tab.devices'), children: <DeviceReport path={path} /> },
        ]}
      />
    </Card>
  );
}

import { Button, Card, Col, List, Progress, Row, Statistic, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ScreenProps } from '../../shell/screen.ts';
import { http, unwrap } from '../../platform/http.ts';
import { useProgressT } from './progress-i18n.ts';
import { LinkFigure } from '../../platform/link-figure.tsx';
import { groupedMoney } from '../../platform/format.ts';

interface Portal {
  key: 'myTasks' | 'lateTasks' | 'milestonesDue' | 'problemsOpen' | 'risksWarning';
  count: number;
  urgent?: number;
  amount?: string | null;
  link: string;
}
interface Workbench {
  portals: Portal[];
  tasks: Array<{ id: number; name: string; progress: number; projectId: number; projectName: string; plannedEnd: string | null; late: boolean }>;
  time: { draft: number; submitted: number; rejected: number; week: string };
  approvals: { total: number; rows: Array<{ id: number; projectId: number; projectName: string; username: string; workDate: string; hours: string }> };
  projects: { rows: Array<{ projectId: number; projectName: string; percent: string; late: boolean; plannedEnd: string | null }>; total: number };
}

/** The portals' row: each count opens its list; the note says how many of them are urgent (late, past due, severe). */
function Portals({ portals }: { portals: Portal[] }) {
  const { t, i18n } = useProgressT();
  const note = (p: Portal) =>
    p.urgent === undefined || (!p.urgent && p.key !== 'milestonesDue')
      ? undefined
      : t(`portal.${p.key}Urgent`, { n: p.urgent, amount: p.amount == null ? '—' : groupedMoney(p.amount, i18n.language) });
  return (
    <Row gutter={[12, 12]} data-testid="wb-portals">
      {portals.map((p) => (
        <LinkFigure
          key={p.key}
          title={t(`portal.${p.key}`)}
          value={p.count}
          link={p.link}
          testId={`wb-portal-${p.key}`}
          warn={p.key === 'lateTasks' || !!p.urgent}
          note={note(p)}
        />
      ))}
    </Row>
  );
}

/** 项目工作台: the portals, my open tasks, my time entries, the entries waiting for my approval and my projects' progress. */
export function ProjectWorkbenchPage(_: ScreenProps) {
  const { t } = useProgressT();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['project', 'workbench'], queryFn: async () => unwrap(await http.get<Workbench>('/project/workbench')) });
  const d = q.data;
  const work = (projectId: number) => navigate(`/blank/addNewWork?projectId=${projectId}`);
  const card = { size: 'small' as const, style: { height: '100%' } };
  return (
    <Row gutter={[12, 12]} data-testid="project-workbench">
      <Col span={24}>
        <Portals portals={d?.portals ?? []} />
      </Col>
      <Col xs={24} lg={12}>
        <Card {...card} title={t('wb.tasks')} loading={q.isLoading}>
          <List
            size="small"
            dataSource={d?.tasks ?? []}
            locale={{ emptyText: t('wb.none') }}
            data-testid="wb-tasks"
            renderItem={(x) => (
              <List.Item
                actions={[
                  <a key="log" onClick={() => work(x.projectId)}>
                    {t('wb.log')}
                  </a>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span>
                      {x.name} {x.late && <Tag color="red">{t('late')}</Tag>}
                    </span>
                  }
                  description={`${x.projectName} · ${t('plannedEnd')} ${x.plannedEnd ?? ''}`}
                />
                <Progress percent={x.progress} size="small" style={{ width: 90 }} />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card {...card} title={t('wb.time')} loading={q.isLoading} data-testid="wb-time">
          <Row gutter={12}>
            <Col span={6}>
              <Statistic title={t('wb.draft')} value={d?.time.draft ?? 0} />
            </Col>
            <Col span={6}>
              <Statistic title={t('wb.submitted')} value={d?.time.submitted ?? 0} />
            </Col>
            <Col span={6}>
              <Statistic title={t('wb.rejected')} value={d?.time.rejected ?? 0} valueStyle={d?.time.rejected ? { color: '#cf1322' } : undefined} />
            </Col>
            <Col span={6}>
              <Statistic title={t('wb.week')} value={Number(d?.time.week ?? 0)} />
            </Col>
          </Row>
          <Button style={{ marginTop: 12 }} onClick={() => navigate('/blank/addNewWork')}>
            {t('wb.log')}
          </Button>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card {...card} title={`${t('wb.approvals')} (${d?.approvals.total ?? 0})`} loading={q.isLoading}>
          <List
            size="small"
            dataSource={d?.approvals.rows ?? []}
            locale={{ emptyText: t('wb.none') }}
            renderItem={(x) => (
              <List.Item
                actions={[
                  <a key="open" onClick={() => work(x.projectId)}>
                    {x.projectName}
                  </a>,
                ]}
              >
                {`${x.workDate} · ${x.username} · ${Number(x.hours)} h`}
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card {...card} title={t('wb.projects')} loading={q.isLoading}>
          <List
            size="small"
            dataSource={d?.projects.rows ?? []}
            locale={{ emptyText: t('wb.none') }}
            data-testid="wb-projects"
            renderItem={(x) => (
              <List.Item>
                <a onClick={() => navigate(`/blank/projectDetail?id=${x.projectId}`)} style={{ minWidth: 0, flex: 1 }}>
                  {x.projectName} {x.late && <Tag color="red">{t('late')}</Tag>}
                </a>
                <Progress percent={Number(x.percent)} size="small" style={{ width: 120 }} />
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}

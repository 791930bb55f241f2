import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { BID_MOVES, type BidStatus } from '@erp/entities';
import type { ScreenProps } from '../../shell/screen.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { money } from '../../platform/format.ts';
import { bidApi, type ProjectRow } from './bid-api.ts';
import { statusText, useBidT } from './bid-i18n.ts';
import { useRun } from './use-bid.ts';
import { BidStatusTag } from './status-tag.tsx';
import { ProjectDialog } from './project-dialog.tsx';
import { ProjectDrawer } from './project-drawer.tsx';

/** Which projects each step screen lists (none: all) and whether it registers new ones. */
const SCREEN: Record<string, { status?: string; add?: boolean }> = {
  '/bidding/project_info': { add: true },
  '/bidding/project_status': {},
  '/bidding/tender_item': {},
  '/bidding/survey': { status: 'info,survey' },
  '/bidding/proposal_request': { status: 'registration,proposal' },
};

/** The moves a list offers as buttons: the result (won / lost) is registered on its own screen. */
const buttonMoves = (s: BidStatus) => BID_MOVES[s].filter((to) => to !== 'won' && to !== 'lost');

/** 项目信息, 项目状态, 招标清单, 踏勘调研, 方案申请: the tender projects (of the screen's steps) with their next steps. */
export function ProjectPage({ path }: ScreenProps) {
  const cfg = SCREEN[path] ?? {};
  const { t } = useBidT();
  const run = useRun();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 20 });
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<string>();
  const [editing, setEditing] = useState<ProjectRow | 'new'>();
  const [open, setOpen] = useState<number>();
  const list = useQuery({
    queryKey: ['bid', 'projects', cfg.status, page, filter],
    queryFn: () => bidApi.projects({ ...page, name: filter, status: cfg.status }),
  });
  const actions = (r: ProjectRow) => (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => setOpen(r.id)}>
        {t('detail')}
      </Button>
      {cfg.add && r.status !== 'closed' && (
        <Button type="link" size="small" onClick={() => setEditing(r)}>
          {t('edit')}
        </Button>
      )}
      {buttonMoves(r.status).map((to) => (
        <Popconfirm key={to} title={t('next', { to: statusText(to) })} onConfirm={() => run(bidApi.move(r.id, to), t('ok'))}>
          <Button type="link" size="small" danger={to === 'abandoned'} data-testid={`move-${to}`}>
            {t('next', { to: statusText(to) })}
          </Button>
        </Popconfirm>
      ))}
    </Space>
  );
  const columns = [
    { title: t('name'), dataIndex: 'name', width: 200 },
    { title: t('code'), dataIndex: 'code', width: 110 },
    { title: t('status'), dataIndex: 'status', width: 110, render: (s: BidStatus) => <BidStatusTag status={s} /> },
    { title: t('tenderer'), dataIndex: 'tendererName', width: 160 },
    { title: t('agency'), dataIndex: 'agency', width: 140 },
    { title: t('budget'), dataIndex: 'budget', width: 120, align: 'right' as const, render: money },
    { title: t('registrationDeadline'), dataIndex: 'registrationDeadline', width: 110 },
    { title: t('openingDate'), dataIndex: 'openingDate', width: 110 },
    { title: t('depositOut'), dataIndex: 'depositOut', width: 120, align: 'right' as const, render: money },
    { title: t('actions'), key: 'a', width: 260, render: (_: unknown, r: ProjectRow) => actions(r) },
  ];
  return (
    <Card size="small" data-testid="bid-project-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          placeholder={t('name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          allowClear
          style={{ width: 200 }}
          onPressEnter={() => setFilter(name || undefined)}
        />
        <Button onClick={() => setFilter(name || undefined)}>{t('search')}</Button>
        {cfg.add && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        )}
      </Space>
      <PagedTable<ProjectRow> list={list} page={page} setPage={setPage} columns={columns} />
      {editing && <ProjectDialog value={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
      {open && <ProjectDrawer id={open} onClose={() => setOpen(undefined)} />}
    </Card>
  );
}

import { useState } from 'react';
import { Card, Checkbox, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { crmApi, type FollowRow } from './crm-api.ts';
import { useCrmT } from './crm-i18n.ts';
import { CustomerDrawer } from './customer-drawer.tsx';

/** 跟进记录: every follow-up of the company (or mine), newest first; a customer's name opens its timeline. */
export function FollowPage(_: ScreenProps) {
  const { t } = useCrmT();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 20 });
  const [mine, setMine] = useState(false);
  const [open, setOpen] = useState<number>();
  const list = useQuery({ queryKey: ['crm', 'follows', page, mine], queryFn: () => crmApi.follows({ ...page, mine }) });
  const columns = [
    { title: t('time'), dataIndex: 'followTime', width: 160 },
    { title: t('name'), dataIndex: 'partnerName', width: 180, render: (v: string, r: FollowRow) => <a onClick={() => setOpen(r.partnerId)}>{v}</a> },
    { title: t('followKind'), dataIndex: 'kind', width: 80, render: (v: string) => t(`k.${v}`) },
    { title: t('content'), dataIndex: 'content', width: 300, ellipsis: true },
    { title: t('nextFollow'), dataIndex: 'nextFollowDate', width: 110 },
    { title: t('user'), dataIndex: 'userName', width: 100 },
  ];
  return (
    <Card size="small" data-testid="crm-follow-page">
      <Space style={{ marginBottom: 12 }}>
        <Checkbox checked={mine} onChange={(e) => setMine(e.target.checked)}>
          {t('mine')}
        </Checkbox>
      </Space>
      <PagedTable<FollowRow> list={list} page={page} setPage={setPage} columns={columns} />
      <CustomerDrawer partnerId={open} onClose={() => setOpen(undefined)} />
    </Card>
  );
}

import { useState } from 'react';
import { Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { feedback } from '../../platform/feedback.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { attempt, portalApi, type Advice, type Proposal } from './portal-api.ts';
import { usePortalT } from './portal-i18n.ts';

const STATUS_COLOR = { sent: 'processing', received: 'success', cancelled: 'default' } as const;

/** 到货通知 (buyer): every supplier's advices; a sent one becomes a draft purchase inbound in one click. */
export function ArrivalAdvicePage(_: ScreenProps) {
  const { t } = usePortalT();
  const client = useQueryClient();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 20 });
  const list = useQuery({ queryKey: ['portal', 'buyer-advices', page], queryFn: () => portalApi.buyerAdvices(page) });
  const toInbound = async (a: Advice) => {
    const r = await attempt(() => portalApi.toInbound(a.id));
    if (!r) return;
    feedback.message.success(t('toInboundDone', { number: r.number }));
    void client.invalidateQueries({ queryKey: ['portal'] });
  };
  const columns = [
    { title: t('advices'), dataIndex: 'number', width: 180 },
    { title: t('supplier'), dataIndex: 'supplierName', width: 160 },
    { title: t('order'), dataIndex: 'orderNumber', width: 170 },
    { title: t('shipDate'), dataIndex: 'shipDate', width: 110 },
    { title: t('carrier'), dataIndex: 'carrier', width: 110 },
    { title: t('trackingNo'), dataIndex: 'trackingNo', width: 130 },
    { title: '', dataIndex: 'status', width: 90, render: (v: Advice['status']) => <Tag color={STATUS_COLOR[v]}>{t(`a.${v}`)}</Tag> },
    { title: t('inbound'), dataIndex: 'inboundNumber', width: 170 },
    {
      title: '',
      key: 'act',
      width: 130,
      render: (_: unknown, a: Advice) =>
        a.status === 'sent' && (
          <Button size="small" type="primary" onClick={() => void toInbound(a)} data-testid="advice-to-inbound">
            {t('toInbound')}
          </Button>
        ),
    },
  ];
  return (
    <Card size="small" data-testid="buyer-advice-page">
      <PagedTable<Advice> list={list} page={page} setPage={setPage} columns={columns} />
    </Card>
  );
}

/** Invites a supplier's contact: a portal sign-in, and the link that sets its first password. */
function InviteForm() {
  const { t } = usePortalT();
  const suppliers = useQuery({ queryKey: ['portal', 'suppliers'], queryFn: portalApi.suppliers });
  const [supplierId, setSupplierId] = useState<number>();
  const [loginName, setLoginName] = useState('');
  const [username, setUsername] = useState('');
  const [link, setLink] = useState<string>();
  const invite = async () => {
    if (!supplierId) return;
    const r = await attempt(() => portalApi.invite({ supplierId, loginName: loginName.trim(), username: username.trim() }));
    if (r) setLink(`${window.location.origin}${r.link}`);
  };
  return (
    <Card size="small" title={t('invite')} style={{ marginTop: 12 }}>
      <Space wrap>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 200 }}
          placeholder={t('supplier')}
          value={supplierId}
          onChange={setSupplierId}
          options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.supplier }))}
        />
        <Input placeholder={t('loginName')} value={loginName} onChange={(e) => setLoginName(e.target.value)} style={{ width: 160 }} />
        <Input placeholder={t('username')} value={username} onChange={(e) => setUsername(e.target.value)} style={{ width: 160 }} />
        <Button type="primary" disabled={!supplierId || !loginName.trim() || !username.trim()} onClick={() => void invite()}>
          {t('invite')}
        </Button>
      </Space>
      {link && (
        <div style={{ marginTop: 8 }}>
          {t('inviteLink')} <Typography.Text copyable>{link}</Typography.Text>
        </div>
      )}
    </Card>
  );
}

/** 订单进度反馈 (buyer): proposals waiting for an answer, and supplier users' invitations. */
export function OrderProgressPage(_: ScreenProps) {
  const { t } = usePortalT();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['portal', 'proposals'], queryFn: portalApi.proposals });
  const decide = async (p: Proposal, accept: boolean) => {
    if (await attempt(() => portalApi.decide([p.itemId], accept))) void client.invalidateQueries({ queryKey: ['portal', 'proposals'] });
  };
  const columns = [
    { title: t('order'), dataIndex: 'orderNumber', width: 170 },
    { title: t('supplier'), dataIndex: 'supplierName', width: 150 },
    { title: t('line'), dataIndex: 'lineNo', width: 60 },
    { title: t('orders'), dataIndex: 'materialName', width: 150 },
    { title: t('qty'), dataIndex: 'qty', width: 80 },
    { title: t('delivery'), dataIndex: 'deliveryDate', width: 110 },
    { title: t('proposedQty'), dataIndex: 'proposedQty', width: 100 },
    { title: t('proposedDate'), dataIndex: 'proposedDate', width: 110 },
    { title: '', dataIndex: 'remark', width: 160, ellipsis: true },
    {
      title: '',
      key: 'act',
      width: 140,
      render: (_: unknown, p: Proposal) => (
        <Space size={4}>
          <Button size="small" type="primary" onClick={() => void decide(p, true)}>
            {t('accept')}
          </Button>
          <Button size="small" danger onClick={() => void decide(p, false)}>
            {t('reject')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="buyer-progress-page">
      <Card size="small" title={t('proposals')}>
        <Table<Proposal>
          rowKey="itemId"
          size="middle"
          bordered
          loading={list.isFetching && !list.data}
          dataSource={list.data ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={false}
        />
      </Card>
      <InviteForm />
    </div>
  );
}

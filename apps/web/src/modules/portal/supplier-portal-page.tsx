import { useState } from 'react';
import { Button, Card, Empty, List, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PageProviders } from '../../shell/layouts/page-providers.tsx';
import { useSession } from '../../platform/session.ts';
import { LangSwitch } from '../../platform/i18n/lang-switch.tsx';
import { logout } from '../../shell/header/logout.ts';
import { portalApi } from './portal-api.ts';
import { usePortalT } from './portal-i18n.ts';
import { OrderCards } from './order-cards.tsx';
import { PanelTab, PlanTab, StockTab } from './supplier-tabs.tsx';

const STATUS_COLOR = { sent: 'processing', received: 'success', cancelled: 'default' } as const;

/** The supplier's advices, newest first. */
function AdviceList() {
  const { t } = usePortalT();
  const list = useQuery({ queryKey: ['portal', 'advices'], queryFn: () => portalApi.advices({ currentPage: 1, pageSize: 50 }) });
  if (list.data && !list.data.rows.length) return <Empty description={t('empty')} />;
  return (
    <List
      loading={list.isFetching && !list.data}
      dataSource={list.data?.rows ?? []}
      renderItem={(a) => (
        <Card size="small" style={{ marginBottom: 8 }} data-testid="portal-advice">
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <b>{a.number}</b>
            <Tag color={STATUS_COLOR[a.status]}>{t(`a.${a.status}`)}</Tag>
          </div>
          <div>
            {t('order')} {a.orderNumber} · {t('shipDate')} {a.shipDate}
          </div>
          {(a.carrier || a.trackingNo) && (
            <div style={{ color: '#888' }}>
              {a.carrier} {a.trackingNo}
            </div>
          )}
        </Card>
      )}
    />
  );
}

/**
 * The supplier portal (issue 22): a page of its own, phone first, without the staff shell. A supplier's user
 * sees the orders sent to its company, confirms or proposes per line, reports progress and sends arrival advices.
 * Outside the shell, so it starts with the providers the shell's pages have.
 */
export function SupplierPortalPage() {
  return (
    <PageProviders>
      <PortalBody />
    </PageProviders>
  );
}

function PortalBody() {
  const { t } = usePortalT();
  const { user } = useSession();
  const [tab, setTab] = useState('orders');
  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5' }} data-testid="supplier-portal">
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '10px 12px',
          background: '#001529',
          color: '#fff',
          position: 'sticky',
          top: 0,
          zIndex: 10,
        }}
      >
        <b style={{ flex: 1, fontSize: 16 }}>{t('title')}</b>
        <span style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 120 }}>{user?.username}</span>
        <span style={{ color: '#fff' }}>
          <LangSwitch />
        </span>
        <Button size="small" onClick={() => void logout()}>
          {t('logout')}
        </Button>
      </div>
      <div style={{ maxWidth: 900, margin: '0 auto', padding: 8 }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          tabBarGutter={20}
          items={[
            { key: 'orders', label: t('orders'), children: <OrderCards /> },
            { key: 'advices', label: t('advices'), children: <AdviceList /> },
            { key: 'plans', label: t('tabPlans'), children: <PlanTab /> },
            { key: 'stock', label: t('stock'), children: <StockTab /> },
            { key: 'panel', label: t('panel'), children: <PanelTab /> },
          ]}
        />
      </div>
    </div>
  );
}

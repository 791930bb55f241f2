import { useState } from 'react';
import { Alert, Button, Card, Input, Space, Tabs, Tag } from 'antd';
import { MailOutlined, SettingOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../../shell/screen.ts';
import type { Paging } from '../../../platform/crud/paging.ts';
import { PagedTable } from '../../../platform/crud/paged-table.tsx';
import { useRun } from '../use-run.ts';
import { MAIL_KEY, mailApi, waitForSync, type MailRow } from './mail-api.ts';
import { useMailT } from './mail-i18n.ts';
import { ComposeDialog, type Draft } from './compose-dialog.tsx';
import { MailReader } from './mail-reader.tsx';
import { MailSettingDialog } from './mail-setting-dialog.tsx';

/** 邮件接收 (/business/EmailIsReception): the caller's inbox and sent mails, sync, compose, mailbox settings. */
export function MailPage(_: ScreenProps) {
  const { t } = useMailT();
  const run = useRun();
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<number>();
  const [draft, setDraft] = useState<Draft>();
  const [settings, setSettings] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const setting = useQuery({ queryKey: [...MAIL_KEY, 'setting'], queryFn: mailApi.setting });
  const list = useQuery({
    queryKey: [...MAIL_KEY, 'list', direction, page, keyword],
    queryFn: () => mailApi.list({ direction, ...page, keyword: keyword || undefined }),
  });
  const sync = async () => {
    setSyncing(true);
    await run(
      mailApi.sync().then(({ jobId }) => waitForSync(jobId)),
      t('synced'),
    );
    setSyncing(false);
  };
  const columns = [
    {
      title: direction === 'in' ? t('from') : t('to'),
      key: 'who',
      width: 220,
      render: (_: unknown, r: MailRow) => (direction === 'in' ? r.fromName || r.fromAddr : r.to.join(', ')),
    },
    {
      title: t('subject'),
      dataIndex: 'subject',
      width: 320,
      ellipsis: true,
      render: (v: string, r: MailRow) => (
        <a onClick={() => setOpen(r.id)} style={{ fontWeight: r.seen ? undefined : 600 }}>
          {v || '—'}
        </a>
      ),
    },
    {
      title: t('customers'),
      dataIndex: 'customers',
      width: 180,
      render: (v: MailRow['customers']) => v.map((c) => <Tag key={c.id}>{c.name}</Tag>),
    },
    { title: t('time'), dataIndex: 'sentTime', width: 160 },
  ];
  const s = setting.data;
  return (
    <Card size="small" data-testid="mail-page">
      {setting.isSuccess && !s && <Alert type="info" showIcon title={t('noSetting')} style={{ marginBottom: 12 }} />}
      {s?.lastError && <Alert type="warning" showIcon title={t('lastError', { error: s.lastError })} style={{ marginBottom: 12 }} />}
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<MailOutlined />} onClick={() => setDraft({})} disabled={!s} data-testid="mail-compose-open">
          {t('compose')}
        </Button>
        <Button icon={<SyncOutlined spin={syncing} />} onClick={() => void sync()} disabled={!s || syncing} data-testid="mail-sync">
          {syncing ? t('syncing') : t('sync')}
        </Button>
        <Button icon={<SettingOutlined />} onClick={() => setSettings(true)} data-testid="mail-settings-open">
          {t('settings')}
        </Button>
        <Input.Search
          allowClear
          placeholder={t('search')}
          style={{ width: 220 }}
          onSearch={(v) => (setKeyword(v.trim()), setPage({ ...page, currentPage: 1 }))}
        />
        {s?.lastSyncTime && <span style={{ color: '#888' }}>{t('lastSync', { time: s.lastSyncTime })}</span>}
      </Space>
      <Tabs
        activeKey={direction}
        onChange={(k) => (setDirection(k as 'in' | 'out'), setPage({ ...page, currentPage: 1 }))}
        items={[
          { key: 'in', label: t('inbox') },
          { key: 'out', label: t('sent') },
        ]}
      />
      <PagedTable<MailRow> list={list} page={page} setPage={setPage} columns={columns} data-testid="mail-list" />
      <MailReader id={open} onClose={() => setOpen(undefined)} onReply={(d) => (setOpen(undefined), setDraft(d))} />
      <ComposeDialog draft={draft} onClose={() => setDraft(undefined)} />
      <MailSettingDialog open={settings} onClose={() => setSettings(false)} />
    </Card>
  );
}

import { useState } from 'react';
import { App, Button, Card, Divider, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { http, unwrap } from '../../platform/http.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { pagePermissions } from '../../platform/crud/permissions.ts';
import { useOpenDialog } from '../../shell/dialogs/dialog-context.ts';
import { useAdminT } from './admin-i18n.ts';
import { MessageAdminForm, type AdminMessage } from './message-admin-form.tsx';

const LIST_KEY = ['msg-admin'];

/** 消息管理: announcements the company administrator writes, edits while unsent, sends and deletes. The personal centre stays on the bell. */
export function MessageAdminPage({ path }: ScreenProps) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const openDialog = useOpenDialog();
  const canEdit = pagePermissions(path).edit;
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [draftTitle, setDraftTitle] = useState('');
  const [title, setTitle] = useState('');
  const [editing, setEditing] = useState<{ row?: AdminMessage }>();
  const list = useQuery({
    queryKey: [...LIST_KEY, page, title],
    queryFn: async () => unwrap(await http.get<{ rows: AdminMessage[]; total: number }>('/msg/admin/list', { ...page, msgTitle: title || undefined })),
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  const search = () => {
    setTitle(draftTitle.trim());
    setPage((p) => ({ ...p, currentPage: 1 }));
  };

  const run = async (call: Promise<{ code: number; data: unknown }>) => {
    try {
      message.success((unwrap(await call) as { message: string }).message);
      reload();
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };

  const columns = [
    { title: t('msg.title'), dataIndex: 'msgTitle', width: 220, ellipsis: true },
    { title: t('msg.audience'), dataIndex: 'audience', width: 110, render: (v: string) => t(`msg.${v}`) },
    {
      title: t('msg.state'),
      dataIndex: 'sent',
      width: 90,
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'msg.sent' : 'msg.draft')}</Tag>,
    },
    { title: t('msg.read'), key: 'read', width: 110, render: (_: unknown, r: AdminMessage) => (r.sent ? `${r.readCount} / ${r.recipientCount}` : '-') },
    { title: t('msg.sender'), dataIndex: 'senderName', width: 110 },
    { title: t('msg.time'), dataIndex: 'createTime', width: 170 },
    ...(canEdit
      ? [
          {
            title: t('action'),
            key: 'action',
            width: 170,
            fixed: 'right' as const,
            render: (_: unknown, r: AdminMessage) => (
              <span style={{ whiteSpace: 'nowrap' }} data-testid="msg-admin-actions">
                {!r.sent && (
                  <>
                    <Button type="link" size="small" onClick={() => setEditing({ row: r })} data-testid="msg-admin-edit">
                      {t('edit')}
                    </Button>
                    <Divider orientation="vertical" />
                    <Button type="link" size="small" onClick={() => void run(http.post('/msg/admin/send', { id: r.id }))} data-testid="msg-admin-send">
                      {t('msg.send')}
                    </Button>
                    <Divider orientation="vertical" />
                  </>
                )}
                <Popconfirm title={t('deleteConfirm')} onConfirm={() => run(http.delete('/msg/admin/delete', { ids: String(r.id) }))}>
                  <Button type="link" size="small" danger data-testid="msg-admin-delete">
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card size="small" data-testid="msg-admin-page">
      <Space wrap style={{ marginBottom: 12, width: '100%' }}>
        <Space.Compact style={{ width: 300, maxWidth: '100%' }}>
          <Input
            allowClear
            placeholder={t('msg.titlePlaceholder')}
            value={draftTitle}
            onChange={(e) => setDraftTitle(e.target.value)}
            onPressEnter={search}
            data-testid="msg-title-search"
          />
          <Button type="primary" onClick={search}>
            {t('search')}
          </Button>
        </Space.Compact>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="msg-admin-add">
            {t('add')}
          </Button>
        )}
        <Button icon={<MailOutlined />} onClick={() => openDialog('messages')}>
          {t('msg.personal')}
        </Button>
      </Space>
      <Table<AdminMessage>
        rowKey="id"
        size="middle"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (currentPage, pageSize) => setPage({ currentPage: pageSize === page.pageSize ? currentPage : 1, pageSize }),
        }}
        data-testid="msg-admin-table"
      />
      {editing && (
        <MessageAdminForm
          row={editing.row}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      )}
    </Card>
  );
}

import { useState } from 'react';
import { App, Button, Card, Input, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf, type Envelope } from '../../platform/http.ts';
import type { ScreenProps } from '../screen.ts';
import { msgApi, type Message } from './message-api.ts';
import { MessageDetail } from './message-detail.tsx';
import { SendMessageForm } from './send-message-form.tsx';

export const PAGE_SIZES = [5, 10, 20, 30];

/** Message centre (SPEC §2.4, §7.2): paged list, read / handled actions, mark-all-read, send, title search. */
export function MessageCentre() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ currentPage: 1, pageSize: PAGE_SIZES[0] });
  const [draft, setDraft] = useState('');
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<Message>();
  const [sending, setSending] = useState(false);

  const list = useQuery({
    queryKey: ['messages', page, title],
    queryFn: () => msgApi.list({ ...page, msgTitle: title || undefined }),
  });

  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['messages'] });
    void queryClient.invalidateQueries({ queryKey: ['bell'] });
  };

  /** Runs an action and shows its reply text (business refusals as warnings). */
  const run = async (call: Promise<Envelope<unknown>>) => {
    try {
      const env = await call;
      if (env.code === 200) message.success(messageOf(env.data) ?? t('common.ok'));
      else message.warning(messageOf(env.data) ?? t('http.fallback'));
    } catch {
      // shown by the HTTP client
    }
    refresh();
  };

  const view = (m: Message) => {
    setDetail(m);
    if (Number(m.status) === 0) void msgApi.setStatus([m.id], 1).then(refresh, () => undefined);
  };

  const readAll = () =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('msg.readAllConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => run(msgApi.readAll()),
    });

  const columns: ColumnsType<Message> = [
    { title: t('msg.colTitle'), dataIndex: 'msgTitle', ellipsis: true },
    { title: t('msg.colType'), dataIndex: 'type', width: 110, render: (v: string) => t(`msg.types.${v}`, { defaultValue: v }) },
    { title: t('msg.colTime'), dataIndex: 'createTimeStr', width: 170, render: (v: string, r) => v ?? r.createTime },
    {
      title: t('msg.colStatus'),
      dataIndex: 'status',
      width: 80,
      render: (v) => (Number(v) === 0 ? <Tag color="red">{t('msg.unread')}</Tag> : <Tag>{t('msg.read')}</Tag>),
    },
    {
      title: t('msg.colSolved'),
      dataIndex: 'solvedStatus',
      width: 90,
      render: (v) => (Number(v) === 1 ? <Tag color="green">{t('msg.solved')}</Tag> : <Tag>{t('msg.unsolved')}</Tag>),
    },
    {
      title: t('msg.colAction'),
      key: 'action',
      width: 150,
      render: (_v, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => view(r)}>
            {t('msg.view')}
          </Button>
          {Number(r.solvedStatus) !== 1 && (
            <Button type="link" size="small" onClick={() => void run(msgApi.solve([r.id]))}>
              {t('msg.markSolved')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="message-centre">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder={t('msg.titlePlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => setTitle(draft.trim())}
          style={{ width: 220 }}
          data-testid="msg-title-search"
        />
        <Button type="primary" onClick={() => (setTitle(draft.trim()), setPage((p) => ({ ...p, currentPage: 1 })))}>
          {t('common.search')}
        </Button>
        <Button onClick={() => (setDraft(''), setTitle(''))}>{t('common.reset')}</Button>
      </Space>
      <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
        <Button icon={<SendOutlined />} type="primary" ghost onClick={() => setSending(true)} data-testid="msg-send">
          {t('msg.send')}
        </Button>
        <Button icon={<CheckOutlined />} onClick={readAll}>
          {t('msg.readAll')}
        </Button>
        <Button disabled={!selected.length} onClick={() => void run(msgApi.setStatus(selected, 1))}>
          {t('msg.markRead')}
        </Button>
        <Button disabled={!selected.length} onClick={() => void run(msgApi.solve(selected))}>
          {t('msg.markSolved')}
        </Button>
      </Space>
      <Table<Message>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        scroll={{ x: 720 }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total, [a, b]) => `${a}-${b} ${t('common.total', { total })}`,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
      <MessageDetail message={detail} onClose={() => setDetail(undefined)} />
      {sending && <SendMessageForm onClose={() => setSending(false)} onSent={refresh} />}
    </div>
  );
}

export function MessageCentreDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('msg.centre')} width={960} footer={null} onCancel={onClose} data-testid="message-dialog">
      <MessageCentre />
    </Modal>
  );
}

/** The /system/msg menu screen shows the same centre as a page. */
export function MessageScreen(_props: ScreenProps) {
  return (
    <Card variant="borderless">
      <MessageCentre />
    </Card>
  );
}

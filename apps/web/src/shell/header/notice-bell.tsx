import { useState } from 'react';
import { App, Badge, Button, Empty, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../platform/session.ts';
import { msgApi, type Message } from '../dialogs/message-api.ts';
import { MessageDetail } from '../dialogs/message-detail.tsx';
import { useOpenDialog } from '../dialogs/dialog-context.ts';
import { useNoticeSocket } from './use-notice-socket.ts';

export const POLL_MS = 6000;
const SHOWN = 5;

/** Unread-message bell (SPEC §2.3, §4, §9): polled every 6 s until a load fails, pushed over the socket. */
export function NoticeBell({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const { userId, token } = useSession();
  const queryClient = useQueryClient();
  const openDialog = useOpenDialog();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Message>();

  const bell = useQuery({
    queryKey: ['bell', userId],
    queryFn: msgApi.bell,
    staleTime: 0,
    // a failed load stops the poll (SPEC §4); a later successful refetch resumes it
    refetchInterval: (q) => (q.state.status === 'error' ? false : POLL_MS),
  });

  // pushed messages pop up bottom-right so they never cover the bell's own popover
  useNoticeSocket(userId, token, (m) => {
    void queryClient.invalidateQueries({ queryKey: ['bell'] });
    void queryClient.invalidateQueries({ queryKey: ['messages'] });
    if (m?.msgTitle) notification.info({ title: t('bell.newMessage'), description: m.msgTitle, duration: 4, placement: 'bottomRight' });
  });

  const records = bell.data?.records ?? [];
  const count = bell.data?.total ?? records.length;

  const show = async (m: Message) => {
    setOpen(false);
    setDetail(m);
    try {
      await msgApi.setStatus([m.id], 2);
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['bell'] });
    }
  };

  const content = (
    <div style={{ width: 300 }} data-testid="bell-popover">
      <Spin spinning={bell.isLoading}>
        {records.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
        ) : (
          records.slice(0, SHOWN).map((m) => (
            <div
              key={m.id}
              role="button"
              onClick={() => void show(m)}
              style={{ padding: '8px 4px', borderBottom: '1px solid #f0f0f0', cursor: 'pointer' }}
              data-testid="bell-item"
            >
              <div style={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{m.msgTitle}</div>
              <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{m.createTimeStr ?? m.createTime}</div>
            </div>
          ))
        )}
      </Spin>
      <Button
        type="link"
        block
        onClick={() => {
          setOpen(false);
          openDialog('messages');
        }}
      >
        {t('bell.more')}
      </Button>
    </div>
  );

  return (
    <>
      <Popover content={content} title={t('bell.title')} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
        <span className={className} role="button" aria-label={t('header.notice')} data-testid="notice-bell" id="erp-bell">
          <Badge count={count} overflowCount={99} size="small" data-testid="bell-badge">
            <BellOutlined style={{ fontSize: 16, padding: 4 }} />
          </Badge>
        </span>
      </Popover>
      <MessageDetail message={detail} onClose={() => setDetail(undefined)} />
    </>
  );
}

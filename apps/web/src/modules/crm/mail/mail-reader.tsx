import { Button, Descriptions, Drawer, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MAIL_KEY, mailApi } from './mail-api.ts';
import { useMailT } from './mail-i18n.ts';
import { replyDraft, type Draft } from './compose-dialog.tsx';

/** One mail: its addresses, customers and text; 回复 opens the compose dialog with the reply. */
export function MailReader({ id, onClose, onReply }: { id: number | undefined; onClose: () => void; onReply: (d: Draft) => void }) {
  const { t } = useMailT();
  const q = useQuery({ queryKey: [...MAIL_KEY, 'detail', id], queryFn: () => mailApi.detail(id!), enabled: !!id });
  const m = q.data;
  return (
    <Drawer open={!!id} onClose={onClose} title={m?.subject || '—'} width="min(640px, 100vw)" data-testid="mail-reader">
      {m && (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'f', label: t('from'), children: m.fromName ? `${m.fromName} <${m.fromAddr}>` : m.fromAddr },
              { key: 't', label: t('to'), children: m.to.join(', ') },
              ...(m.cc.length ? [{ key: 'c', label: t('cc'), children: m.cc.join(', ') }] : []),
              { key: 'd', label: t('time'), children: m.sentTime },
              { key: 'p', label: t('customers'), children: m.customers.map((c) => <Tag key={c.id}>{c.name}</Tag>) },
            ]}
          />
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }} data-testid="mail-reader-body">
            {m.body}
          </Typography.Paragraph>
          <Space>
            <Button type="primary" onClick={() => onReply(replyDraft(m))} data-testid="mail-reply">
              {t('reply')}
            </Button>
          </Space>
        </>
      )}
    </Drawer>
  );
}

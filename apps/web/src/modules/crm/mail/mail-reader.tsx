import { Button, Descriptions, Drawer, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PaperClipOutlined } from '@ant-design/icons';
import { saveFile } from '../../../platform/crud/file-transfer.ts';
import { MAIL_KEY, mailApi, type MailAttachment } from './mail-api.ts';
import { useMailT } from './mail-i18n.ts';
import { replyDraft, type Draft } from './compose-dialog.tsx';
import { MailBody } from './mail-body.tsx';

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
          <MailBody mail={m} />
          <Attachments list={m.attachments} />
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

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** The mail's attachments: a stored one downloads on click; one over the size limit is listed, greyed, with why. */
function Attachments({ list }: { list: MailAttachment[] }) {
  const { t } = useMailT();
  if (!list.length) return null;
  return (
    <Space direction="vertical" size={4} style={{ marginBottom: 16 }} data-testid="mail-attachments">
      {list.map((a) =>
        a.stored ? (
          <Button
            key={a.id}
            type="link"
            size="small"
            icon={<PaperClipOutlined />}
            style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left', height: 'auto' }}
            onClick={() => void mailApi.attachment(a.id).then((blob) => saveFile({ blob, fileName: a.fileName }))}
          >
            {a.fileName} ({kb(a.size)})
          </Button>
        ) : (
          <Typography.Text key={a.id} type="secondary">
            <PaperClipOutlined /> {a.fileName} ({kb(a.size)}) — {t('tooLarge')}
          </Typography.Text>
        ),
      )}
    </Space>
  );
}

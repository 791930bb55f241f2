import { useNavigate } from 'react-router';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageTarget, type Message } from './message-api.ts';

/** One message; msgContent is HTML sanitised by the server (docs/api.md). */
export function MessageDetail({ message, onClose }: { message: Message | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = message ? messageTarget(message) : undefined;
  return (
    <Modal
      open={Boolean(message)}
      title={message?.msgTitle ?? t('msg.detail')}
      onCancel={onClose}
      width={560}
      footer={[
        target && (
          <Button
            key="open"
            type="primary"
            onClick={() => {
              onClose();
              navigate(target);
            }}
          >
            {t('msg.open')}
          </Button>
        ),
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
    >
      <Typography.Text type="secondary">{message?.createTimeStr ?? message?.createTime}</Typography.Text>
      <div style={{ marginTop: 12, minHeight: 60 }} dangerouslySetInnerHTML={{ __html: message?.msgContent ?? '' }} />
    </Modal>
  );
}

import { useEffect, useRef } from 'react';
import { Typography } from 'antd';
import { mailApi, type MailDetail } from './mail-api.ts';
import { useMailT } from './mail-i18n.ts';

/**
 * A mail's body: its HTML as the server sanitised it (scripts, handlers, styles sheets and remote loads are gone,
 * docs/decisions.md), or its text. An inline image names its stored attachment (data-attachment-id); it is fetched
 * with the reader's token and shown from a blob: URL, released when the mail closes.
 */
export function MailBody({ mail }: { mail: MailDetail }) {
  const { t } = useMailT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root || !mail.html) return;
    const urls: string[] = [];
    let gone = false;
    for (const img of root.querySelectorAll<HTMLImageElement>('img')) {
      img.style.maxWidth = '100%';
      img.style.height = 'auto';
      const id = Number(img.dataset.attachmentId);
      if (!id) continue;
      void mailApi.attachment(id).then(
        (blob) => {
          if (gone) return;
          const url = URL.createObjectURL(blob);
          urls.push(url);
          img.src = url;
        },
        () => undefined,
      );
    }
    return () => {
      gone = true;
      urls.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [mail.html, mail.id]);
  if (!mail.html)
    return (
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }} data-testid="mail-reader-body">
        {mail.body}
      </Typography.Paragraph>
    );
  return (
    <div style={{ marginTop: 16, marginBottom: 16 }}>
      {mail.blockedImages > 0 && <Typography.Text type="secondary">{t('blocked', { count: mail.blockedImages })}</Typography.Text>}
      {/* sanitised on the server (modules/crm/mail/html.ts); the CSP refuses scripts and remote images besides */}
      <div
        ref={ref}
        data-testid="mail-reader-body"
        style={{ overflowX: 'auto', overflowWrap: 'anywhere', marginTop: 8 }}
        dangerouslySetInnerHTML={{ __html: mail.html }}
      />
    </div>
  );
}

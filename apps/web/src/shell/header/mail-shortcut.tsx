import { useNavigate } from 'react-router';
import { Badge, Tooltip } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../platform/http.ts';
import { EMAIL_PATH } from '../menu-model.ts';
import { useMenuIndex } from '../menu-context.ts';

const POLL_MS = 60000;

/**
 * The unread count of the CRM mailbox (GET /crm/mail/unread), for users who have 邮件接收; polled each minute until a
 * load fails. Its query key starts with ['crm', 'mail'], so the CRM screens' refreshes (a sync, reading a mail) update it.
 */
export function useMailUnread(): number {
  const index = useMenuIndex();
  const q = useQuery({
    queryKey: ['crm', 'mail', 'unread'],
    queryFn: async () => unwrap(await http.get<{ count: number }>('/crm/mail/unread', undefined, { silent: true })).count,
    enabled: index.leaves.has(EMAIL_PATH),
    retry: false,
    refetchInterval: (s) => (s.state.status === 'error' ? false : POLL_MS),
  });
  return q.data ?? 0;
}

/** The header's mail shortcut (SPEC §2.3): opens 邮件接收, with the unread count. */
export function MailShortcut({ className }: { className: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useMailUnread();
  return (
    <Tooltip title={t('header.mail')}>
      <span className={className} role="button" onClick={() => navigate(EMAIL_PATH)} data-testid="mail-shortcut">
        <Badge count={unread} size="small" overflowCount={99} data-testid="mail-unread">
          <MailOutlined style={{ fontSize: 16, padding: 4 }} />
        </Badge>
      </span>
    </Tooltip>
  );
}

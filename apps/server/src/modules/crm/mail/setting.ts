import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { checkImap, checkSmtp, type MailServerConfig } from './connect.ts';
import { decryptSecret, encryptSecret } from './secret.ts';

export interface MailSettingInput {
  email: string;
  imapHost: string;
  imapPort: number;
  imapTls: boolean;
  imapUser: string;
  /** Absent or empty: keep the stored one. */
  imapPassword?: string;
  smtpHost: string;
  smtpPort: number;
  smtpTls: boolean;
  smtpUser?: string;
  /** Absent or empty: keep the stored one, or the IMAP password for a new mailbox. */
  smtpPassword?: string;
  folder?: string;
}

const TIME = `'YYYY-MM-DD HH24:MI:SS'`;

/** The caller's mailbox as the API shows it: never a password, only whether one is stored. */
export async function getMailSetting(tx: Tx, tenantId: number, userId: number) {
  const row = await tx.one(
    `select email, imap_host as "imapHost", imap_port as "imapPort", imap_tls as "imapTls", imap_user as "imapUser",
            smtp_host as "smtpHost", smtp_port as "smtpPort", smtp_tls as "smtpTls", smtp_user as "smtpUser", folder,
            true as "hasPassword", last_uid::text as "lastUid", to_char(last_sync_at, ${TIME}) as "lastSyncTime", last_error as "lastError"
       from crm_mail_setting where tenant_id = $1 and user_id = $2`,
    [tenantId, userId],
  );
  return row ?? null;
}

interface StoredRow {
  imap_host: string;
  imap_user: string;
  imap_password: string;
  smtp_password: string;
  folder: string;
}

/** The servers and plain passwords of a user's mailbox, for the sync and for sending. */
export async function mailboxConfig(tx: Tx, tenantId: number, userId: number): Promise<(MailServerConfig & { email: string; folder: string }) | undefined> {
  const r = await tx.one<Record<string, any>>(`select * from crm_mail_setting where tenant_id = $1 and user_id = $2`, [tenantId, userId]);
  if (!r) return undefined;
  return {
    email: r.email,
    folder: r.folder,
    imapHost: r.imap_host,
    imapPort: r.imap_port,
    imapTls: r.imap_tls,
    imapUser: r.imap_user,
    imapPassword: decryptSecret(r.imap_password),
    smtpHost: r.smtp_host,
    smtpPort: r.smtp_port,
    smtpTls: r.smtp_tls,
    smtpUser: r.smtp_user,
    smtpPassword: decryptSecret(r.smtp_password),
  };
}

/**
 * 邮件设置: checks that IMAP and SMTP accept the settings (sign-in, the folder) before anything is stored, so a
 * wrong host or password is a clear message and writes nothing. Passwords are stored encrypted. A different
 * IMAP server, user or folder starts the sync from the beginning.
 */
export async function saveMailSetting(ctx: RequestCtx, input: MailSettingInput) {
  const { tx, session, ip } = ctx;
  const t = session.tenantId;
  const old = await tx.one<StoredRow>(
    `select imap_host, imap_user, imap_password, smtp_password, folder from crm_mail_setting where tenant_id = $1 and user_id = $2 for update`,
    [t, session.userId],
  );
  const imapPassword = input.imapPassword || (old ? decryptSecret(old.imap_password) : '');
  if (!imapPassword) throw new BusinessError('请输入邮箱密码');
  const smtpPassword = input.smtpPassword || (old ? decryptSecret(old.smtp_password) : imapPassword);
  const folder = input.folder || 'INBOX';
  const cfg: MailServerConfig = { ...input, imapPassword, smtpUser: input.smtpUser || input.imapUser, smtpPassword };
  await checkImap(cfg, folder);
  await checkSmtp(cfg);
  const restart = !old || old.imap_host !== input.imapHost || old.imap_user !== input.imapUser || old.folder !== folder;
  await tx.query(
    `insert into crm_mail_setting(tenant_id, user_id, email, imap_host, imap_port, imap_tls, imap_user, imap_password,
        smtp_host, smtp_port, smtp_tls, smtp_user, smtp_password, folder)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (tenant_id, user_id) do update set email = $3, imap_host = $4, imap_port = $5, imap_tls = $6, imap_user = $7,
        imap_password = $8, smtp_host = $9, smtp_port = $10, smtp_tls = $11, smtp_user = $12, smtp_password = $13, folder = $14,
        last_error = null, updated_at = now(),
        uid_validity = case when $15 then null else crm_mail_setting.uid_validity end,
        last_uid = case when $15 then 0 else crm_mail_setting.last_uid end`,
    [
      t,
      session.userId,
      input.email.toLowerCase(),
      input.imapHost,
      input.imapPort,
      input.imapTls,
      input.imapUser,
      encryptSecret(imapPassword),
      input.smtpHost,
      input.smtpPort,
      input.smtpTls,
      cfg.smtpUser,
      encryptSecret(smtpPassword),
      folder,
      restart,
    ],
  );
  const { imapPassword: _i, smtpPassword: _s, ...logged } = input;
  await logWrite(tx, session, ip, old ? 'update' : 'add', 'crmMailSetting', [session.userId], logged);
  return getMailSetting(tx, t, session.userId);
}

import { http, unwrap } from '../../../platform/http.ts';

/** The caller's mailbox as the server shows it: never a password. */
export interface MailSetting {
  email: string;
  imapHost: string;
  imapPort: number;
  imapTls: boolean;
  imapUser: string;
  smtpHost: string;
  smtpPort: number;
  smtpTls: boolean;
  smtpUser: string;
  folder: string;
  hasPassword: boolean;
  lastUid: string;
  lastSyncTime: string | null;
  lastError: string | null;
}

export type MailSettingInput = Omit<MailSetting, 'hasPassword' | 'lastUid' | 'lastSyncTime' | 'lastError'> & { imapPassword?: string; smtpPassword?: string };

export interface MailRow {
  id: number;
  direction: 'in' | 'out';
  fromAddr: string;
  fromName: string | null;
  to: string[];
  cc: string[];
  subject: string;
  sentTime: string;
  seen: boolean;
  customers: Array<{ id: number; name: string }>;
}

export interface MailAttachment {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  /** false: over the size limit, listed but not stored */
  stored: boolean;
}

export interface MailDetail extends MailRow {
  body: string;
  /** the HTML body sanitised by the server (null: a plain-text mail); its inline images carry data-attachment-id */
  html: string | null;
  /** remote images whose address the server removed */
  blockedImages: number;
  /** attachment ids the HTML shows inline (not in `attachments`) */
  inlineImages: number[];
  ownerName: string;
  mine: boolean;
  attachments: MailAttachment[];
}

export const MAIL_KEY = ['crm', 'mail'] as const;

export const mailApi = {
  setting: async () => unwrap(await http.get<MailSetting | null>('/crm/mail/setting')),
  saveSetting: async (d: MailSettingInput) => unwrap(await http.put<MailSetting>('/crm/mail/setting', d)),
  sync: async () => unwrap(await http.post<{ jobId: number }>('/crm/mail/sync')),
  syncStatus: async (jobId: number) => unwrap(await http.get<{ state: string; error: string | null }>('/crm/mail/sync/status', { jobId })),
  list: async (q: { direction?: 'in' | 'out'; currentPage: number; pageSize: number; keyword?: string }) =>
    unwrap(await http.get<{ rows: MailRow[]; total: number }>('/crm/mail/list', q)),
  detail: async (id: number) => unwrap(await http.get<MailDetail>('/crm/mail/detail', { id })),
  attachment: (id: number) => http.blob('/crm/mail/attachment', { id }),
  unread: async () => unwrap(await http.get<{ count: number }>('/crm/mail/unread', undefined, { silent: true })),
  send: async (d: { to: string[]; cc?: string[]; subject: string; body: string; replyToId?: number; files?: string }) =>
    unwrap(await http.post<{ id: number }>('/crm/mail/send', d)),
};

/** Waits for a sync job to end (polling its state); the failure's message is thrown. */
export async function waitForSync(jobId: number, signal?: AbortSignal): Promise<void> {
  for (;;) {
    const s = await mailApi.syncStatus(jobId);
    if (s.state === 'done') return;
    if (s.state === 'failed') throw new Error(s.error ?? 'sync failed');
    if (signal?.aborted) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

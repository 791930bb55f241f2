import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { BusinessError } from '../../../platform/errors.ts';

/** A mailbox's servers with the plain passwords (decrypted only for the call). */
export interface MailServerConfig {
  imapHost: string;
  imapPort: number;
  imapTls: boolean;
  imapUser: string;
  imapPassword: string;
  smtpHost: string;
  smtpPort: number;
  smtpTls: boolean;
  smtpUser: string;
  smtpPassword: string;
}

const TIMEOUT_MS = Number(process.env.ERP_MAIL_TIMEOUT_MS ?? 15000);

/** A client for one call; with `idle` one that sits in IDLE between commands (idle.ts), restarting it every maxIdleMs. */
export function imapClient(c: MailServerConfig, watch?: { idle: true; maxIdleMs: number }): ImapFlow {
  return new ImapFlow({
    host: c.imapHost,
    port: c.imapPort,
    secure: c.imapTls,
    auth: { user: c.imapUser, pass: c.imapPassword },
    logger: false,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: watch ? watch.maxIdleMs + 5 * 60000 : 5 * 60000,
    disableAutoIdle: !watch,
    // a watching client goes into IDLE half a second after its last command (imapflow waits 15 s by default)
    ...(watch ? { maxIdleTime: watch.maxIdleMs, autoIdleDelay: 500 } : {}),
  });
}

export function smtpTransport(c: MailServerConfig) {
  return nodemailer.createTransport({
    host: c.smtpHost,
    port: c.smtpPort,
    secure: c.smtpTls,
    auth: { user: c.smtpUser, pass: c.smtpPassword },
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 60000,
  });
}

const NETWORK: Record<string, string> = {
  ECONNREFUSED: '拒绝连接',
  ENOTFOUND: '找不到该主机',
  EAI_AGAIN: '找不到该主机',
  EHOSTUNREACH: '主机不可达',
  ENETUNREACH: '网络不可达',
  ECONNRESET: '连接被重置',
  ETIMEDOUT: '连接超时',
  CONNECT_TIMEOUT: '连接超时',
  GREETING_TIMEOUT: '服务器没有应答',
  ETIMEOUT: '连接超时',
};

/** A clear sentence for what went wrong talking to a mail server (the user fixes the settings from it). */
export function mailErrorText(kind: 'IMAP' | 'SMTP', host: string, port: number, err: unknown): string {
  const e = err as { code?: string; authenticationFailed?: boolean; responseCode?: number; message?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code ?? '';
  if (e?.authenticationFailed || code === 'EAUTH' || e?.responseCode === 535) return `${kind} 登录失败：用户名或密码错误（${host}）`;
  const named = Object.keys(NETWORK).find((k) => (e?.message ?? '').includes(k));
  const net = NETWORK[code] ?? (named ? NETWORK[named] : '');
  if (net) return `无法连接 ${kind} 服务器 ${host}:${port}（${net}）`;
  if (code === 'ESOCKET' || code === 'ECONNECTION' || /TLS|SSL|certificate/i.test(e?.message ?? ''))
    return `无法与 ${kind} 服务器 ${host}:${port} 建立连接（${(e?.message ?? code).slice(0, 120)}），请检查端口和 TLS 设置`;
  return `${kind} 服务器 ${host}:${port} 出错：${(e?.message ?? String(err)).slice(0, 160)}`;
}

/** A background job's signed-in IMAP client (connection errors logged, not thrown later); a refused sign-in throws the clear message. */
export async function connectedImap(c: MailServerConfig, onError: (err: unknown) => void): Promise<ImapFlow> {
  const client = imapClient(c);
  client.on('error', onError);
  try {
    await client.connect();
  } catch (err) {
    throw new Error(mailErrorText('IMAP', c.imapHost, c.imapPort, err));
  }
  return client;
}

/** Signs in to IMAP and opens the folder, then logs out; a refusal is a BusinessError with a clear message. */
export async function checkImap(c: MailServerConfig, folder: string): Promise<void> {
  const client = imapClient(c);
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new BusinessError(mailErrorText('IMAP', c.imapHost, c.imapPort, err));
  }
  try {
    await client.mailboxOpen(folder, { readOnly: true });
  } catch {
    throw new BusinessError(`IMAP 文件夹不存在：${folder}`);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

export async function checkSmtp(c: MailServerConfig): Promise<void> {
  const t = smtpTransport(c);
  try {
    await t.verify();
  } catch (err) {
    throw new BusinessError(mailErrorText('SMTP', c.smtpHost, c.smtpPort, err));
  } finally {
    t.close();
  }
}

import crypto from 'node:crypto';

/**
 * Mail passwords at rest: AES-256-GCM with a key from the environment (ERP_MAIL_KEY, any length: its SHA-256 is
 * the key). Production refuses to store a password without it; development and tests use a fixed fallback so a
 * fresh checkout works, and say so in the stored form ("dev:" instead of "v1:") — such a row cannot be read by a
 * server that has a real key.
 */
const DEV_KEY = 'erp-development-mail-key (set ERP_MAIL_KEY in production)';

function key(): { key: Buffer; tag: 'v1' | 'dev' } {
  const env = process.env.ERP_MAIL_KEY;
  if (env) return { key: crypto.createHash('sha256').update(env).digest(), tag: 'v1' };
  if (process.env.NODE_ENV === 'production') throw new Error('ERP_MAIL_KEY is not set: mail passwords cannot be stored');
  return { key: crypto.createHash('sha256').update(DEV_KEY).digest(), tag: 'dev' };
}

export function mailKeyConfigured(): boolean {
  return Boolean(process.env.ERP_MAIL_KEY) || process.env.NODE_ENV !== 'production';
}

export function encryptSecret(plain: string): string {
  const k = key();
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', k.key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `${k.tag}:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
}

/** The plain password; throws when the stored form was made with another key (the server's key changed). */
export function decryptSecret(stored: string): string {
  const k = key();
  const [tag, data] = stored.split(':', 2);
  if (tag !== k.tag || !data) throw new Error('邮箱密码无法解密（服务器的邮件密钥已更换），请重新保存邮箱设置');
  const raw = Buffer.from(data, 'base64');
  const d = crypto.createDecipheriv('aes-256-gcm', k.key, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    throw new Error('邮箱密码无法解密（服务器的邮件密钥已更换），请重新保存邮箱设置');
  }
}

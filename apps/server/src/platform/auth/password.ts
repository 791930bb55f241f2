import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: crypto.BinaryLike, salt: crypto.BinaryLike, len: number) => Promise<Buffer>;

/** The spec's fixed default password for new users and tenants (SPEC §9). */
export const DEFAULT_PASSWORD = '123456';
export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*\d).{6,}$/;
export const MD5_HEX = /^[0-9a-f]{32}$/i;

export const md5 = (s: string) => crypto.createHash('md5').update(s, 'utf8').digest('hex');

/** Clients send MD5(password); we store scrypt over that hash, never the hash itself. */
export async function hashPassword(md5Hex: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(md5Hex.toLowerCase(), salt, 32);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(md5Hex: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(md5Hex.toLowerCase(), Buffer.from(salt, 'base64'), expected.length);
  return crypto.timingSafeEqual(expected, actual);
}

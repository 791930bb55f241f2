import crypto from 'node:crypto';
import type { Database } from '../../platform/db/database.ts';
import { BusinessError } from '../../platform/errors.ts';
import { platformSetting } from './config.service.ts';

const TTL_MINUTES = 5;
// no 0/O, 1/l/I: a code is read off a picture
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** jshERP's refusals and codes (ExceptionConstants 500010–500012), so its client shows them as they are. */
export const CAPTCHA_ERROR = {
  wrong: ['验证码错误', 500010],
  expired: ['验证码已失效', 500011],
  empty: ['验证码不能为空', 500012],
} as const;

/** Four characters drawn as an SVG: each glyph rotated and offset, with crossing lines, no external renderer. */
export function captchaSvg(code: string): string {
  const rnd = (a: number, b: number) => a + crypto.randomInt(0, 1000) * ((b - a) / 1000);
  const glyphs = [...code].map(
    (c, i) =>
      `<text x="${18 + i * 24}" y="${rnd(26, 32).toFixed(1)}" transform="rotate(${rnd(-25, 25).toFixed(0)} ${24 + i * 24} 22)" fill="hsl(${crypto.randomInt(0, 360)},60%,35%)">${c}</text>`,
  );
  const lines = Array.from(
    { length: 4 },
    () =>
      `<line x1="${rnd(0, 40).toFixed(0)}" y1="${rnd(0, 40).toFixed(0)}" x2="${rnd(80, 120).toFixed(0)}" y2="${rnd(0, 40).toFixed(0)}" stroke="hsl(${crypto.randomInt(0, 360)},50%,60%)"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" font-family="monospace" font-size="24" font-weight="bold"><rect width="120" height="40" fill="#f4f4f4"/>${lines.join('')}${glyphs.join('')}</svg>`;
}

/** A new captcha: its uuid and its picture as a data URL (jshERP's data.uuid / data.base64). */
export async function newCaptcha(db: Database): Promise<{ uuid: string; base64: string; code: string }> {
  const code = Array.from({ length: 4 }, () => ALPHABET[crypto.randomInt(0, ALPHABET.length)]).join('');
  const uuid = crypto.randomUUID().replace(/-/g, '');
  await db.system(async (tx) => {
    await tx.query('delete from login_captcha where expires_at < now()');
    await tx.query(`insert into login_captcha(uuid, code, expires_at) values ($1, $2, now() + interval '${TTL_MINUTES} minutes')`, [uuid, code]);
  });
  return { uuid, base64: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(code)).toString('base64')}`, code };
}

/** When the platform asks for captchas, the code must match its uuid (case ignored); each captcha is used once. */
export async function checkCaptcha(db: Database, code: string | undefined, uuid: string | undefined): Promise<void> {
  const row = await db.system(async (tx) => {
    if ((await platformSetting(tx, 'checkcode_flag')) !== '1') return 'off';
    if (!code?.trim() || !uuid?.trim()) return 'empty';
    return tx.one<{ code: string; live: boolean }>('delete from login_captcha where uuid = $1 returning code, expires_at > now() as live', [uuid.trim()]);
  });
  if (row === 'off') return;
  const refuse = (k: keyof typeof CAPTCHA_ERROR) => new BusinessError(CAPTCHA_ERROR[k][0], CAPTCHA_ERROR[k][1]);
  if (row === 'empty') throw refuse('empty');
  if (!row?.live) throw refuse('expired');
  if (row.code.toLowerCase() !== code!.trim().toLowerCase()) throw refuse('wrong');
}

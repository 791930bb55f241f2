import type { Database } from '../../platform/db/database.ts';
import { BusinessError } from '../../platform/errors.ts';
import { platformSetting } from './config.service.ts';
import { enterAccount, MSG_TIP, type SignInResult } from './sign-in.ts';

const TIMEOUT_MS = 5000;

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The outcome of a CAS 2.0/3.0 serviceValidate reply: the user name, or the failure code and text. */
export function parseServiceResponse(xml: string): { user: string } | { code: string; message: string } {
  const ok = /<cas:authenticationSuccess>[\s\S]*?<cas:user>\s*([^<]+?)\s*<\/cas:user>/.exec(xml);
  if (ok) return { user: unescapeXml(ok[1]!) };
  const fail = /<cas:authenticationFailure\s+code="([^"]*)"\s*>([\s\S]*?)<\/cas:authenticationFailure>/.exec(xml);
  if (fail) return { code: fail[1]!, message: unescapeXml(fail[2]!.trim()) };
  return { code: 'INVALID_RESPONSE', message: 'CAS服务返回的内容无法识别' };
}

/** Asks the configured CAS server whether the ticket was issued for the service (GET {base}/serviceValidate). */
async function validateTicket(base: string, ticket: string, service: string) {
  const url = `${base.replace(/\/+$/, '')}/serviceValidate?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`;
  let text: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = (await res.text()).slice(0, 100_000);
  } catch {
    throw new BusinessError('CAS服务无法访问，请稍后再试');
  }
  return parseServiceResponse(text);
}

/**
 * /cas/client/validateLogin (SPEC §7, issue 24): the ticket the CAS server gave the browser is validated against
 * that server; its user is matched to an account by login name and signed in like a password sign-in (the last
 * company used, else the first). No CAS server configured (platform setting cas_server_url): refused.
 */
export async function casSignIn(db: Database, ticket: string, service: string, ip: string): Promise<SignInResult> {
  const base = await db.system((tx) => platformSetting(tx, 'cas_server_url'));
  if (!base) throw new BusinessError('未配置CAS单点登录服务');
  const r = await validateTicket(base, ticket, service);
  if (!('user' in r)) throw new BusinessError(`CAS票据校验失败：${r.code}${r.message ? ` ${r.message}` : ''}`);
  return db.system(async (tx) => {
    const account = await tx.one<{ id: number; last_tenant_id: number | null }>('select id, last_tenant_id from account where login_name = $1', [r.user]);
    if (!account) return { msgTip: MSG_TIP.notExist };
    return enterAccount(tx, account, ip);
  });
}

import crypto from 'node:crypto';

/** SPEC §9: a sign-in lasts 7 days. */
export const TOKEN_TTL_MS = 604800000;

/**
 * A token is "<tenantId>.<random>": the tenant part lets the server open the tenant's
 * row-level-security scope before it looks the session up; the random part is the secret.
 * Only its SHA-256 is stored.
 */
export function newToken(tenantId: number): string {
  return `${tenantId}.${crypto.randomBytes(32).toString('base64url')}`;
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function parseToken(token: string): { tenantId: number } | undefined {
  const m = /^(\d{1,15})\.[A-Za-z0-9_-]{43}$/.exec(token);
  if (!m) return undefined;
  const tenantId = Number(m[1]);
  return tenantId > 0 ? { tenantId } : undefined;
}

export function tokenFromHeaders(h: Record<string, string | string[] | undefined>): string | undefined {
  const x = h['x-access-token'];
  if (typeof x === 'string' && x.trim()) return x.trim();
  const a = h.authorization;
  if (typeof a === 'string') {
    const m = /^Bearer\s+(.+)$/i.exec(a.trim());
    if (m) return m[1].trim();
  }
  return undefined;
}

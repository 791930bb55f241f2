/** What an import from jshERP did: per kind of record, how many were imported and which were skipped and why. */
export const KINDS = [
  'settings',
  'units',
  'categories',
  'depots',
  'persons',
  'accounts',
  'partners',
  'inOutItems',
  'materials',
  'roles',
  'grants',
  'users',
  'documents',
  'financeDocuments',
] as const;
export type Kind = (typeof KINDS)[number];

export interface Skipped {
  /** jshERP's id of the row (and its number, for a document) */
  id: number | string;
  reason: string;
}

export interface ImportReport {
  tenant: { id: number; name: string; adminLoginName: string; adminPassword: string };
  kinds: Record<Kind, { imported: number; skipped: Skipped[] }>;
  /** Users signed in with a password set by the import (jshERP's MD5 hashes are not carried over). */
  userPasswords: { loginName: string; password: string }[];
}

export function emptyReport(): ImportReport {
  const kinds = Object.fromEntries(KINDS.map((k) => [k, { imported: 0, skipped: [] }])) as unknown as ImportReport['kinds'];
  return { tenant: { id: 0, name: '', adminLoginName: '', adminPassword: '' }, kinds, userPasswords: [] };
}

export const imported = (r: ImportReport, kind: Kind) => void r.kinds[kind].imported++;
export const skipped = (r: ImportReport, kind: Kind, id: number | string, reason: string) => void r.kinds[kind].skipped.push({ id, reason });

/** The report as text, for the command line. */
export function formatReport(r: ImportReport): string {
  const out = [`company ${r.tenant.name} (id ${r.tenant.id}); administrator ${r.tenant.adminLoginName}, password ${r.tenant.adminPassword}`];
  for (const k of KINDS) {
    const { imported: n, skipped: s } = r.kinds[k];
    out.push(`${k}: ${n} imported, ${s.length} skipped`);
    for (const x of s) out.push(`  - ${k} ${x.id}: ${x.reason}`);
  }
  if (r.userPasswords.length) {
    out.push('users (passwords set by the import; each must change it at first sign-in):');
    for (const u of r.userPasswords) out.push(`  ${u.loginName}: ${u.password}`);
  }
  return out.join('\n');
}

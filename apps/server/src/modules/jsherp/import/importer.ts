import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import { md5 } from '../../../platform/auth/password.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { provisionTenant } from '../../system/index.ts';
import { signedInApi } from './api.ts';
import { newCtx } from './context.ts';
import { disableAtEnd, importMasterData } from './master.ts';
import { importMaterials } from './materials.ts';
import { importDocuments } from './documents.ts';
import { importUsersAndRoles } from './users.ts';
import { importSettings } from './settings.ts';
import { emptyReport, type ImportReport } from './report.ts';
import { readJshErp, text } from './source.ts';

export interface JshImportOptions {
  /** mysql://user:password@host:port/database of a jshERP 3.x database */
  mysqlUrl: string;
  /** the name of the company to create; an existing company of that name refuses the import */
  tenantName: string;
  /** jshERP's tenant_id to read, when its database holds more than one company */
  jshTenantId?: number;
  /** our administrator's login name (default: jshERP's administrator's, if free) */
  adminLoginName?: string;
  /** the API prefix the app serves (config.apiBase) */
  apiBase: string;
}

export const TENANT_EXISTS = (name: string) => `租户“${name}”已存在，不能重复导入`;

/** A password our rules accept (a letter and a digit, 6 or more), random. */
export const randomPassword = () =>
  `${crypto
    .randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')}a1`;

/**
 * Reads a jshERP company and creates a new company of ours with its data, written through our own API
 * signed in as the new administrator (docs/jsherp.md). Returns what was imported and skipped, and why.
 */
export async function importJshErp(app: FastifyInstance, db: Database, o: JshImportOptions): Promise<ImportReport> {
  const { tenantId: jshTenant, data } = await readJshErp(o.mysqlUrl, o.jshTenantId);
  const report = emptyReport();
  const jshAdmin = data.jsh_user.find((u) => Number(u.id) === jshTenant);
  const password = randomPassword();
  const created = await db.system(async (tx) => {
    if (await tx.one('select 1 from tenant where name = $1 and not delete_flag', [o.tenantName])) throw new BusinessError(TENANT_EXISTS(o.tenantName));
    const wanted = o.adminLoginName ?? text(jshAdmin?.login_name);
    const free = wanted && !(await tx.one('select 1 from account where login_name = $1', [wanted]));
    if (o.adminLoginName && !free) throw new BusinessError(`登录名 ${o.adminLoginName} 已被使用`);
    const loginName = free ? wanted! : `jsh_${crypto.randomBytes(4).toString('hex')}`;
    const expireTime = new Date();
    expireTime.setFullYear(expireTime.getFullYear() + 10);
    const t = await provisionTenant(tx, {
      name: o.tenantName,
      type: '1',
      expireTime,
      userLimit: Math.max(10, data.jsh_user.length + 1),
      admin: { loginName, passwordMd5: md5(password), username: text(jshAdmin?.username) ?? loginName },
    });
    return { ...t, loginName };
  });
  report.tenant = { id: created.tenantId, name: o.tenantName, adminLoginName: created.loginName, adminPassword: password };
  const api = await signedInApi(app, o.apiBase, created.loginName, password);
  const c = newCtx(api, data, report);
  if (jshAdmin) c.ids.user.set(jshTenant, created.userId);
  await importSettings(c);
  await importMasterData(c);
  await importMaterials(c);
  await importUsersAndRoles(c, randomPassword, (login, pw) => signedInApi(app, o.apiBase, login, pw));
  await importDocuments(c);
  await disableAtEnd(c);
  return report;
}

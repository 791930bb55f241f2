import type { Tx } from '../../../platform/db/database.ts';
import { notFound } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';

export interface PluginRow {
  code: string;
  name: string;
  englishName: string;
  description: string;
  version: string;
  enabled: boolean;
  /** the menu entries the plugin holds */
  menus: number;
}

/** The registered plugins with this company's switch (no row: enabled). */
export async function listPlugins(tx: Tx, tenantId: number): Promise<{ rows: PluginRow[]; total: number }> {
  const rows = await tx.query<PluginRow>(
    `select p.code, p.name, p.english_name as "englishName", p.description, p.version, coalesce(tp.enabled, true) as enabled,
            (select count(*)::int from sys_function f where f.number like any (select x || '%' from unnest(p.number_prefixes) x)) as menus
       from plugin p left join tenant_plugin tp on tp.tenant_id = $1 and tp.plugin_code = p.code
      order by p.sort, p.code`,
    [tenantId],
  );
  return { rows, total: rows.length };
}

/** Switches a plugin on or off for the company; its menus and routes follow at once (sessions are reloaded). */
export async function setPluginStatus(c: RequestCtx, body: { code: string; enabled: boolean }) {
  const { tx, session } = c;
  const known = await tx.one<{ name: string }>('select name from plugin where code = $1', [body.code]);
  if (!known) throw notFound(`插件不存在: ${body.code}`);
  await tx.query(
    `insert into tenant_plugin(tenant_id, plugin_code, enabled, updater) values ($1, $2, $3, $4)
     on conflict (tenant_id, plugin_code) do update set enabled = excluded.enabled, updater = excluded.updater, updated_at = now()`,
    [session.tenantId, body.code, body.enabled, session.userId],
  );
  await logWrite(tx, session, c.ip, body.enabled ? '启用插件' : '停用插件', 'plugin', [], { code: body.code, name: known.name });
  return { message: body.enabled ? '插件已启用' : '插件已停用' };
}

import { defineEntity, f, type EntityDef } from '@erp/entities';
import type { ScreenProps } from '../../shell/screen.ts';
import type { CrudOptions } from '../../platform/crud/crud-types.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';

/** The operation log (sys_log) as the list page reads it; not a kit entity on the server (read-only, GET /sysLog/list). */
// widened like the registry's entries: the kit reads any definition
const sysLog = defineEntity({
  name: 'sysLog',
  table: 'sys_log',
  area: 'system',
  kind: 'setting',
  label: { zh: '操作日志', en: 'Log' },
  menu: '/system/log',
  fields: {
    loginName: f.text('登录名', 'Login name', { search: 'like' }),
    operation: f.text('操作', 'Operation', { search: 'eq' }),
    entity: f.text('对象', 'Object', { search: 'eq' }),
    recordIds: f.text('记录编号', 'Record ids'),
    ip: f.text('IP', 'IP'),
    content: f.text('内容', 'Content', { width: 360 }),
  },
}) as unknown as EntityDef;

const options: CrudOptions = {
  urls: { list: '/sysLog/list' },
  features: { add: false, edit: false, delete: false, status: false, export: false, import: false, approve: false },
  createTimeQuery: true,
};

/** 操作日志: the generic list page over /sysLog/list, read-only. */
export function LogPage({ path, title }: ScreenProps) {
  return <EntityListPage entity={sysLog} path={path} title={title} {...options} />;
}

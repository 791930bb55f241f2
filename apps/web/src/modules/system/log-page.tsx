import { sysLogView } from '@erp/entities';
import type { ScreenProps } from '../../shell/screen.ts';
import type { CrudOptions } from '../../platform/crud/crud-types.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';

const options: CrudOptions = {
  urls: { list: '/sysLog/list' },
  features: { add: false, edit: false, delete: false, status: false, export: false, import: false, approve: false },
  createTimeQuery: true,
};

/** 操作日志: the generic list page over /sysLog/list, read-only. */
export function LogPage({ path, title }: ScreenProps) {
  return <EntityListPage entity={sysLogView} path={path} title={title} {...options} />;
}

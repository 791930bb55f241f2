import { tenantView } from '@erp/entities';
import type { ScreenProps } from '../../shell/screen.ts';
import type { CrudOptions } from '../../platform/crud/crud-types.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';

const options: CrudOptions = {
  urls: {
    list: '/tenant/list',
    add: '/tenant/add',
    edit: '/tenant/update',
    batchSetStatusUrl: '/tenant/batchSetStatus',
    checkName: '/tenant/checkIsNameExist',
  },
  // companies are disabled, never deleted; no spreadsheet calls
  features: { delete: false, export: false, import: false, approve: false },
  nameTakenKey: 'user.loginNameExists',
  createOnly: ['loginName'],
};

/** 租户管理: the generic list and form over the /tenant calls. */
export function TenantPage({ path, title }: ScreenProps) {
  return <EntityListPage entity={tenantView} path={path} title={title} {...options} />;
}

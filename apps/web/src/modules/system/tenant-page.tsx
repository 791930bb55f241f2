import { defineEntity, f, type EntityDef } from '@erp/entities';
import type { ScreenProps } from '../../shell/screen.ts';
import type { CrudOptions } from '../../platform/crud/crud-types.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';

/** Companies (platform administrator only); the tenant table is not a kit entity on the server. */
// widened like the registry's entries: the kit reads any definition
const tenant = defineEntity({
  name: 'tenant',
  table: 'tenant',
  area: 'system',
  kind: 'master',
  label: { zh: '租户', en: 'Tenant' },
  menu: '/system/tenant',
  nameField: 'loginName',
  status: true,
  fields: {
    name: f.text('租户名称', 'Company', { required: true, max: 60, search: 'like' }),
    shortName: f.text('简称', 'Short name', { max: 30 }),
    loginName: f.text('管理员登录名', 'Administrator login', {
      required: true,
      max: 32,
      search: 'like',
      pattern: { regex: '^[A-Za-z0-9_.@-]+$', message: '登录名只能包含字母、数字和 _ . @ -' },
    }),
    type: f.enum('租户类型', 'Type', {
      required: true,
      options: [
        { value: '0', label: { zh: '试用租户', en: 'Trial' } },
        { value: '1', label: { zh: '正式租户', en: 'Paid' } },
      ],
    }),
    userLimit: f.number('用户数量上限', 'User limit', { required: true, int: true, min: 1, max: 100000 }),
    userCount: f.number('用户数量', 'Users', { readOnly: true }),
    expireTime: f.datetime('到期时间', 'Expires', { required: true }),
    annualRent: f.money('年租金', 'Annual rent', { min: 0 }),
    registrationNumber: f.text('企业注册号', 'Registration number', { max: 50 }),
    phoneAreaCode: f.text('电话区号', 'Phone area code', { max: 10, pattern: { regex: '^\\+?\\d{1,6}$', message: '区号只能是数字' } }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true }),
  },
}) as unknown as EntityDef;

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
  return <EntityListPage entity={tenant} path={path} title={title} {...options} />;
}

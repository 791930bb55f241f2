import { defineEntity, f, PHONE, widen } from '../kit/definition.ts';

/**
 * Screens of the administration that the kit's list page and form show but whose calls are their own
 * (users: sign-ins are global; tenants: platform only; the log: read-only). Not in the registry: the
 * server has no generic routes for them. The web reads their fields from here like any definition.
 */
/** Users are not a kit entity on the server (sign-ins are global); this describes the screen's fields. */
export const userView = widen(
  defineEntity({
    name: 'user',
    table: 'sys_user',
    area: 'system',
    kind: 'master',
    label: { zh: '用户', en: 'User' },
    menu: '/system/user',
    nameField: 'loginName',
    status: true,
    fields: {
      loginName: f.text('登录名称', 'Login name', {
        required: true,
        max: 32,
        search: 'like',
        pattern: { regex: '^[A-Za-z0-9_.@-]+$', message: '登录名只能包含字母、数字和 _ . @ -' },
      }),
      username: f.text('用户姓名', 'Name', { required: true, max: 50, search: 'like' }),
      roleIds: f.link('角色', 'Roles', { entity: 'role', required: true, list: false }),
      orgIds: f.link('机构', 'Organizations', { entity: 'organization', list: false }),
      phone: f.text('电话号码', 'Mobile', { max: 11, pattern: PHONE }),
      email: f.text('电子邮箱', 'E-mail', { max: 100, pattern: { regex: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', message: '请输入正确的邮箱地址' } }),
      position: f.text('职位', 'Position', { max: 50 }),
      isManager: f.bool('经理', 'Manager'),
      description: f.text('备注', 'Remark', { max: 500 }),
    },
  }),
);

/** Companies (platform administrator only); the tenant table is not a kit entity on the server. */
export const tenantView = widen(
  defineEntity({
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
  }),
);

/** The operation log (sys_log) as the list page reads it; not a kit entity on the server (read-only, GET /sysLog/list). */
export const sysLogView = widen(
  defineEntity({
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
  }),
);

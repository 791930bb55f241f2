import { md5 } from '../../../platform/auth/password.ts';
import type { ImportCtx } from './context.ts';
import { addOne, live } from './master.ts';
import { imported, skipped } from './report.ts';
import { isDeleted, text, type JshRow } from './source.ts';
import type { ApiResult, ImportApi } from './api.ts';

/** jshERP's default password of a new user is 123456 too: ours is replaced at once by a random one. */
const NEW_USER_PASSWORD = '123456';
const ROLE_TYPES = new Set(['全部数据', '本机构数据', '个人数据']);
const MOBILE = /^1\d{10}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** '[4][7]' (jsh_user_business.value) → [4, 7] */
const bracketIds = (v: unknown) => [...String(v ?? '').matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));

function business(c: ImportCtx, type: string): Map<number, JshRow> {
  return new Map(c.src.jsh_user_business.filter((b) => text(b.type) === type && !isDeleted(b)).map((b) => [Number(b.key_id), b]));
}

/**
 * Roles with their menu and button grants (jsh_user_business RoleFunctions, matched to our menus by
 * jshERP's url), then users with their roles (UserRole). jshERP's MD5 passwords are not carried over:
 * each user gets a random password, set through the user's own password change, and reported.
 */
export async function importUsersAndRoles(c: ImportCtx, newPassword: () => string, signIn: (login: string, pw: string) => Promise<ImportApi>) {
  const roleFunctions = business(c, 'RoleFunctions');
  for (const r of live(c, 'roles', c.src.jsh_role)) {
    const type = text(r.type);
    await addOne(c, 'roles', 'role', 'role', r, {
      name: text(r.name),
      type: type && ROLE_TYPES.has(type) ? type : '全部数据',
      priceMasking: !!text(r.price_limit) || undefined,
      sort: text(r.sort),
      description: text(r.description),
    });
    const ours = c.ids.role.get(Number(r.id));
    if (ours) await grantRole(c, Number(r.id), ours, roleFunctions.get(Number(r.id)));
  }
  const userRoles = business(c, 'UserRole');
  for (const u of live(c, 'users', c.src.jsh_user)) {
    if (c.ids.user.has(Number(u.id))) continue; // the administrator, made with the company
    await importUser(c, u, userRoles.get(Number(u.id)), newPassword, signIn);
  }
}

async function grantRole(c: ImportCtx, jshRole: number, roleId: number, b: JshRow | undefined) {
  const catalogue = await c.api.get(`/role/getGrants?id=${roleId}`);
  if (!catalogue.ok || !b) return;
  const ourByUrl = new Map<string, { functionId: number; pushBtn: string }>(
    (catalogue.data as { url: string; functionId: number; pushBtn: string }[]).map((f) => [f.url, f]),
  );
  const jshFn = new Map(c.src.jsh_function.map((f) => [Number(f.id), f]));
  const buttons = new Map<number, string>();
  try {
    for (const x of JSON.parse(String(b.btn_str ?? '[]')) as { funId: string; btnStr: string }[]) buttons.set(Number(x.funId), String(x.btnStr ?? ''));
  } catch {
    skipped(c.report, 'grants', `role ${jshRole}`, '按钮权限 btn_str 不是有效的 JSON，按钮未授权');
  }
  const grants: { functionId: number; btnStr: string }[] = [];
  for (const fid of bracketIds(b.value)) {
    const url = text(jshFn.get(fid)?.url);
    const ours = url ? ourByUrl.get(url) : undefined;
    if (!ours) {
      skipped(c.report, 'grants', `role ${jshRole} function ${fid}`, url ? `菜单 ${url} 在本系统没有对应` : `jshERP 菜单 ${fid} 不存在`);
      continue;
    }
    const offered = new Set(ours.pushBtn.split(',').filter(Boolean));
    grants.push({
      functionId: ours.functionId,
      btnStr: (buttons.get(fid) ?? '')
        .split(',')
        .filter((x) => offered.has(x))
        .join(','),
    });
  }
  const r = await c.api.post('/role/setGrants', { roleId, grants });
  if (r.ok) for (let i = 0; i < grants.length; i++) imported(c.report, 'grants');
  else skipped(c.report, 'grants', `role ${jshRole}`, r.message);
}

async function importUser(c: ImportCtx, u: JshRow, roles: JshRow | undefined, newPassword: () => string, signIn: (l: string, p: string) => Promise<ImportApi>) {
  const id = Number(u.id);
  const roleIds = bracketIds(roles?.value)
    .map((r) => c.ids.role.get(r))
    .filter((r): r is number => r !== undefined);
  if (!roleIds.length) return void skipped(c.report, 'users', id, '没有可导入的角色（本系统的用户须有角色）');
  const phone = text(u.phonenum);
  const email = text(u.email);
  const loginName = text(u.login_name) ?? '';
  const added: ApiResult = await c.api.post('/user/addUser', {
    loginName,
    username: text(u.username) ?? loginName,
    ...(phone && MOBILE.test(phone) ? { phone } : {}),
    ...(email && EMAIL.test(email) ? { email } : {}),
    ...(text(u.position) ? { position: text(u.position) } : {}),
    ...(text(u.description) ? { description: text(u.description) } : {}),
    roleIds,
  });
  if (!added.ok) return void skipped(c.report, 'users', id, added.message);
  c.ids.user.set(id, added.data.id);
  imported(c.report, 'users');
  const password = newPassword();
  const own = await signIn(loginName, NEW_USER_PASSWORD);
  const changed = await own.post('/user/updatePwd', { userId: added.data.id, oldpassword: md5(NEW_USER_PASSWORD), password, confirmPassword: password });
  const set = changed.ok && changed.data.status === 1;
  // a user left with the well-known default password must not sign in: blacklisted and reported
  if (!set) skipped(c.report, 'users', id, `密码未能设置（${changed.ok ? changed.data.message : changed.message}），用户已封禁`);
  else c.report.userPasswords.push({ loginName, password });
  if (!set || Number(u.status) === 2) await c.api.post('/user/batchSetStatus', { status: 2, ids: String(added.data.id) });
}

import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { MD5_HEX, md5, PASSWORD_RULE, hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';

export const PWD_MSG = {
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  same: '新密码和旧密码不能相同!',
  rule: '密码由6位数字、小写字母组成!',
  confirmRequired: '请确认新密码!',
  mismatch: '两次密码不一致!',
  oldWrong: '旧密码不正确!',
  done: '修改成功',
  noUser: '当前系统无登陆用户!',
} as const;

/**
 * A user changes their own password (SPEC §7.1 updatePwd): refusals come as status 3 with the spec's message,
 * a wrong old password as status 2; other sessions of the same identity end.
 */
export async function changePassword(tx: Tx, session: Session, body: { userId: number; oldpassword: string; password: string; confirmPassword: string }) {
  if (body.userId !== session.userId) throw forbidden('只能修改自己的密码');
  const refuse = (message: string) => ({ status: 3, message });
  const { oldpassword, password } = body;
  if (!oldpassword) return refuse(PWD_MSG.oldRequired);
  if (!MD5_HEX.test(oldpassword)) throw badRequest('参数错误 body.oldpassword: 旧密码须以MD5摘要传输');
  if (!password) return refuse(PWD_MSG.newRequired);
  if (!body.confirmPassword) return refuse(PWD_MSG.confirmRequired);
  if (password.trim() !== body.confirmPassword.trim()) return refuse(PWD_MSG.mismatch);
  if (md5(password) === oldpassword.toLowerCase()) return refuse(PWD_MSG.same);
  if (!PASSWORD_RULE.test(password)) return refuse(PWD_MSG.rule);
  const acc = await tx.one<{ password_hash: string }>('select password_hash from account where id = $1 for update', [session.accountId]);
  if (!acc || !(await verifyPassword(oldpassword, acc.password_hash))) return { status: 2, message: PWD_MSG.oldWrong };
  await tx.query('update account set password_hash = $2 where id = $1', [session.accountId, await hashPassword(md5(password))]);
  // whoever knew the old password is signed out everywhere, in every company of this identity; the
  // session-table trigger's NOTIFY drops them from every instance's cache at commit (issue 10)
  await tx.query(
    `delete from user_session s using sys_user u
      where u.tenant_id = s.tenant_id and u.id = s.user_id and u.account_id = $1 and s.token_hash <> $2`,
    [session.accountId, session.tokenHash],
  );
  return { status: 1, message: PWD_MSG.done };
}

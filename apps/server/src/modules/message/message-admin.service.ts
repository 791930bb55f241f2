import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { logWrite } from '../../platform/audit.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { sanitizeMessageHtml } from './sanitize.ts';

/** msg.type of a message made on the administration page (0–2 are the SPEC §3 kinds). */
export const ANNOUNCEMENT_TYPE = '3';
export const ADMIN_MSG = {
  sent: '消息已发送，不能修改',
  noRecipients: '没有接收人',
  badAudience: '接收人不存在或不属于本公司',
  sentOk: '发送成功',
  savedOk: '保存成功',
} as const;

const TIME = `'YYYY-MM-DD HH24:MI:SS'`;
const COLUMNS = `m.id, m.msg_title as "msgTitle", m.msg_content as "msgContent", m.audience, m.audience_ids as "audienceIds",
  (not m.draft) as sent, to_char(m.created_at, ${TIME}) as "createTime", su.username as "senderName",
  (select count(*)::int from msg_recipient r where r.tenant_id = m.tenant_id and r.msg_id = m.id) as "recipientCount",
  (select count(*)::int from msg_recipient r where r.tenant_id = m.tenant_id and r.msg_id = m.id and r.status <> 0) as "readCount"`;
const FROM = `from msg m left join sys_user su on su.tenant_id = m.tenant_id and su.id = m.sender_id
  where m.tenant_id = $1 and m.audience is not null and not m.delete_flag`;

type Draft = { audience: 'users' | 'roles' | 'all'; audienceIds: number[] };

/** Refuses ids that are not current users or roles of this company, so nothing half-addressed is saved. */
async function checkAudience(tx: Tx, tenantId: number, d: Draft): Promise<void> {
  if (d.audience === 'all') return;
  const table = d.audience === 'users' ? 'sys_user' : 'role';
  const found = await tx.one<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag`, [
    tenantId,
    d.audienceIds,
  ]);
  if (found!.n !== d.audienceIds.length) throw new BusinessError(ADMIN_MSG.badAudience);
}

/** The users a draft reaches now: chosen users, members of chosen roles, or everyone not deleted. */
async function recipients(tx: Tx, tenantId: number, d: Draft): Promise<number[]> {
  const where = {
    users: 'u.id = any($2::bigint[])',
    roles: 'exists (select 1 from user_role ur where ur.tenant_id = u.tenant_id and ur.user_id = u.id and ur.role_id = any($2::bigint[]))',
    all: '$2::bigint[] is not null',
  }[d.audience];
  const rows = await tx.query<{ id: number }>(`select u.id from sys_user u where u.tenant_id = $1 and not u.delete_flag and ${where} order by u.id`, [
    tenantId,
    d.audienceIds,
  ]);
  return rows.map((r) => Number(r.id));
}

async function draftOf(tx: Tx, tenantId: number, id: number): Promise<Draft & { draft: boolean }> {
  const m = await tx.one<Draft & { draft: boolean }>(
    `select draft, audience, audience_ids as "audienceIds" from msg where tenant_id = $1 and id = $2 and audience is not null and not delete_flag for update`,
    [tenantId, id],
  );
  if (!m) throw notFound();
  return { ...m, audienceIds: m.audienceIds.map(Number) };
}

/** Writes the recipient rows, stamps the send time and returns who gets the push. */
async function deliver(tx: Tx, tenantId: number, id: number, d: Draft): Promise<number[]> {
  const users = await recipients(tx, tenantId, d);
  if (!users.length) throw new BusinessError(ADMIN_MSG.noRecipients);
  await tx.query('insert into msg_recipient(tenant_id, msg_id, user_id) select $1, $2, u from unnest($3::bigint[]) u', [tenantId, id, users]);
  await tx.query('update msg set draft = false, created_at = now() where tenant_id = $1 and id = $2', [tenantId, id]);
  return users;
}

export interface AdminMessage extends Draft {
  msgTitle: string;
  msgContent: string;
  send: boolean;
}
/** Called with the message and its recipients when it was sent (the route pushes after commit). */
type OnSent = (id: number, users: number[]) => void;

/** The administration list, newest first, with read counts. */
export async function listAdminMessages(tx: Tx, tenantId: number, q: { currentPage: number; pageSize: number; msgTitle?: string }) {
  const args = [tenantId, q.msgTitle ? `%${q.msgTitle.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null];
  const filter = 'and ($2::text is null or m.msg_title ilike $2)';
  const total = await tx.one<{ n: number }>(`select count(*)::int as n ${FROM} ${filter}`, args);
  const rows = await tx.query(`select ${COLUMNS} ${FROM} ${filter} order by m.id desc limit $3 offset $4`, [
    ...args,
    q.pageSize,
    (q.currentPage - 1) * q.pageSize,
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const audienceRoles = (tx: Tx, tenantId: number) =>
  tx.query('select id, name from role where tenant_id = $1 and enabled and not delete_flag order by sort nulls last, id', [tenantId]);

/** A new message: a draft, or sent at once. */
export async function addAdminMessage({ tx, session, ip }: RequestCtx, body: AdminMessage, onSent: OnSent) {
  await checkAudience(tx, session.tenantId, body);
  const row = await tx.one<{ id: number }>(
    `insert into msg(tenant_id, msg_title, msg_content, type, sender_id, draft, audience, audience_ids)
     values ($1, $2, $3, $4, $5, true, $6, $7) returning id`,
    [
      session.tenantId,
      body.msgTitle,
      sanitizeMessageHtml(body.msgContent),
      ANNOUNCEMENT_TYPE,
      session.userId,
      body.audience,
      body.audience === 'all' ? [] : body.audienceIds,
    ],
  );
  const id = Number(row!.id);
  await logWrite(tx, session, ip, 'add', 'msg', [id], { msgTitle: body.msgTitle, audience: body.audience, send: body.send });
  if (!body.send) return { id, message: ADMIN_MSG.savedOk };
  onSent(id, await deliver(tx, session.tenantId, id, body));
  return { id, message: ADMIN_MSG.sentOk };
}

/** Changes an unsent message (and sends it when asked). */
export async function updateAdminMessage({ tx, session, ip }: RequestCtx, body: AdminMessage & { id: number }, onSent: OnSent) {
  const m = await draftOf(tx, session.tenantId, body.id);
  if (!m.draft) throw new BusinessError(ADMIN_MSG.sent);
  await checkAudience(tx, session.tenantId, body);
  await tx.query(`update msg set msg_title = $3, msg_content = $4, audience = $5, audience_ids = $6 where tenant_id = $1 and id = $2`, [
    session.tenantId,
    body.id,
    body.msgTitle,
    sanitizeMessageHtml(body.msgContent),
    body.audience,
    body.audience === 'all' ? [] : body.audienceIds,
  ]);
  await logWrite(tx, session, ip, 'update', 'msg', [body.id], { msgTitle: body.msgTitle, audience: body.audience, send: body.send });
  if (!body.send) return { id: body.id, message: ADMIN_MSG.savedOk };
  onSent(body.id, await deliver(tx, session.tenantId, body.id, body));
  return { id: body.id, message: ADMIN_MSG.sentOk };
}

/** Sends a draft to its recipients as they are now. */
export async function sendAdminMessage({ tx, session, ip }: RequestCtx, id: number, onSent: OnSent) {
  const m = await draftOf(tx, session.tenantId, id);
  if (!m.draft) throw new BusinessError(ADMIN_MSG.sent);
  const users = await deliver(tx, session.tenantId, id, m);
  await logWrite(tx, session, ip, 'send', 'msg', [id]);
  onSent(id, users);
  return { id, recipientCount: users.length, message: ADMIN_MSG.sentOk };
}

/** Deletes messages; a sent one also leaves every inbox. */
export async function deleteAdminMessages({ tx, session, ip }: RequestCtx, ids: number[]) {
  const rows = await tx.query(
    `update msg set delete_flag = true where tenant_id = $1 and id = any($2::bigint[]) and audience is not null and not delete_flag returning id`,
    [session.tenantId, ids],
  );
  if (!rows.length) throw notFound();
  await logWrite(tx, session, ip, 'delete', 'msg', ids);
  return { message: '删除成功' };
}

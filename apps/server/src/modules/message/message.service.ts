import type { Tx } from '../../platform/db/database.ts';
import { BusinessError } from '../../platform/errors.ts';
import { sanitizeMessageHtml } from './sanitize.ts';

/** One recipient's view of a message, in the shape of docs/api.md "Messages". */
export interface Message {
  id: number;
  msgTitle: string;
  msgContent: string;
  type: string;
  status: number;
  solvedStatus: number;
  solvedTime: string | null;
  openType: string | null;
  openPage: string | null;
  busId: number | null;
  modelName: string | null;
  remark: string | null;
  senderId: number | null;
  senderName: string | null;
  createTime: string;
  createTimeStr: string;
}

const TIME = `'YYYY-MM-DD HH24:MI:SS'`;
// both the tenant and the user are named in every statement; RLS checks the tenant again
const COLUMNS = `m.id, m.msg_title as "msgTitle", m.msg_content as "msgContent", m.type,
  r.status::int as status, r.solved_status::int as "solvedStatus", to_char(r.solved_time, ${TIME}) as "solvedTime",
  m.open_type as "openType", m.open_page as "openPage", m.bus_id as "busId", m.model_name as "modelName", m.remark,
  m.sender_id as "senderId", su.username as "senderName",
  to_char(m.created_at, ${TIME}) as "createTime", to_char(m.created_at, ${TIME}) as "createTimeStr"`;
const FROM = `from msg_recipient r
  join msg m on m.tenant_id = r.tenant_id and m.id = r.msg_id and not m.delete_flag
  left join sys_user su on su.tenant_id = m.tenant_id and su.id = m.sender_id`;

export interface Inbox {
  tenantId: number;
  userId: number;
}

export interface InboxFilter {
  currentPage: number;
  pageSize: number;
  msgTitle?: string;
  status?: number;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** The user's messages, newest first, with the total for the pager. */
export async function listMessages(tx: Tx, who: Inbox, f: InboxFilter): Promise<{ rows: Message[]; total: number }> {
  const where = `where r.tenant_id = $1 and r.user_id = $2 and ($3::smallint is null or r.status = $3)
    and ($4::text is null or m.msg_title ilike $4)`;
  const args = [who.tenantId, who.userId, f.status ?? null, f.msgTitle ? likePattern(f.msgTitle) : null];
  const count = await tx.one<{ total: number }>(`select count(*)::int as total ${FROM} ${where}`, args);
  const rows = await tx.query<Message>(`select ${COLUMNS} ${FROM} ${where} order by r.msg_id desc limit $5 offset $6`, [
    ...args,
    f.pageSize,
    (f.currentPage - 1) * f.pageSize,
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The bell and the message centre never need more than this many at once (SPEC §9: 999). */
const BY_STATUS_LIMIT = 999;

export async function messagesByStatus(tx: Tx, who: Inbox, status: number): Promise<Message[]> {
  return tx.query<Message>(`select ${COLUMNS} ${FROM} where r.tenant_id = $1 and r.user_id = $2 and r.status = $3 order by r.msg_id desc limit $4`, [
    who.tenantId,
    who.userId,
    status,
    BY_STATUS_LIMIT,
  ]);
}

export async function countByType(tx: Tx, who: Inbox, type: string): Promise<number> {
  const r = await tx.one<{ n: number }>(`select count(*)::int as n ${FROM} where r.tenant_id = $1 and r.user_id = $2 and m.type = $3`, [
    who.tenantId,
    who.userId,
    type,
  ]);
  return r?.n ?? 0;
}

/** The given users' copies of one message (for the push after it is saved). */
export async function messageFor(tx: Tx, tenantId: number, msgId: number, userIds: number[]): Promise<Array<Message & { userId: number }>> {
  return tx.query(`select r.user_id as "userId", ${COLUMNS} ${FROM} where r.tenant_id = $1 and r.msg_id = $2 and r.user_id = any($3::bigint[])`, [
    tenantId,
    msgId,
    userIds,
  ]);
}

export const NOTHING_TO_UPDATE = '未找到可操作的消息';

/** Sets the read flag on the user's own copies only; someone else's ids match nothing. */
export async function setStatus(tx: Tx, who: Inbox, ids: number[], status: number): Promise<number> {
  const rows = await tx.query(
    `update msg_recipient set status = $4::smallint, read_time = case when $4::smallint = 0 then null else coalesce(read_time, now()) end
      where tenant_id = $1 and user_id = $2 and msg_id = any($3::bigint[]) returning msg_id`,
    [who.tenantId, who.userId, ids, status],
  );
  if (!rows.length) throw new BusinessError(NOTHING_TO_UPDATE);
  return rows.length;
}

/** Marks handled (recording when: the given time or now) or not handled (clearing the time). */
export async function setSolved(tx: Tx, who: Inbox, ids: number[], solved: number, time?: string | null): Promise<number> {
  const rows = await tx.query(
    `update msg_recipient set solved_status = $4::smallint,
        solved_time = case when $4::smallint = 1 then coalesce($5::timestamptz, now()) end
      where tenant_id = $1 and user_id = $2 and msg_id = any($3::bigint[]) returning msg_id`,
    [who.tenantId, who.userId, ids, solved, time ?? null],
  );
  if (!rows.length) throw new BusinessError(NOTHING_TO_UPDATE);
  return rows.length;
}

/** "Mark all as read" in the message centre: every unread copy of this user becomes 1. */
export async function readAll(tx: Tx, who: Inbox): Promise<number> {
  const rows = await tx.query(`update msg_recipient set status = 1, read_time = now() where tenant_id = $1 and user_id = $2 and status = 0 returning msg_id`, [
    who.tenantId,
    who.userId,
  ]);
  return rows.length;
}

export interface NewMessage {
  type: string;
  msgTitle: string;
  msgContent: string;
  userIds: number[];
  openType?: string | null;
  openPage?: string | null;
  busId?: number | null;
  modelName?: string | null;
  remark?: string | null;
}

/**
 * Writes one message and a copy per recipient. Every recipient must be a current user of the
 * sender's company; otherwise nothing is written. Other modules (workflow, tasks) call this too.
 */
export async function sendMessage(tx: Tx, tenantId: number, senderId: number | null, m: NewMessage): Promise<number> {
  const found = await tx.query<{ id: number }>('select id from sys_user where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', [
    tenantId,
    m.userIds,
  ]);
  const known = new Set(found.map((u) => Number(u.id)));
  const unknown = m.userIds.filter((id) => !known.has(id));
  if (unknown.length) throw new BusinessError(`接收人不存在或不属于本公司: ${unknown.slice(0, 10).join(',')}`);
  const row = await tx.one<{ id: number }>(
    `insert into msg(tenant_id, msg_title, msg_content, type, open_type, open_page, bus_id, model_name, remark, sender_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      tenantId,
      m.msgTitle,
      sanitizeMessageHtml(m.msgContent),
      m.type,
      m.openType ?? null,
      m.openPage ?? null,
      m.busId ?? null,
      m.modelName ?? null,
      m.remark ?? null,
      senderId,
    ],
  );
  const msgId = Number(row!.id);
  await tx.query('insert into msg_recipient(tenant_id, msg_id, user_id) select $1, $2, u from unnest($3::bigint[]) u', [tenantId, msgId, m.userIds]);
  return msgId;
}

/** Users of the company for the recipient picker, by id. */
export async function companyUsers(tx: Tx, tenantId: number, currentPage: number, pageSize: number) {
  const where = 'where tenant_id = $1 and not delete_flag';
  const count = await tx.one<{ total: number }>(`select count(*)::int as total from sys_user ${where}`, [tenantId]);
  const rows = await tx.query<{ id: number; username: string; loginName: string }>(
    `select id, username, login_name as "loginName" from sys_user ${where} order by id limit $2 offset $3`,
    [tenantId, pageSize, (currentPage - 1) * pageSize],
  );
  return { rows, total: count?.total ?? 0 };
}

export async function announcement(tx: Tx, tenantId: number, id: number) {
  const a = await tx.one<{ id: number; msgTitle: string; msgContent: string; createTime: string }>(
    `select id, msg_title as "msgTitle", msg_content as "msgContent", to_char(created_at, ${TIME}) as "createTime"
       from announcement where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  if (!a) throw new BusinessError('查找不到数据');
  // announcements have no editor in this server yet, so their HTML is cleaned on the way out
  return { ...a, msgContent: sanitizeMessageHtml(a.msgContent) };
}

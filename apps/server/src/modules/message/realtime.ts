import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { z } from 'zod';
import type { Database, Tx } from '../../platform/db/database.ts';
import { loadSession } from '../../platform/auth/session.ts';
import { parseToken, tokenFromHeaders } from '../../platform/auth/token.ts';
import { messageFor } from './message.service.ts';

/** PostgreSQL channel that carries "message saved" events to every server instance. */
export const MSG_CHANNEL = 'erp_msg';
export const CLOSE_UNAUTHORIZED = 4401;
const OPEN = 1;

/** What we use of a ws socket (the ws package ships no types here). */
interface PushSocket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', fn: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'close' | 'error', fn: () => void): void;
}

/** Open sockets of this instance by tenant and user (a user may have several tabs), with their token hash. */
class Sockets {
  private byUser = new Map<string, Map<PushSocket, string>>();
  add(tenantId: number, userId: number, s: PushSocket, tokenHash: string) {
    const k = `${tenantId}:${userId}`;
    const m = this.byUser.get(k) ?? new Map<PushSocket, string>();
    m.set(s, tokenHash);
    this.byUser.set(k, m);
  }
  remove(tenantId: number, userId: number, s: PushSocket) {
    const k = `${tenantId}:${userId}`;
    const m = this.byUser.get(k);
    m?.delete(s);
    if (m && !m.size) this.byUser.delete(k);
  }
  of(tenantId: number, userId: number): Map<PushSocket, string> {
    return this.byUser.get(`${tenantId}:${userId}`) ?? new Map();
  }
}

/** Which of these sessions are still live (not signed out, expired, or the user blocked). */
async function liveTokens(tx: Tx, tenantId: number, hashes: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ token_hash: string }>(
    `select s.token_hash from user_session s join sys_user u on u.tenant_id = s.tenant_id and u.id = s.user_id
      where s.tenant_id = $1 and s.token_hash = any($2::text[]) and s.expires_at > now() and not u.delete_flag and u.status <> 2`,
    [tenantId, hashes],
  );
  return new Set(rows.map((r) => r.token_hash));
}

// NOTIFY payloads must stay under 8000 bytes, so the event carries ids and each instance re-reads
// the message; recipients are sent in chunks (400 ids of ≤15 digits ≈ 6.4 KB).
const payloadSchema = z.object({
  tenantId: z.number().int().positive(),
  msgId: z.number().int().positive(),
  userIds: z.array(z.number().int().positive()).max(400),
});
const CHUNK = 400;

/** Announces a committed message to every instance; a lost push is not worth failing the request. */
export async function publishMessage(db: Database, log: FastifyBaseLogger, tenantId: number, msgId: number, userIds: number[]) {
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const payload = JSON.stringify({ tenantId, msgId, userIds: userIds.slice(i, i + CHUNK) });
    try {
      await db.notify(MSG_CHANNEL, payload);
    } catch (err) {
      log.warn({ err, tenantId, msgId }, 'message push not published (clients still poll)');
    }
  }
}

async function socketUser(db: Database, token: string | undefined, userId: number) {
  const parsed = token ? parseToken(token) : undefined;
  if (!token || !parsed) return undefined;
  const s = await db.tenant(parsed.tenantId, (tx) => loadSession(tx, token));
  return s && s.userId === userId ? { tenantId: s.tenantId, userId: s.userId, tokenHash: s.tokenHash } : undefined;
}

/**
 * WebSocket /websocket/:userId?token=… at the root (not under the API base), plus this instance's
 * LISTEN on MSG_CHANNEL that pushes {"cmd":"msg","msg":…} to the recipients' open sockets.
 */
export async function registerRealtime(app: FastifyInstance, db: Database): Promise<void> {
  // clients only ever send 'ping'
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const sockets = new Sockets();

  async function deliver(raw: string) {
    let p: z.infer<typeof payloadSchema>;
    try {
      p = payloadSchema.parse(JSON.parse(raw));
    } catch {
      return app.log.warn({ raw: raw.slice(0, 200) }, 'ignored a malformed message event');
    }
    const here = p.userIds.filter((u) => sockets.of(p.tenantId, u).size);
    if (!here.length) return;
    const hashes = here.flatMap((u) => [...sockets.of(p.tenantId, u).values()]);
    // a socket outlives its sign-in otherwise: one signed out since it connected gets nothing more
    const [copies, live] = await db.tenant(
      p.tenantId,
      async (tx) => [await messageFor(tx, p.tenantId, p.msgId, here), await liveTokens(tx, p.tenantId, hashes)] as const,
    );
    for (const { userId, ...msg } of copies) {
      const text = JSON.stringify({ cmd: 'msg', msg });
      for (const [s, hash] of sockets.of(p.tenantId, Number(userId))) {
        if (!live.has(hash)) s.close(CLOSE_UNAUTHORIZED, 'signed out');
        else if (s.readyState === OPEN) s.send(text);
      }
    }
  }
  const unlisten = await db.listen(MSG_CHANNEL, (raw) => {
    deliver(raw).catch((err) => app.log.error({ err }, 'message push failed'));
  });
  app.addHook('onClose', async () => {
    // the database may already be closed (then there is nothing left to unlisten)
    await unlisten().catch((err) => app.log.debug({ err }, 'unlisten after close'));
  });

  app.get('/websocket/:userId', { websocket: true, schema: { hide: true } }, (socket: PushSocket, req) => {
    const param = (req.params as { userId?: string }).userId ?? '';
    const userId = /^\d{1,15}$/.test(param) ? Number(param) : 0;
    const q = (req.query as { token?: unknown }).token;
    const token = typeof q === 'string' && q ? q : tokenFromHeaders(req.headers);
    let who: { tenantId: number; userId: number } | undefined;
    // handlers are attached at once so an early 'ping' is not lost while the session is checked
    const ready = socketUser(db, token, userId).then(
      (w) => {
        if (!w) return socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        if (socket.readyState !== OPEN) return;
        who = w;
        sockets.add(w.tenantId, w.userId, socket, w.tokenHash);
      },
      (err) => {
        req.log.error({ err }, 'websocket sign-in check failed');
        socket.close(1011, 'server error');
      },
    );
    socket.on('message', (data, isBinary) => {
      void ready.then(() => {
        if (who && !isBinary && data.toString() === 'ping' && socket.readyState === OPEN) socket.send('pong');
      });
    });
    socket.on('close', () => {
      if (who) sockets.remove(who.tenantId, who.userId, socket);
    });
  });
}

import crypto from 'node:crypto';
import os from 'node:os';
import { ImapFlow } from 'imapflow';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import { enqueue, jobStatus } from '../../../platform/jobs/queue.ts';
import { imapClient } from './connect.ts';
import { mailboxConfig } from './setting.ts';
import { MAIL_SYNC_JOB } from './sync.ts';

/**
 * IMAP IDLE (docs/crm.md "IMAP IDLE"): one app instance at a time — the holder of the lease row
 * `crm_mail_idle_holder`, renewed every few seconds — keeps one connection per mailbox with its folder open in IDLE.
 * When the server announces a new mail (EXISTS grows) the holder queues that user's sync job (crmMailSync, the
 * same incremental run as 同步), so a mail appears within seconds; the 5-minute schedule stays as the safety net.
 * The holder only watches and queues: any instance's job runner does the sync. A changed mailbox setting reopens
 * its connection; a mailbox that cannot be reached is tried again later (doubling waits up to 15 minutes).
 */
export interface IdleOptions {
  /** How often the lease is renewed and the mailboxes are compared with the settings (default 10 s). */
  renewMs?: number;
  /** How long the lease lasts without renewal (default 3 × renewMs). */
  leaseMs?: number;
  /** IDLE is restarted this often (servers drop an IDLE of 30 minutes; default 4 min). */
  maxIdleMs?: number;
}

interface Watch {
  version: string;
  client?: ImapFlow;
  /** when a failed or closed watch may be opened again */
  retryAt: number;
  failures: number;
  /** a sync was asked for while one was running: ask again when it ends */
  pending?: NodeJS.Timeout;
}

const key = (tenantId: number, userId: number) => `${tenantId}:${userId}`;

export class MailIdleWatcher {
  readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private readonly watches = new Map<string, Watch>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private ticking: Promise<void> | undefined;
  private readonly renewMs: number;
  private readonly leaseMs: number;
  private readonly maxIdleMs: number;
  holding = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    opts: IdleOptions = {},
  ) {
    this.renewMs = opts.renewMs ?? 10_000;
    this.leaseMs = opts.leaseMs ?? 3 * this.renewMs;
    this.maxIdleMs = opts.maxIdleMs ?? 4 * 60_000;
  }

  start(): this {
    const loop = () => {
      if (this.stopped) return;
      this.ticking = this.tick().finally(() => {
        this.ticking = undefined;
        if (!this.stopped) this.timer = setTimeout(loop, this.renewMs);
      });
    };
    this.timer = setTimeout(loop, 0);
    return this;
  }

  /** Mailboxes with an open IDLE connection here. */
  get watching(): number {
    return [...this.watches.values()].filter((w) => w.client?.usable).length;
  }

  /** Closes every connection and gives the lease up, so another instance takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    await this.closeAll();
    await this.db
      .system((tx) => tx.query(`delete from crm_mail_idle_holder where holder = $1`, [this.id]))
      .catch((err) => this.log.warn({ err }, 'could not give up the IMAP IDLE lease'));
  }

  /** One round: take or renew the lease; the holder brings its connections in line with the settings. */
  async tick(): Promise<void> {
    try {
      this.holding = await this.lease();
      if (this.holding) await this.reconcile();
      else await this.closeAll();
    } catch (err) {
      // without a sure lease nobody may hold two sets of connections
      this.log.warn({ err }, 'IMAP IDLE round failed');
      this.holding = false;
      await this.closeAll();
    }
  }

  private async lease(): Promise<boolean> {
    const row = await this.db.system((tx) =>
      tx.one<{ holder: string }>(
        `insert into crm_mail_idle_holder(id, holder, until) values (1, $1, now() + make_interval(secs => $2::double precision / 1000))
         on conflict (id) do update set holder = excluded.holder, until = excluded.until
          where crm_mail_idle_holder.holder = excluded.holder or crm_mail_idle_holder.until < now()
         returning holder`,
        [this.id, this.leaseMs],
      ),
    );
    return row?.holder === this.id;
  }

  private async reconcile(): Promise<void> {
    const rows = await this.db.system((tx) =>
      tx.query<{ t: string; u: string; v: string }>(
        `select s.tenant_id::text as t, s.user_id::text as u, s.updated_at::text as v from crm_mail_setting s join tenant t on t.id = s.tenant_id
          where t.enabled and not t.delete_flag and t.expire_time > now()`,
      ),
    );
    const wanted = new Map(rows.map((r) => [key(Number(r.t), Number(r.u)), r.v]));
    for (const [k, w] of this.watches) if (wanted.get(k) !== w.version) await this.close(k);
    let renewed = Date.now();
    for (const [k, version] of wanted) {
      if (this.stopped) return;
      // opening many mailboxes takes a while: the lease is kept alive meanwhile, and a lost one ends the round
      if (Date.now() - renewed > this.renewMs) {
        if (!(await this.lease())) throw new Error('IMAP IDLE lease lost');
        renewed = Date.now();
      }
      const w = this.watches.get(k);
      if (w?.client?.usable || (w && w.retryAt > Date.now())) continue;
      const [tenantId, userId] = k.split(':').map(Number) as [number, number];
      await this.open(tenantId, userId, version, w?.failures ?? 0);
    }
  }

  private async open(tenantId: number, userId: number, version: string, failures: number): Promise<void> {
    const k = key(tenantId, userId);
    const w: Watch = { version, retryAt: 0, failures };
    this.watches.set(k, w);
    try {
      const { cfg, place } = await this.db.tenant(tenantId, async (tx) => ({
        cfg: await mailboxConfig(tx, tenantId, userId),
        place: await tx.one<{ v: string | null; u: string }>(
          `select uid_validity::text as v, last_uid::text as u from crm_mail_setting where tenant_id = $1 and user_id = $2`,
          [tenantId, userId],
        ),
      }));
      if (!cfg) return;
      const client = imapClient(cfg, { idle: true, maxIdleMs: this.maxIdleMs });
      w.client = client;
      client.on('error', (err) => this.log.warn({ err, tenantId, userId }, 'IMAP IDLE connection error'));
      client.on('exists', (ev: { count: number; prevCount: number }) => {
        if (ev.count > ev.prevCount) this.trigger(tenantId, userId);
      });
      // a dropped connection is opened again at the next round, after the wait
      client.on('close', () => {
        if (this.watches.get(k) === w) w.retryAt = Date.now() + this.backoff(++w.failures);
      });
      await client.connect();
      await client.mailboxOpen(cfg.folder, { readOnly: true });
      w.failures = 0;
      // mail that came while nobody watched
      const mb = client.mailbox as { uidValidity: bigint; uidNext: number };
      if (String(mb.uidValidity) !== place?.v || mb.uidNext - 1 > Number(place?.u ?? 0)) this.trigger(tenantId, userId);
    } catch (err) {
      this.log.warn({ err, tenantId, userId }, 'IMAP IDLE could not watch a mailbox');
      w.retryAt = Date.now() + this.backoff(++w.failures);
      w.client?.close();
      w.client = undefined;
    }
  }

  private backoff = (n: number) => Math.min(15 * 60_000, this.renewMs * 2 ** Math.min(n, 10));

  /** Queues the user's sync; when one is already running, asks again until a fresh one is queued after it. */
  private trigger(tenantId: number, userId: number): void {
    const w = this.watches.get(key(tenantId, userId));
    if (!w || this.stopped) return;
    clearTimeout(w.pending);
    w.pending = undefined;
    void (async () => {
      const jobId = await enqueue(this.db, MAIL_SYNC_JOB, { userId }, { tenantId, singletonKey: `user:${userId}` });
      const job = await this.db.tenant(tenantId, (tx) => jobStatus(tx, tenantId, jobId));
      if (job?.state === 'running' && !this.stopped) w.pending = setTimeout(() => this.trigger(tenantId, userId), 2000);
    })().catch((err) => this.log.warn({ err, tenantId, userId }, 'IMAP IDLE could not queue a sync'));
  }

  private async close(k: string): Promise<void> {
    const w = this.watches.get(k);
    this.watches.delete(k);
    if (!w) return;
    clearTimeout(w.pending);
    if (w.client?.usable) await w.client.logout().catch(() => w.client?.close());
    else w.client?.close();
  }

  private async closeAll(): Promise<void> {
    await Promise.all([...this.watches.keys()].map((k) => this.close(k)));
  }
}

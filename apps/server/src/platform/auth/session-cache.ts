import type { Database } from '../db/database.ts';
import type { Session } from './session.ts';

export const SESSION_CHANNEL = 'erp_sessions';

/**
 * Signed-in sessions kept in memory for a few seconds, so a read costs no database round trip.
 * Any write in a company drops that company's cached sessions (a platform write drops all), here
 * and — through LISTEN/NOTIFY — on every other server instance; the TTL bounds the rest.
 */
export class SessionCache {
  private entries = new Map<string, { session: Session; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 20000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(tokenHash: string): Session | undefined {
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    if (e.until <= Date.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return e.session;
  }

  set(session: Session): void {
    if (!this.enabled) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(session.tokenHash, { session, until: Math.min(Date.now() + this.ttlMs, session.validUntil.getTime()) });
  }

  /** '*' drops everything. */
  drop(tenant: number | '*'): void {
    if (tenant === '*') return this.entries.clear();
    for (const [k, e] of this.entries) if (e.session.tenantId === tenant) this.entries.delete(k);
  }

  /** Drops locally at once and tells the other instances. */
  async invalidate(db: Database, tenant: number | '*'): Promise<void> {
    this.drop(tenant);
    if (this.enabled) await db.notify(SESSION_CHANNEL, String(tenant));
  }

  async listen(db: Database): Promise<() => Promise<void>> {
    if (!this.enabled) return async () => {};
    return db.listen(SESSION_CHANNEL, (p) => this.drop(p === '*' ? '*' : Number(p)));
  }
}

import type { Database } from '../db/database.ts';
import type { Session } from './session.ts';

export const SESSION_CHANNEL = 'erp_sessions';

/**
 * Signed-in sessions kept in memory for a few seconds, so a read costs no database round trip.
 * Database triggers on the tables a session is made of (users, roles, grants, scopes, sessions,
 * companies — migration 015) NOTIFY at commit, and every instance drops that company's sessions;
 * a write request also drops them locally at once, before its reply. The TTL bounds the rest.
 */
export class SessionCache {
  private entries = new Map<string, { session: Session; until: number }>();
  /** Bumped by every drop: a reload that began before a drop must not store what it read. */
  private generations = new Map<number, number>();
  private everything = 0;

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

  /** Taken before loading a session; set() stores it only if no drop happened meanwhile. */
  generation(tenantId: number): number {
    return (this.generations.get(tenantId) ?? 0) + this.everything;
  }

  set(session: Session, generation: number): void {
    if (!this.enabled || generation !== this.generation(session.tenantId)) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(session.tokenHash, { session, until: Math.min(Date.now() + this.ttlMs, session.validUntil.getTime()) });
  }

  /** '*' drops everything. */
  drop(tenant: number | '*'): void {
    if (tenant === '*') {
      this.everything++;
      this.entries.clear();
      return;
    }
    this.generations.set(tenant, (this.generations.get(tenant) ?? 0) + 1);
    for (const [k, e] of this.entries) if (e.session.tenantId === tenant) this.entries.delete(k);
  }

  async listen(db: Database): Promise<() => Promise<void>> {
    if (!this.enabled) return async () => {};
    return db.listen(SESSION_CHANNEL, (p) => this.drop(/^\d+$/.test(p) ? Number(p) : '*'));
  }
}

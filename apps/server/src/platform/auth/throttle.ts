import { AppError } from '../errors.ts';

/**
 * Failures per key with a growing wait (issue 10 finding 5): the first `free` failures cost nothing,
 * then each further try must wait `baseMs · 2^(n − free)` after the last failure, up to `maxMs`; a key
 * left alone for `forgetMs` starts over. Kept in memory per instance: a cluster of N instances lets an
 * attacker N times as many tries, which the doubling absorbs (docs/decisions.md).
 */
export class Throttle {
  private readonly entries = new Map<string, { failures: number; last: number }>();

  constructor(private readonly policy: { free: number; baseMs: number; maxMs: number; forgetMs: number }) {}

  /** Milliseconds the key must still wait (0: it may try now). */
  wait(key: string, now = Date.now()): number {
    const e = this.entries.get(key);
    if (!e) return 0;
    if (now - e.last > this.policy.forgetMs) {
      this.entries.delete(key);
      return 0;
    }
    if (e.failures < this.policy.free) return 0;
    const delay = Math.min(this.policy.maxMs, this.policy.baseMs * 2 ** (e.failures - this.policy.free));
    return Math.max(0, e.last + delay - now);
  }

  fail(key: string, now = Date.now()): void {
    const e = this.entries.get(key);
    this.entries.set(key, { failures: (e && now - e.last <= this.policy.forgetMs ? e.failures : 0) + 1, last: now });
    if (this.entries.size > 100_000) this.sweep(now);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, e] of this.entries) if (now - e.last > this.policy.forgetMs) this.entries.delete(k);
  }
}

/** Refuses with 429 and the seconds to wait when any of the keys must still wait. */
export function refuseWhileThrottled(throttle: Throttle, keys: string[], message: (seconds: number) => string): void {
  const ms = Math.max(0, ...keys.map((k) => throttle.wait(k)));
  if (ms > 0) throw new AppError(429, 429, message(Math.ceil(ms / 1000)));
}

import { CronExpressionParser } from 'cron-parser';
import { describe, expect, it } from 'vitest';
import type { JobDefinition } from '../queue.ts';
import { currentSlot } from '../runner.ts';

// the slot of a cron schedule, straight from the parser: what currentSlot answered before it kept the slot between polls
const parsed = (cron: string, now: number) =>
  CronExpressionParser.parse(cron, { currentDate: new Date(now + 1), tz: 'UTC' })
    .prev()
    .getTime();

describe('currentSlot keeps a cron slot between polls', () => {
  it('answers what the parser does, polled forwards, backwards and at the fire time itself', () => {
    for (const cron of ['0 10 0 * * *', '30 3 * * *', '*/5 * * * *', '0 30 2 * * 1']) {
      const def = { name: `slot-${cron}`, schedule: { cron, tenants: async () => [] } } as unknown as JobDefinition;
      let t = Date.UTC(2026, 10, 27, 0, 0, 7);
      for (let i = 0; i < 3000; i++) {
        // mostly a poll a second or a few minutes on, sometimes an hour back (a clock set back)
        t += i % 97 === 0 ? -3_600_000 : i % 3 === 0 ? 1000 : ((i * 7919) % 600) * 1000;
        expect(currentSlot(def, new Date(t))!.getTime(), `${cron} at ${new Date(t).toISOString()}`).toBe(parsed(cron, t));
        const fire = parsed(cron, t);
        expect(currentSlot(def, new Date(fire))!.getTime()).toBe(fire);
        expect(currentSlot(def, new Date(fire - 1))!.getTime()).toBe(parsed(cron, fire - 1));
      }
    }
  });
});

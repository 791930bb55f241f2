import pg from 'pg';

/**
 * Where a load's database time goes, by sampling `pg_stat_activity` of one database every few milliseconds
 * (bench:posting with BENCH_WAITS=1, issue 13): each client backend's state (running, waiting for a lock,
 * idle in transaction = the client's turn), the statement it runs or ran last, and for a lock wait the
 * statement and state of the backend it waits for (`pg_blocking_pids`). The sampler's own backend is left out
 * and costs a little CPU (one small query per sample): diagnostic runs only, not the CPU figures.
 */
export interface WaitSummary {
  samples: number;
  /** backend-samples by "state · wait · statement" */
  states: Map<string, number>;
  /** lock waits by "waiter statement ← blocker statement (blocker state)" */
  waits: Map<string, number>;
  /** distinct lock waits seen (pid + statement start), by waiter statement */
  waitEpisodes: Map<string, number>;
}

/** A short name for a statement of a save (the posting's and the raw baseline's), by the tables it names. */
export function statementLabel(q: string | null): string {
  const s = (q ?? '').toLowerCase();
  if (!s.trim()) return '-';
  if (/^\s*commit/.test(s)) return 'commit';
  if (/^\s*rollback/.test(s)) return 'rollback';
  if (/^\s*begin/.test(s)) return 'begin';
  // the API's statements by their first words (pg_stat_activity keeps the first 1024 bytes of a text)
  const starts: Array<[RegExp, string]> = [
    [/^\s*with rule as/, 'number'],
    [/^\s*with closed as/, 'entry'],
    [/^\s*with nc as/, 'stock rows'],
    [/^\s*with made as \(\s*insert into fin_account/, 'finance accounts made'],
    [/^\s*select minus_stock_flag/, 'context'],
    [/^\s*select h\.doc_key, h\.number/, 'finance read'],
    [/^\s*select b\.area_id/, 'areas read'],
    [/^\s*with h as \(insert into depot_head/, 'header+lines'],
  ];
  for (const [re, label] of starts) if (re.test(s)) return label;
  if (s.includes('doc_number_series')) return 'number';
  if (s.includes('fin_entry')) return 'entry';
  if (s.includes('stock_day_summary') && !s.includes('stock_ledger')) return 'stock summaries';
  if (s.includes('stock_ledger') && s.includes('insert')) return 'ledger';
  if (s.includes('for update') && s.includes('stock_')) return 'stock rows';
  if (s.includes('insert into depot_item')) return 'header+lines';
  if (s.includes('insert into depot_head_account')) return 'payment row';
  if (s.includes('system_config')) return 'context';
  if (s.includes('from depot_head h where h.tenant_id')) return 'finance read';
  if (s.includes('partner_day_summary')) return 'doc summaries';
  if (s.includes('sys_log')) return 'log';
  if (s.includes('analyze')) return 'analyze';
  return s.replace(/\s+/g, ' ').trim().slice(0, 40);
}

const SAMPLE = `
select a.pid, a.state, a.wait_event_type as wtype, a.wait_event as wevent, a.query, a.query_start::text as qs,
       case when a.wait_event_type = 'Lock' then (
         select json_build_object('state', b.state, 'query', left(b.query, 400))
           from pg_stat_activity b where b.pid = (pg_blocking_pids(a.pid))[1] limit 1) end as blocker
  from pg_stat_activity a
 where a.datname = $1 and a.pid <> pg_backend_pid() and a.backend_type = 'client backend'`;

const bump = (m: Map<string, number>, k: string, n = 1) => m.set(k, (m.get(k) ?? 0) + n);

/** Starts sampling `database` every `everyMs`; `stop()` ends it and returns what was seen. */
export async function sampleWaits(connectionString: string, database: string, everyMs = 3): Promise<{ stop: () => Promise<WaitSummary> }> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  const sum: WaitSummary = { samples: 0, states: new Map(), waits: new Map(), waitEpisodes: new Map() };
  const seenWaits = new Set<string>();
  let running = true;
  const loop = (async () => {
    while (running) {
      type Row = {
        pid: number;
        state: string | null;
        wtype: string | null;
        wevent: string | null;
        query: string;
        qs: string;
        blocker: { state: string; query: string } | null;
      };
      const r = await c.query<Row>(SAMPLE, [database]);
      sum.samples++;
      for (const a of r.rows) {
        if (a.state === 'idle') continue;
        const label = statementLabel(a.query);
        const state = a.state === 'idle in transaction' ? 'idle in tx (after)' : a.wtype ? `${a.state} · ${a.wtype}:${a.wevent}` : `${a.state} · cpu`;
        bump(sum.states, `${state} · ${label}`);
        if (a.wtype === 'Lock' && a.blocker) {
          bump(sum.waits, `${label} ← ${statementLabel(a.blocker.query)} (${a.blocker.state})`);
          const episode = `${a.pid}@${a.qs}`;
          if (!seenWaits.has(episode)) {
            seenWaits.add(episode);
            bump(sum.waitEpisodes, label);
          }
        }
      }
      await new Promise((res) => setTimeout(res, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await c.end();
      return sum;
    },
  };
}

/** The summary as markdown lines: shares of backend time by state, the lock waits and who they wait for. */
export function formatWaits(name: string, s: WaitSummary, docs: number): string {
  const total = [...s.states.values()].reduce((a, b) => a + b, 0);
  const pct = (n: number) => ((n / Math.max(total, 1)) * 100).toFixed(1);
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  const lines = [
    `\n${name}: ${s.samples} samples, ${(total / Math.max(s.samples, 1)).toFixed(2)} backends in a transaction per sample on average; ` +
      `lock waits seen ${[...s.waitEpisodes.values()].reduce((a, b) => a + b, 0)} over ${docs} documents`,
    '| backend state · wait · statement (running, or last run when idle in tx) | share of backend-samples % |',
    '|---|--:|',
    ...sorted(s.states)
      .slice(0, 18)
      .map(([k, n]) => `| ${k} | ${pct(n)} |`),
    '| lock wait: waiter ← blocker (blocker state) | backend-samples % |',
    '|---|--:|',
    ...sorted(s.waits)
      .slice(0, 12)
      .map(([k, n]) => `| ${k} | ${pct(n)} |`),
    `lock waits (distinct) by waiting statement: ${sorted(s.waitEpisodes)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  ];
  return lines.join('\n');
}

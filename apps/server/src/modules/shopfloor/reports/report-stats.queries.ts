import type { Tx } from '../../../platform/db/database.ts';

export type StatsBy = 'person' | 'team' | 'workCentre' | 'day';

/** The grouping key and its label per dimension (person is the name typed at the workstation). */
const GROUP: Record<StatsBy, { key: string; label: string; join: string }> = {
  person: { key: "coalesce(r.person, '')", label: "coalesce(r.person, '')", join: '' },
  team: {
    key: 'r.team_id',
    label: "coalesce(t.name, '')",
    join: 'left join mfg_team t on t.tenant_id = r.tenant_id and t.id = r.team_id',
  },
  workCentre: {
    key: 'r.work_centre_id',
    label: 'c.name',
    join: 'join mfg_work_centre c on c.tenant_id = r.tenant_id and c.id = r.work_centre_id',
  },
  day: { key: 'r.report_day', label: "to_char(r.report_day, 'YYYY-MM-DD')", join: '' },
};

/** 报工统计: good, scrap, hours and reports per person, team, work centre or day, within dates. */
export async function reportStats(tx: Tx, tenantId: number, q: { by: StatsBy; from?: string; to?: string }) {
  const g = GROUP[q.by];
  const rows = await tx.query<{ key: string | null; label: string; good: string; scrap: string; hours: string; reports: string }>(
    `select ${g.key}::text as key, ${g.label} as label, sum(r.good_qty) as good, sum(r.scrap_qty) as scrap, sum(r.hours) as hours, count(*) as reports
       from sf_report r ${g.join}
      where r.tenant_id = $1 and ($2::date is null or r.report_day >= $2::date) and ($3::date is null or r.report_day <= $3::date)
      group by 1, 2 order by ${q.by === 'day' ? '1' : '3 desc, 2'} limit 500`,
    [tenantId, q.from ?? null, q.to ?? null],
  );
  return rows.map((r) => ({
    key: r.key ?? '',
    label: r.label,
    goodQty: Number(r.good),
    scrapQty: Number(r.scrap),
    hours: Number(r.hours),
    reports: Number(r.reports),
  }));
}

/** 生产看板: today's output, the last 14 days, work orders by status, the busiest centres, the latest reports. */
export async function productionPanel(tx: Tx, tenantId: number) {
  const days = await tx.query<{ day: string; good: string; scrap: string }>(
    `select to_char(d, 'YYYY-MM-DD') as day, coalesce(sum(r.good_qty), 0) as good, coalesce(sum(r.scrap_qty), 0) as scrap
       from generate_series(current_date - 13, current_date, interval '1 day') d
       left join sf_report r on r.tenant_id = $1 and r.report_day = d::date
      group by d order by d`,
    [tenantId],
  );
  const status = await tx.query<{ status: string; n: string; qty: string; good: string }>(
    `select coalesce(status, 'planned') as status, count(*) as n, sum(quantity) as qty, coalesce(sum(good_qty), 0) as good
       from mfg_work_order where tenant_id = $1 group by 1 order by 1`,
    [tenantId],
  );
  const latest = await tx.query<{ wo_no: string; good: string; scrap: string; person: string | null; at: string }>(
    `select w.wo_no, r.good_qty as good, r.scrap_qty as scrap, r.person, to_char(r.created_at, 'YYYY-MM-DD HH24:MI') as at
       from sf_report r join mfg_work_order w on w.tenant_id = r.tenant_id and w.id = r.work_order_id
      where r.tenant_id = $1 order by r.id desc limit 10`,
    [tenantId],
  );
  const today = days[days.length - 1];
  const open = status.filter((s) => s.status !== 'done');
  const openQty = open.reduce((s, r) => s + Number(r.qty), 0);
  const openGood = open.reduce((s, r) => s + Number(r.good), 0);
  return {
    today: { goodQty: Number(today?.good ?? 0), scrapQty: Number(today?.scrap ?? 0) },
    openProgress: openQty ? Math.round((openGood / openQty) * 1000) / 10 : 0,
    days: days.map((d) => ({ day: d.day, goodQty: Number(d.good), scrapQty: Number(d.scrap) })),
    byStatus: status.map((s) => ({ status: s.status, count: Number(s.n) })),
    byCentre: await reportStats(tx, tenantId, { by: 'workCentre' }),
    latest: latest.map((l) => ({ woNo: l.wo_no, goodQty: Number(l.good), scrapQty: Number(l.scrap), person: l.person ?? '', at: l.at })),
  };
}

import type { Tx } from '../../../platform/db/database.ts';
import { projectDetail } from '../project.queries.ts';

/** The publisher's ocid prefix (OCDS: registered prefixes start "ocds-"; this one is ours until a real one is registered). */
export const OCID_PREFIX = 'ocds-erpbid';

const TENDER_STATUS: Record<string, string> = {
  info: 'planning',
  survey: 'planned',
  qualification: 'active',
  registration: 'active',
  proposal: 'active',
  opening: 'active',
  won: 'complete',
  lost: 'complete',
  abandoned: 'withdrawn',
  closed: 'complete',
};

/** A JSON number for OCDS (its schema types amounts as numbers); null stays null. */
const num = (v: string | null | undefined) => (v == null ? undefined : Number(v));
const at = (day: string | null | undefined) => (day ? `${day}T00:00:00Z` : undefined);
const clean = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * A tender project and its result as one OCDS release (tender → bids → award): the tendering party is the
 * buyer and procuring entity, every bidder a tenderer, the winner the award's supplier. The release id changes
 * with the status, so each stage is a release of its own.
 */
export async function ocdsRelease(tx: Tx, tenantId: number, projectId: number) {
  const p: any = await projectDetail(tx, tenantId, projectId);
  const ocid = `${OCID_PREFIX}-${tenantId}-${p.id}`;
  const buyer = { id: `party-${p.tendererId}`, name: p.tendererName };
  const bidders = (p.bidders as any[]).map((b) => ({ id: b.isSelf ? 'self' : `bidder-${b.id}`, name: b.name, winner: b.winner, price: b.openingPrice }));
  const winner = bidders.find((b) => b.winner);
  const decided = ['won', 'lost'].includes(p.status) || (p.status === 'closed' && !!winner);
  const parties = [
    { ...buyer, roles: ['buyer', 'procuringEntity'] },
    ...(p.agency ? [{ id: 'agency', name: p.agency, roles: ['reviewBody'] }] : []),
    ...bidders.map((b) => ({ id: b.id, name: b.name, roles: b.winner ? ['tenderer', 'supplier'] : ['tenderer'] })),
  ];
  const release = {
    ocid,
    id: `${ocid}-${p.status}`,
    date: new Date().toISOString(),
    tag: decided ? ['award'] : p.status === 'abandoned' ? ['tenderCancellation'] : ['tender'],
    initiationType: 'tender',
    language: 'zh',
    parties,
    buyer,
    tender: clean({
      id: p.code || String(p.id),
      title: p.name,
      status: TENDER_STATUS[p.status],
      procuringEntity: buyer,
      value: p.budget == null ? undefined : { amount: num(p.budget), currency: 'CNY' },
      items: (p.items as any[]).map((i, n) =>
        clean({ id: String(n + 1), description: `${i.lot} ${i.name}`, quantity: num(i.qty), unit: i.unit ? { name: i.unit } : undefined }),
      ),
      tenderPeriod: clean({ endDate: at(p.registrationDeadline) }),
      awardPeriod: clean({ startDate: at(p.openingDate), endDate: at(p.resultDate) }),
      numberOfTenderers: bidders.length,
      tenderers: bidders.map((b) => ({ id: b.id, name: b.name })),
    }),
    awards:
      decided && winner
        ? [
            clean({
              id: `${ocid}-award-1`,
              status: 'active',
              date: at(p.resultDate),
              value: { amount: num(winner.price), currency: 'CNY' },
              suppliers: [{ id: winner.id, name: winner.name }],
            }),
          ]
        : [],
  };
  return release;
}

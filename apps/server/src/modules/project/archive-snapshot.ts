import { Decimal } from 'decimal.js';
import type { RecordKind } from '@erp/entities';
import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { listRecords } from './records.queries.ts';
import { listContracts } from './contract.service.ts';
import { projectPnl } from './money.service.ts';
import { onlineRecords } from './online.service.ts';

type Row = Record<string, unknown>;
const ALL = 100000;

/** Every row of one record kind of a project, as its menu list gives them. */
const rowsOf = async (tx: Tx, s: Session, kind: RecordKind, projectId: number) => (await listRecords(tx, s, kind, { projectId, pageSize: ALL })).rows as Row[];

const sum = (rows: Row[], key = 'amount') => rows.reduce((t, r) => t.plus(String(r[key] ?? 0)), new Decimal(0)).toFixed();

/** The comma-joined upload names of some rows, one list without repeats. */
const filesOf = (rows: Row[], key = 'fileName') => rows.flatMap((r) => (typeof r[key] === 'string' && r[key] ? (r[key] as string).split(',') : []));

async function projectHeader(tx: Tx, s: Session, projectId: number) {
  return (await tx.one<Row>(
    `select p.id::int as id, p.number, p.name, p.status, k.name as "categoryName", u.username as "managerName", c.name as "partnerName",
            to_char(p.start_date, 'YYYY-MM-DD') as "startDate", to_char(p.end_date, 'YYYY-MM-DD') as "endDate", p.budget::text as budget, p.remark
       from proj_project p
       left join sys_user u on u.tenant_id = p.tenant_id and u.id = p.manager_id
       left join partner c on c.tenant_id = p.tenant_id and c.id = p.partner_id
       left join proj_category k on k.tenant_id = p.tenant_id and k.id = p.category_id
      where p.tenant_id = $1 and p.id = $2`,
    [s.tenantId, projectId],
  ))!;
}

/** Every deliverable of a project with every version (newest first) and the files of each. */
async function deliverablesOf(tx: Tx, s: Session, projectId: number) {
  const rows = await tx.query<{ id: number; name: string; remark: string | null; versions: Row[] }>(
    `select d.id::int as id, d.name, d.remark,
            coalesce((select jsonb_agg(jsonb_build_object('version', v.version, 'fileName', v.file_name, 'note', v.note,
                                                          'createTime', to_char(v.created_at, 'YYYY-MM-DD HH24:MI')) order by v.version desc)
                        from proj_deliverable_version v where v.tenant_id = d.tenant_id and v.deliverable_id = d.id), '[]'::jsonb) as versions
       from proj_deliverable d where d.tenant_id = $1 and d.project_id = $2 order by d.name, d.id`,
    [s.tenantId, projectId],
  );
  return rows;
}

/** Hours by person (approved, waiting, their labour) on one project. */
async function timeOf(tx: Tx, s: Session, projectId: number) {
  const byPerson = await tx.query<Row>(
    `select u.username, coalesce(sum(e.hours) filter (where e.status = 'approved'), 0)::text as "approvedHours",
            coalesce(sum(e.hours) filter (where e.status = 'submitted'), 0)::text as "pendingHours",
            coalesce(sum(e.cost) filter (where e.status = 'approved'), 0)::text as labour
       from proj_time_entry e join sys_user u on u.tenant_id = e.tenant_id and u.id = e.user_id
      where e.tenant_id = $1 and e.project_id = $2 and e.status in ('approved', 'submitted')
      group by u.id, u.username order by u.username, u.id`,
    [s.tenantId, projectId],
  );
  return { byPerson, approvedHours: sum(byPerson, 'approvedHours'), pendingHours: sum(byPerson, 'pendingHours'), labour: sum(byPerson, 'labour') };
}

/**
 * A project's dossier as it is now (the caller checked the user may see the project): header, milestones (tasks of
 * no duration) and go-live records, acceptance records, deliverables with every version, contracts with their payment
 * plans, money (contract value, planned, received, paid, expenses and the P&L read from the journal), hours, risks,
 * after-sales problems and summaries. Returned with the names of every file it references.
 */
export async function projectSnapshot(tx: Tx, s: Session, projectId: number) {
  const header = await projectHeader(tx, s, projectId);
  const tasks = await rowsOf(tx, s, 'task', projectId);
  const milestones = tasks.filter((t) => t.duration === 0).map((t) => ({ name: t.name, date: t.endDate, progress: t.progress }));
  const acceptance = await rowsOf(tx, s, 'acceptance', projectId);
  const deliverables = await deliverablesOf(tx, s, projectId);
  const contracts = await listContracts(tx, s, projectId);
  const [collections, payments, expenses] = [
    await rowsOf(tx, s, 'collection', projectId),
    await rowsOf(tx, s, 'payment', projectId),
    await rowsOf(tx, s, 'expense', projectId),
  ];
  const money = {
    contractValue: sum(contracts as unknown as Row[]),
    planned: sum(contracts.flatMap((c) => c.milestones)),
    received: sum(collections),
    paid: sum(payments),
    expenses: sum(expenses),
    pnl: await projectPnl(tx, s, projectId),
  };
  const snapshot = {
    header,
    milestones,
    online: await onlineRecords(tx, s, projectId),
    acceptance,
    deliverables,
    contracts,
    collections,
    payments,
    expenses,
    money,
    time: await timeOf(tx, s, projectId),
    tasks: { total: tasks.length, done: tasks.filter((t) => t.progress === 100).length },
    risks: await rowsOf(tx, s, 'risk', projectId),
    problems: await rowsOf(tx, s, 'problem', projectId),
    summaries: await rowsOf(tx, s, 'summary', projectId),
  };
  const files = [...filesOf(acceptance), ...deliverables.flatMap((d) => filesOf(d.versions))];
  return { title: `${header.number} ${header.name}`, snapshot, files: [...new Set(files)] };
}

/** A contract's dossier as it is now: its header, payment plan (milestones with what was collected) and receipts. */
export async function contractSnapshot(tx: Tx, s: Session, projectId: number, contractId: number) {
  const project = await projectHeader(tx, s, projectId);
  const contract = (await listContracts(tx, s, projectId)).find((c) => c.id === contractId)!;
  const extra = await tx.one<{ remark: string | null }>('select remark from proj_contract where tenant_id = $1 and id = $2', [s.tenantId, contractId]);
  const receipts = await tx.query<Row>(
    `select x.id::int as id, x.number, to_char(x.bill_date, 'YYYY-MM-DD') as "billDate", x.amount::text as amount, a.name as "accountName",
            m.name as "milestoneName", x.remark
       from proj_money x
       left join settlement_account a on a.tenant_id = x.tenant_id and a.id = x.account_id
       left join proj_milestone m on m.tenant_id = x.tenant_id and m.id = x.milestone_id
      where x.tenant_id = $1 and x.contract_id = $2 and x.kind = 'collection' and not x.delete_flag order by x.bill_date, x.id`,
    [s.tenantId, contractId],
  );
  const received = sum(receipts);
  const planned = sum(contract.milestones);
  const money = {
    contractValue: new Decimal(contract.amount).toFixed(),
    planned,
    received,
    outstanding: new Decimal(contract.amount).minus(received).toFixed(),
  };
  const { milestones, ...head } = contract;
  const header = { ...head, remark: extra?.remark ?? null, projectNumber: project.number, projectName: project.name, projectStatus: project.status };
  return { title: `${contract.number} ${contract.name}`, snapshot: { header, milestones, receipts, money }, files: [] as string[] };
}

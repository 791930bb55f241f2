import { Progress, Tag, type TableColumnsType } from 'antd';
import type { RecordKind } from '@erp/entities';
import type { TFunction } from 'i18next';
import { money } from '../../platform/format.ts';
import { FileLinks } from './file-links.tsx';
import { DeliverableActions } from './deliverable-rename.tsx';

/** The menu lists' record kinds by menu url, and the /blank form that adds one. */
export type { RecordKind };
export const RECORD_OF_PATH: Record<string, RecordKind> = {
  '/project/task': 'task',
  '/project/contract': 'contract',
  '/project/collection': 'collection',
  '/project/payment': 'payment',
  '/project/expenses': 'expense',
  '/project/risk': 'risk',
  '/project/acceptance': 'acceptance',
  '/project/after_sales': 'problem',
  '/project/summary': 'summary',
  '/project/deliverables': 'deliverable',
};
export const NEW_PAGE: Record<RecordKind, string> = {
  task: 'newTask',
  contract: 'newContracts',
  collection: 'newCollection',
  payment: 'newPayment',
  expense: 'newExpenses',
  risk: 'newRisk',
  acceptance: 'newAcceptance',
  problem: 'newProblem',
  summary: 'newSummary',
  deliverable: 'newDeliverables',
};
export const hasAmount = (k: RecordKind) => k === 'collection' || k === 'payment' || k === 'expense';

/** A row of any kind: the fields its kind's list returns (records.queries.ts on the server). */
export type RecordRow = { id: number; projectId: number; projectName: string; projectNumber: string } & Record<string, unknown>;

const RESULT_COLOR: Record<string, string> = { pending: 'default', passed: 'green', failed: 'red' };
const SEVERITY_COLOR: Record<string, string> = { low: 'default', medium: 'orange', high: 'red' };
const s = (v: unknown) => (v == null ? '' : String(v));

/** Each kind's own columns (after the project column the page adds). */
export function recordColumns(kind: RecordKind, t: TFunction): TableColumnsType<RecordRow> {
  const col = (key: string, title: string, width: number, extra: object = {}) => ({ key, dataIndex: key, title, width, ...extra });
  const right = { align: 'right' as const, render: (v: unknown) => money(s(v)) };
  switch (kind) {
    case 'task':
      return [
        col('name', t('task'), 160),
        col('assigneeName', t('assignee'), 100),
        col('duration', t('duration'), 90, { align: 'right' as const }),
        col('startDate', t('start'), 105),
        col('endDate', t('end'), 105, {
          render: (v: unknown, r: RecordRow) => (
            <span>
              {s(v)} {r.overdue ? <Tag color="red">{t('overdue')}</Tag> : null}
            </span>
          ),
        }),
        col('progress', t('progress'), 120, { render: (v: unknown) => <Progress percent={Number(v)} size="small" /> }),
        col('totalFloat', t('float'), 80, { align: 'right' as const }),
        col('critical', t('critical'), 70, { render: (v: unknown) => (v ? <Tag color="red">{t('critical')}</Tag> : null) }),
      ];
    case 'contract':
      return [
        col('number', t('number'), 150),
        col('name', t('contractName'), 160),
        col('partnerName', t('partner'), 130),
        col('signDate', t('signDate'), 105),
        col('amount', t('amount'), 120, right),
        col('collected', t('collected'), 120, right),
        col('milestones', t('milestoneCount'), 90, { align: 'right' as const }),
      ];
    case 'risk':
      return [
        col('name', t('risk'), 160),
        col('probability', t('probability'), 90, { align: 'right' as const }),
        col('impact', t('impact'), 90, { align: 'right' as const }),
        col('score', t('score'), 80, {
          align: 'right' as const,
          render: (v: unknown) => <Tag color={Number(v) >= 15 ? 'red' : Number(v) >= 8 ? 'orange' : 'green'}>{s(v)}</Tag>,
        }),
        col('status', t('status'), 90, { render: (v: unknown) => t(`rs.${s(v)}`) }),
        col('ownerName', t('owner'), 100),
        col('warnDate', t('warnDate'), 105),
      ];
    case 'acceptance':
      return [
        col('title', t('d.title'), 140),
        col('criteria', t('d.criteria'), 200),
        col('result', t('d.result'), 90, { render: (v: unknown) => <Tag color={RESULT_COLOR[s(v)]}>{t(`ar.${s(v)}`)}</Tag> }),
        col('signer', t('d.signer'), 90),
        col('signDate', t('d.signDate'), 105),
        col('fileName', t('d.files'), 180, { render: (v: unknown) => <FileLinks value={v} /> }),
      ];
    case 'problem':
      return [
        col('title', t('d.problem'), 160),
        col('severity', t('d.severity'), 80, { render: (v: unknown) => <Tag color={SEVERITY_COLOR[s(v)]}>{t(`sv.${s(v)}`)}</Tag> }),
        col('status', t('status'), 80, { render: (v: unknown) => t(`ps.${s(v)}`) }),
        col('reportDate', t('d.reportDate'), 105),
        col('reporter', t('d.reporter'), 90),
        col('ownerName', t('owner'), 90),
        col('solution', t('d.solution'), 180),
      ];
    case 'summary':
      return [
        col('title', t('d.summaryTitle'), 140),
        col('summaryDate', t('d.summaryDate'), 105),
        col('content', t('d.content'), 240, { ellipsis: true }),
        col('lessons', t('d.lessons'), 200, { ellipsis: true }),
        col('creatorName', t('d.author'), 90),
      ];
    case 'deliverable':
      return [
        col('name', t('d.deliverable'), 160),
        col('version', t('d.version'), 70, { align: 'right' as const, render: (v: unknown) => `v${s(v)}` }),
        col('fileName', t('d.files'), 180, { render: (v: unknown) => <FileLinks value={v} /> }),
        col('updateTime', t('d.updateTime'), 130),
        col('actions', '', 150, { render: (_: unknown, r: RecordRow) => <DeliverableActions row={r} /> }),
      ];
    default:
      return [
        col('number', t('number'), 160),
        col('billDate', t('billDate'), 105),
        col('amount', t('amount'), 120, right),
        col('accountName', t('account'), 120),
        col('partnerName', t('partner'), 130),
        ...(kind === 'collection' ? [col('contractName', t('contract'), 130)] : []),
        col('remark', t('remark'), 160),
      ];
  }
}

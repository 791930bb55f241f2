import { RECORD_KINDS, RECORD_SEGMENT, type RecordKind } from '@erp/entities';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { BusinessError } from '../../platform/errors.ts';
import { EXPORT_EMPTY, sendSheet } from '../../platform/crud/export.ts';
import { listRecords } from './records.queries.ts';
import { id, text } from './schemas.ts';

/** A column of a record list's spreadsheet: a code shown as its label, an amount with two decimals. */
export interface RecordColumn {
  key: string;
  header: string;
  width?: number;
  labels?: Record<string, string>;
  money?: boolean;
}

const MAX_EXPORT_ROWS = 20000;
const c = (key: string, header: string, width?: number, more: Partial<RecordColumn> = {}): RecordColumn => ({ key, header, width, ...more });
const PROJECT = [c('projectNumber', '项目编号', 16), c('projectName', '项目', 24)];
const amount = (key: string, header: string) => c(key, header, 14, { money: true });
const money = (contract: boolean) => [
  c('number', '单据编号', 20),
  c('billDate', '日期', 12),
  amount('amount', '金额'),
  c('accountName', '结算账户', 14),
  c('partnerName', '往来单位', 20),
  ...(contract ? [c('contractName', '合同', 20)] : []),
  c('remark', '备注', 24),
];

/** Each record list's spreadsheet: its title (the menu's name) and columns (the list screen's, in its order). */
export const RECORD_EXPORTS: Record<RecordKind, { title: string; columns: RecordColumn[] }> = {
  task: {
    title: '项目任务',
    columns: [
      ...PROJECT,
      c('name', '任务名称', 24),
      c('duration', '工期(工作日)'),
      c('startDate', '开始', 12),
      c('endDate', '完成', 12),
      c('totalFloat', '总浮动'),
      c('critical', '关键'),
      c('progress', '进度(%)'),
      c('assigneeName', '负责人', 14),
      c('overdue', '逾期'),
    ],
  },
  contract: {
    title: '项目合同',
    columns: [
      ...PROJECT,
      c('number', '合同编号', 20),
      c('name', '合同名称', 24),
      c('partnerName', '往来单位', 20),
      c('signDate', '签订日期', 12),
      amount('amount', '合同金额'),
      amount('collected', '已收款'),
      c('milestones', '付款节点'),
    ],
  },
  collection: { title: '项目收款', columns: [...PROJECT, ...money(true)] },
  payment: { title: '项目付款', columns: [...PROJECT, ...money(false)] },
  expense: { title: '项目费用', columns: [...PROJECT, ...money(false)] },
  risk: {
    title: '项目风险',
    columns: [
      ...PROJECT,
      c('name', '风险', 24),
      c('probability', '可能性'),
      c('impact', '影响'),
      c('score', '风险值'),
      c('status', '状态', 10, { labels: { open: '未关闭', mitigated: '已缓解', closed: '已关闭' } }),
      c('ownerName', '负责人', 14),
      c('warnDate', '预警日期', 12),
      c('remark', '备注', 24),
    ],
  },
  acceptance: {
    title: '项目验收',
    columns: [
      ...PROJECT,
      c('title', '验收事项', 20),
      c('criteria', '验收标准', 30),
      c('result', '验收结果', 10, { labels: { pending: '待验收', passed: '通过', failed: '不通过' } }),
      c('signer', '签字人', 12),
      c('signDate', '签字日期', 12),
      c('fileName', '附件', 30),
      c('remark', '备注', 24),
    ],
  },
  problem: {
    title: '项目售后',
    columns: [
      ...PROJECT,
      c('title', '问题', 24),
      c('severity', '严重程度', 10, { labels: { low: '低', medium: '中', high: '高' } }),
      c('status', '状态', 10, { labels: { open: '待处理', resolved: '已解决', closed: '已关闭' } }),
      c('reportDate', '报告日期', 12),
      c('reporter', '报告人', 12),
      c('ownerName', '负责人', 12),
      c('description', '问题描述', 30),
      c('solution', '解决方案', 30),
    ],
  },
  summary: {
    title: '项目总结',
    columns: [
      ...PROJECT,
      c('title', '总结标题', 20),
      c('summaryDate', '总结日期', 12),
      c('content', '总结内容', 40),
      c('lessons', '经验教训', 30),
      c('creatorName', '总结人', 12),
    ],
  },
  deliverable: {
    title: '交付物',
    columns: [...PROJECT, c('name', '交付物', 24), c('version', '版本'), c('fileName', '文件', 30), c('updateTime', '更新时间', 18), c('remark', '备注', 24)],
  },
};

/** A cell as the sheet shows it: a code's label, an amount to the cent. */
function shown(col: RecordColumn, v: unknown): unknown {
  if (v == null) return v;
  if (col.money) return new Decimal(String(v)).toFixed(2);
  return col.labels && typeof v === 'string' ? (col.labels[v] ?? v) : v;
}

/**
 * `GET /project/<segment>/exportExcel` (button 3 of the kind's menu) for every record list: the rows the list's
 * filters find (project, keyword) across the projects the user may see, as a spreadsheet; money lists end with
 * the 合计 of their amounts. One helper for every kind, reading the list's own query, so screen and file agree.
 */
function recordExportRoute(kind: RecordKind) {
  const seg = RECORD_SEGMENT[kind];
  const { title, columns } = RECORD_EXPORTS[kind];
  return defineRoute({
    method: 'GET',
    url: `/project/${seg}/exportExcel`,
    summary: `The rows of ${title} (same filters as /project/${seg}/all) as a spreadsheet`,
    tags: ['project'],
    access: { menu: `/project/${seg}`, btn: '3' },
    query: z.strictObject({ projectId: id.optional(), keyword: text(100).optional() }),
    handler: async ({ tx, session, query, reply }) => {
      const r = await listRecords(tx, session, kind, { ...query, keyword: query.keyword || undefined, currentPage: 1, pageSize: MAX_EXPORT_ROWS });
      if (!r.rows.length) throw new BusinessError(EXPORT_EMPTY);
      if (r.total > MAX_EXPORT_ROWS) throw new BusinessError(`导出不能超过${MAX_EXPORT_ROWS}行，请缩小查询范围`);
      const line = (row: Record<string, unknown>) => Object.fromEntries(columns.map((col) => [col.key, shown(col, row[col.key])]));
      const rows = (r.rows as Array<Record<string, unknown>>).map(line);
      return sendSheet(reply, title, columns, rows, r.sums ? line({ amount: r.sums.amount }) : undefined);
    },
  });
}

export const recordExportRoutes = RECORD_KINDS.map(recordExportRoute);

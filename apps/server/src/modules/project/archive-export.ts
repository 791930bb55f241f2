import { Decimal } from 'decimal.js';
import type { FastifyReply } from 'fastify';
import { newWorkbook } from '../../platform/spreadsheet.ts';
import { exportStamp, sheetCell } from '../../platform/crud/export.ts';
import { RECORD_EXPORTS, type RecordColumn } from './records-export.ts';
import type { ArchiveKind } from './archive.service.ts';

type Row = Record<string, unknown>;
interface Sheet {
  title: string;
  columns: RecordColumn[];
  rows: Row[];
}

const c = (key: string, header: string, more: Partial<RecordColumn> = {}): RecordColumn => ({ key, header, width: 16, ...more });
const m = (key: string, header: string) => c(key, header, { money: true });
/** A record list's own columns without the project's (the dossier is one project). */
const own = (kind: keyof typeof RECORD_EXPORTS) => RECORD_EXPORTS[kind].columns.filter((col) => !col.key.startsWith('project'));
const STATUS: Record<string, string> = { new: '新建', progress: '进行中', online: '上线', acceptance: '验收', summary: '总结', closed: '已关闭' };

/** A figure as the sheet shows it: a code's label, an amount to the cent. */
function shown(col: RecordColumn, v: unknown): unknown {
  if (v == null) return v;
  if (col.money) return new Decimal(String(v)).toFixed(2);
  return col.labels && typeof v === 'string' ? (col.labels[v] ?? v) : v;
}

/** 概况: the archive's and the dossier's key figures, one per line. */
function overview(archive: Row, pairs: Array<[string, unknown, boolean?]>): Sheet {
  const head: Array<[string, unknown, boolean?]> = [
    ['档案编号', archive.number],
    ['归档原因', archive.reason === 'closed' ? '项目关闭' : '手动归档'],
    ['归档时间', archive.createTime],
    ['归档人', archive.creatorName],
  ];
  const rows = [...head, ...pairs].map(([k, v, money]) => ({ k, v: money && v != null ? new Decimal(String(v)).toFixed(2) : v }));
  return { title: '概况', columns: [c('k', '项目', { width: 18 }), c('v', '内容', { width: 40 })], rows };
}

function projectSheets(archive: Row, d: Row): Sheet[] {
  const h = d.header as Row;
  const money = d.money as Row & { pnl: Row };
  const time = d.time as Row & { byPerson: Row[] };
  const deliverables = (d.deliverables as Array<Row & { versions: Row[] }>).flatMap((x) => x.versions.map((v) => ({ name: x.name, ...v })));
  const contracts = (d.contracts as Array<Row & { milestones: Row[] }>).flatMap((x) =>
    x.milestones.length ? x.milestones.map((ms) => ({ ...x, milestone: ms.name, dueDate: ms.dueDate, due: ms.amount, collected: ms.collected })) : [x],
  );
  return [
    overview(archive, [
      ['项目编号', h.number],
      ['项目名称', h.name],
      ['状态', STATUS[h.status as string] ?? h.status],
      ['项目分类', h.categoryName],
      ['项目经理', h.managerName],
      ['客户', h.partnerName],
      ['开始日期', h.startDate],
      ['计划完成', h.endDate],
      ['预算', h.budget, true],
      ['合同金额', money.contractValue, true],
      ['付款节点合计', money.planned, true],
      ['已收款', money.received, true],
      ['已付款', money.paid, true],
      ['费用', money.expenses, true],
      ['收入(总账)', money.pnl.income, true],
      ['成本(总账)', money.pnl.cost, true],
      ['费用(总账)', money.pnl.expense, true],
      ['利润', money.pnl.profit, true],
      ['人工成本', money.pnl.labour, true],
      ['净利润', money.pnl.net, true],
      ['已批准工时', time.approvedHours],
      ['待审批工时', time.pendingHours],
    ]),
    { title: '里程碑', columns: [c('name', '里程碑'), c('date', '日期'), c('progress', '进度(%)')], rows: d.milestones as Row[] },
    {
      title: '上线',
      columns: [c('onlineDate', '上线日期'), c('scope', '上线范围', { width: 30 }), c('signer', '签字人'), c('signDate', '签字日期')],
      rows: d.online as Row[],
    },
    { title: '验收', columns: own('acceptance'), rows: d.acceptance as Row[] },
    {
      title: '交付物',
      columns: [c('name', '交付物'), c('version', '版本'), c('fileName', '文件', { width: 40 }), c('note', '说明'), c('createTime', '上传时间')],
      rows: deliverables,
    },
    {
      title: '合同',
      columns: [
        c('number', '合同编号'),
        c('name', '合同名称'),
        c('partnerName', '往来单位'),
        m('amount', '合同金额'),
        c('milestone', '付款节点'),
        c('dueDate', '到期日'),
        m('due', '节点金额'),
        m('collected', '已收款'),
      ],
      rows: contracts,
    },
    { title: '收款', columns: own('collection'), rows: d.collections as Row[] },
    { title: '付款', columns: own('payment'), rows: d.payments as Row[] },
    { title: '费用', columns: own('expense'), rows: d.expenses as Row[] },
    {
      title: '工时',
      columns: [c('username', '人员'), c('approvedHours', '已批准工时'), c('pendingHours', '待审批工时'), m('labour', '人工成本')],
      rows: time.byPerson,
    },
    { title: '风险', columns: own('risk'), rows: d.risks as Row[] },
    { title: '售后问题', columns: own('problem'), rows: d.problems as Row[] },
    { title: '总结', columns: own('summary'), rows: d.summaries as Row[] },
  ];
}

function contractSheets(archive: Row, d: Row): Sheet[] {
  const h = d.header as Row;
  const money = d.money as Row;
  return [
    overview(archive, [
      ['合同编号', h.number],
      ['合同名称', h.name],
      ['往来单位', h.partnerName],
      ['签订日期', h.signDate],
      ['项目', `${h.projectNumber} ${h.projectName}`],
      ['合同金额', money.contractValue, true],
      ['付款节点合计', money.planned, true],
      ['已收款', money.received, true],
      ['未收款', money.outstanding, true],
      ['备注', h.remark],
    ]),
    {
      title: '付款计划',
      columns: [c('name', '付款节点'), c('dueDate', '到期日'), m('amount', '节点金额'), m('collected', '已收款')],
      rows: d.milestones as Row[],
    },
    {
      title: '收款',
      columns: [
        c('number', '单据编号'),
        c('billDate', '日期'),
        m('amount', '金额'),
        c('accountName', '结算账户'),
        c('milestoneName', '付款节点'),
        c('remark', '备注'),
      ],
      rows: d.receipts as Row[],
    },
  ];
}

/** The dossier as one workbook, a sheet per part, named 《档案编号》MMddhhmmss.xls like every export. */
export async function sendDossier(reply: FastifyReply, kind: ArchiveKind, archive: Row & { snapshot: Row }) {
  const wb = await newWorkbook();
  for (const sheet of kind === 'project' ? projectSheets(archive, archive.snapshot) : contractSheets(archive, archive.snapshot)) {
    const ws = wb.addWorksheet(sheet.title);
    ws.columns = sheet.columns.map((col) => ({ header: col.header, key: col.key, width: col.width ?? 14 }));
    ws.getRow(1).font = { bold: true };
    for (const r of sheet.rows) ws.addRow(Object.fromEntries(sheet.columns.map((col) => [col.key, sheetCell(shown(col, r[col.key]))])));
  }
  const name = `${String(archive.number)}${exportStamp()}.xls`;
  return reply
    .header('content-type', 'application/vnd.ms-excel')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('download-filename', encodeURIComponent(name))
    .send(Buffer.from(await wb.xlsx.writeBuffer()));
}

import { Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Row } from '../../../platform/crud/crud-types.ts';
import { StatusTag } from '../documents/status-tag.tsx';
import { type ReportReply, type ReportRow } from './report-api.ts';
import type { ReportColumn, ReportDef } from './report-defs.ts';
import { useReportT } from './report-i18n.ts';
import { money, qty } from '../../../platform/format.ts';

/** A report's table columns from its definition; money columns the server blanked for the user (price masking) are left out. */
export function reportColumns(def: ReportDef, t: TFunction, rows: ReportRow[], toLedger: (r: ReportRow) => void): ColumnType<Row>[] {
  const blanked = (c: ReportColumn) => c.kind === 'money' && rows.length > 0 && rows.every((r) => r[c.key] === null);
  const cell = (c: ReportColumn) => (v: unknown, r: Row) => {
    switch (c.kind) {
      case 'money':
        return money(v);
      case 'qty':
        return qty(v);
      case 'bool':
        return v ? t('yes') : t('no');
      case 'status':
        return <StatusTag status={String(v)} />;
      case 'warning':
        return <Tag color={v === 'low' ? 'red' : 'orange'}>{t(`warningTypes.${String(v)}`)}</Tag>;
      default:
        if (c.key === 'materialName' && def.drillToLedger && r.materialId)
          return (
            <Typography.Link onClick={() => toLedger(r)} title={t('toLedger')} data-testid="drill-ledger">
              {String(v ?? '')}
            </Typography.Link>
          );
        return v === null || v === undefined ? '' : String(v);
    }
  };
  return def.columns
    .filter((c) => !blanked(c))
    .map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: t(`col.${c.label ?? c.key}`),
      width: c.width ?? 120,
      ellipsis: c.kind === undefined,
      align: c.kind === 'money' || c.kind === 'qty' ? ('right' as const) : undefined,
      render: cell(c),
      // lets a reader (and the browser journeys) find a value by its column
      onCell: () => ({ 'data-col': c.key }) as React.HTMLAttributes<HTMLElement>,
    }));
}

/** The stock ledger's opening or closing balance, over the table. */
export function Balance({ which, reply }: { which: 'opening' | 'closing'; reply: ReportReply | undefined }) {
  const { t } = useReportT();
  const b = reply?.[which];
  if (!b) return null;
  const text = b.value === null ? t('balanceLineMasked', { qty: qty(b.qty) }) : t('balanceLine', { qty: qty(b.qty), value: money(b.value) });
  return (
    <span data-testid={`ledger-${which}`}>
      <b>{t(which)}</b>：{text}
    </span>
  );
}

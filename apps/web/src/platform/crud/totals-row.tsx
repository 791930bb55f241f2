import { Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Row } from './crud-types.ts';
import { useCrudT } from './i18n.ts';
import { money } from '../format.ts';

/**
 * SPEC §9 totals: a 合计 row over the page when the page size modulo 10 is 1, summing the
 * definition's `sums` to 2 decimals; the reply's `sums` (the whole filtered list) as 总计.
 */
export function TotalsRows(props: {
  columns: ColumnType<Row>[];
  rows: Row[];
  sumFields: string[];
  sums?: Record<string, number>;
  pageSize: number;
  offset: number;
}) {
  const { t } = useCrudT();
  const { columns, sumFields } = props;
  if (!sumFields.length) return null;
  const pageRow = props.pageSize % 10 === 1;
  if (!pageRow && !props.sums) return null;
  const line = (label: string, value: (field: string) => number | undefined, testId: string) => (
    <Table.Summary.Row data-testid={testId}>
      {props.offset > 0 && <Table.Summary.Cell index={0} />}
      {columns.map((c, i) => {
        const key = String(c.key);
        const v = sumFields.includes(key) ? value(key) : undefined;
        return (
          <Table.Summary.Cell key={key} index={i + props.offset} align={v !== undefined ? 'right' : undefined}>
            {i === 0 ? <b>{label}</b> : v !== undefined ? <b>{money(v)}</b> : null}
          </Table.Summary.Cell>
        );
      })}
    </Table.Summary.Row>
  );
  return (
    <Table.Summary fixed>
      {pageRow && line(t('totals'), (k) => props.rows.reduce((s, r) => s + (Number(r[k]) || 0), 0), 'totals-page')}
      {props.sums && line(t('grandTotals'), (k) => props.sums?.[k], 'totals-all')}
    </Table.Summary>
  );
}

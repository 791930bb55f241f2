import { useRef, type KeyboardEvent } from 'react';
import { judgeValue } from '@erp/entities';
import type { PlanItem } from './quality-api.ts';
import { useQualityT } from './quality-i18n.ts';
import styles from './quality.module.css';
import table from '../../platform/grid-table.module.css';

export const cellKey = (sampleNo: number, itemId: number) => `${sampleNo}:${itemId}`;

/** The standard an item is checked against, as one short text. */
export function standardOf(i: PlanItem): string {
  if (i.valueKind === 'numeric') {
    const lo = i.lowerLimit === null ? '' : String(Number(i.lowerLimit));
    const hi = i.upperLimit === null ? '' : String(Number(i.upperLimit));
    return `${lo || '−∞'} ~ ${hi || '+∞'}${i.unit ? ` ${i.unit}` : ''}`;
  }
  if (i.valueKind === 'passFail') return 'OK / NG';
  return `${i.passChoices ?? ''}${i.choices ? ` (${i.choices})` : ''}`;
}

/** The judgement of one cell as typed: ok, not ok, or a message (wrong kind of value); undefined when empty. */
export function cellState(item: PlanItem, value: string | undefined) {
  if (!value?.trim()) return undefined;
  return judgeValue(item, value);
}

interface Props {
  items: PlanItem[];
  samples: number;
  values: Record<string, string>;
  readOnly: boolean;
  onChange: (key: string, value: string) => void;
  /** Enter or Tab past the last cell */
  onDone: () => void;
}

/**
 * Results by keyboard or scanner: one row per item, one column per sample; Enter and Tab move down the
 * sample's items and on to the next sample (Shift back), each cell judged against its limits as it is typed.
 */
export function EntryGrid({ items, samples, values, readOnly, onChange, onDone }: Props) {
  const { t } = useQualityT();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const order = (s: number, i: number) => (s - 1) * items.length + i;
  const move = (e: KeyboardEvent<HTMLInputElement>, at: number) => {
    if (e.key !== 'Enter' && e.key !== 'Tab') return;
    e.preventDefault();
    const next = at + (e.shiftKey ? -1 : 1);
    if (next >= items.length * samples) onDone();
    else refs.current[Math.max(0, next)]?.focus();
  };
  const columns = Array.from({ length: samples }, (_, k) => k + 1);
  return (
    <div className={table.wrap}>
      <table className={table.grid} data-testid="qc-grid">
        <thead>
          <tr>
            <th className={table.sticky}>{t('item')}</th>
            <th>{t('limits')}</th>
            {columns.map((s) => (
              <th key={s}>{t('sampleNo', { n: s })}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={item.itemId}>
              <td className={table.sticky}>{item.name}</td>
              <td className={styles.std}>{standardOf(item)}</td>
              {columns.map((s) => {
                const key = cellKey(s, item.itemId);
                const st = cellState(item, values[key]);
                const cls = !st ? '' : 'error' in st ? styles.bad : st.ok ? styles.ok : styles.ng;
                return (
                  <td key={s}>
                    <input
                      ref={(el) => {
                        refs.current[order(s, i)] = el;
                      }}
                      className={`${styles.cell} ${cls}`}
                      data-cell={key}
                      value={values[key] ?? ''}
                      readOnly={readOnly}
                      title={st && 'error' in st ? st.error : undefined}
                      aria-invalid={!!st && 'error' in st}
                      onChange={(e) => onChange(key, e.target.value)}
                      onKeyDown={(e) => move(e, order(s, i))}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

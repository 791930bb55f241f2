import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import css from './colour-size-grid.module.css';
import gridTable from './grid-table.module.css';

/** Typing quantities into the grid: the text of each cell and what a change does. */
export interface GridInput {
  value: (colour: string, size: string) => string;
  onChange: (colour: string, size: string, text: string) => void;
}

/** Totals shown as a last column (per colour) and a last row (per size). */
export interface GridTotals {
  label: string;
  row: (colour: string) => string;
  column: (size: string) => string;
  total: string;
}

const STEP: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Enter: [1, 0] };

/**
 * A colour × size grid (rows: colours, columns: sizes; 尺码横排), shared by quality's outgoing inspection and
 * manufacturing's make orders, production needs and tasks. Each filled cell is a button (Enter or a click opens it)
 * or, with `input`, a quantity box; arrow keys move between filled cells (Enter moves down while typing), skipping
 * empty ones (no such colour and size). With `totals`, a total per colour and per size.
 */
export function ColourSizeGrid({
  colours,
  sizes,
  cell,
  onOpen,
  input,
  totals,
  testId,
}: {
  colours: string[];
  sizes: string[];
  /** the content of a cell, or null when the colour has no such size */
  cell: (colour: string, size: string) => ReactNode | null;
  onOpen?: (colour: string, size: string) => void;
  input?: GridInput;
  totals?: GridTotals;
  testId?: string;
}) {
  const table = useRef<HTMLTableElement>(null);
  const at = (r: number, c: number) => table.current?.querySelector<HTMLElement>(`[data-rc="${r}:${c}"]`);
  const move = (e: KeyboardEvent, r: number, c: number) => {
    const d = STEP[e.key];
    if (!d || (e.key === 'Enter' && !input)) return;
    e.preventDefault();
    // the next filled cell in that direction
    for (let i = 1; i <= Math.max(colours.length, sizes.length); i++) {
      const [nr, nc] = [r + d[0] * i, c + d[1] * i];
      if (nr < 0 || nc < 0 || nr >= colours.length || nc >= sizes.length) return;
      const next = at(nr, nc);
      if (next) {
        next.focus();
        if (next instanceof HTMLInputElement) next.select();
        return;
      }
    }
  };
  const filled = (colour: string, size: string, r: number, c: number) => {
    const content = cell(colour, size);
    if (content === null) return null;
    const common = { 'data-rc': `${r}:${c}`, 'data-testid': `cs-${colour}-${size}`, onKeyDown: (e: KeyboardEvent) => move(e, r, c) };
    return input ? (
      <input
        {...common}
        className={css.input}
        inputMode="decimal"
        aria-label={`${colour} ${size}`}
        value={input.value(colour, size)}
        onChange={(e) => input.onChange(colour, size, e.target.value)}
        onFocus={(e) => e.target.select()}
      />
    ) : (
      <button {...common} type="button" className={css.cell} onClick={() => onOpen?.(colour, size)}>
        {content}
      </button>
    );
  };
  return (
    <div className={gridTable.wrap}>
      <table ref={table} className={`${gridTable.grid} ${css.centred}`} data-testid={testId}>
        <thead>
          <tr>
            <th className={gridTable.sticky} />
            {sizes.map((s) => (
              <th key={s}>{s}</th>
            ))}
            {totals && <th className={css.total}>{totals.label}</th>}
          </tr>
        </thead>
        <tbody>
          {colours.map((colour, r) => (
            <tr key={colour}>
              <th className={gridTable.sticky}>{colour}</th>
              {sizes.map((size, c) => (
                <td key={size}>{filled(colour, size, r, c)}</td>
              ))}
              {totals && <td className={css.total}>{totals.row(colour)}</td>}
            </tr>
          ))}
          {totals && (
            <tr>
              <th className={gridTable.sticky}>{totals.label}</th>
              {sizes.map((size) => (
                <td key={size} className={css.total}>
                  {totals.column(size)}
                </td>
              ))}
              <td className={css.total} data-testid={testId ? `${testId}-total` : undefined}>
                {totals.total}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import css from './quality.module.css';

/**
 * A colour × size grid (rows: colours, columns: sizes), self-contained so it can be folded together with
 * manufacturing's grid for make orders later: each filled cell is a button; arrow keys move between cells,
 * Enter (or a click) opens the cell. Empty cells (no such colour and size) are skipped by the arrows.
 */
export function ColourSizeGrid({
  colours,
  sizes,
  cell,
  onOpen,
  testId,
}: {
  colours: string[];
  sizes: string[];
  /** the content of a cell, or null when the colour has no such size */
  cell: (colour: string, size: string) => ReactNode | null;
  onOpen: (colour: string, size: string) => void;
  testId?: string;
}) {
  const table = useRef<HTMLTableElement>(null);
  const focus = (r: number, c: number) => table.current?.querySelector<HTMLButtonElement>(`button[data-rc="${r}:${c}"]`)?.focus();
  const move = (e: KeyboardEvent, r: number, c: number) => {
    const step: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const d = step[e.key];
    if (!d) return;
    e.preventDefault();
    // the next filled cell in that direction
    for (let i = 1; i <= Math.max(colours.length, sizes.length); i++) {
      const [nr, nc] = [r + d[0] * i, c + d[1] * i];
      if (nr < 0 || nc < 0 || nr >= colours.length || nc >= sizes.length) return;
      if (table.current?.querySelector(`button[data-rc="${nr}:${nc}"]`)) return focus(nr, nc);
    }
  };
  return (
    <div className={css.gridWrap}>
      <table ref={table} className={css.grid} data-testid={testId}>
        <thead>
          <tr>
            <th className={css.sticky} />
            {sizes.map((s) => (
              <th key={s}>{s}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {colours.map((colour, r) => (
            <tr key={colour}>
              <th className={css.sticky}>{colour}</th>
              {sizes.map((size, c) => {
                const content = cell(colour, size);
                return (
                  <td key={size}>
                    {content !== null && (
                      <button
                        type="button"
                        className={css.csCell}
                        data-rc={`${r}:${c}`}
                        data-testid={`cs-${colour}-${size}`}
                        onClick={() => onOpen(colour, size)}
                        onKeyDown={(e) => move(e, r, c)}
                      >
                        {content}
                      </button>
                    )}
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

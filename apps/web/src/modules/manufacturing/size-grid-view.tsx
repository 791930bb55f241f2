import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Decimal } from 'decimal.js';
import { ColourSizeGrid } from '../../platform/colour-size-grid.tsx';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { qty } from '../../platform/format.ts';
import type { SizeGrid } from './size-api.ts';
import { useSizeT } from './size-i18n.ts';

const key = (colour: string, size: string) => `${colour}\u0000${size}`;

/** One style's grid, read-only: each cell's quantity, totals per colour and size. */
export function SizeGridView({ grid, testId }: { grid: SizeGrid; testId?: string }) {
  const { t } = useSizeT();
  const has = new Set(grid.variants.map((v) => key(v.colour, v.size)));
  const at = new Map(grid.cells.map((c) => [key(c.colour, c.size), c.quantity]));
  return (
    <ColourSizeGrid
      testId={testId}
      colours={grid.colours}
      sizes={grid.sizes}
      cell={(colour, size) => (has.has(key(colour, size)) ? qty(at.get(key(colour, size)) ?? '0') : null)}
      totals={{
        label: t('total'),
        row: (c) => qty(grid.byColour[c] ?? '0'),
        column: (s) => qty(grid.bySize[s] ?? '0'),
        total: qty(grid.total),
      }}
    />
  );
}

/** Typing a style's quantities: a box per variant, totals as you type (the server checks again on save). */
export function SizeGridInput({
  grid,
  value,
  onChange,
  testId,
}: {
  grid: SizeGrid;
  value: Record<string, string>;
  onChange: (v: Record<string, string>) => void;
  testId?: string;
}) {
  const { t } = useSizeT();
  const has = new Set(grid.variants.map((v) => key(v.colour, v.size)));
  const num = (s: string | undefined) => {
    try {
      return new Decimal(s?.trim() || 0);
    } catch {
      return new Decimal(0);
    }
  };
  const sum = (pick: (c: string, s: string) => boolean) =>
    Object.entries(value)
      .filter(([k]) => pick(...(k.split('\u0000') as [string, string])))
      .reduce((a, [, v]) => a.plus(num(v)), new Decimal(0))
      .toFixed();
  return (
    <ColourSizeGrid
      testId={testId}
      colours={grid.colours}
      sizes={grid.sizes}
      cell={(colour, size) => (has.has(key(colour, size)) ? '' : null)}
      input={{ value: (c, s) => value[key(c, s)] ?? '', onChange: (c, s, text) => onChange({ ...value, [key(c, s)]: text }) }}
      totals={{
        label: t('total'),
        row: (c) => qty(sum((cc) => cc === c)),
        column: (s) => qty(sum((_, ss) => ss === s)),
        total: qty(sum(() => true)),
      }}
    />
  );
}

/** A link that opens a read-only grid (a production task's, a planned make order's) in a dialog. */
export function SizesLink({ title, load, queryKey }: { title: string; load: () => Promise<{ grid: SizeGrid | null }>; queryKey: unknown[] }) {
  const { t } = useSizeT();
  const [open, setOpen] = useState(false);
  const q = useQuery({ queryKey, queryFn: load, enabled: open });
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="sizes-link">
        {t('sizes')}
      </Button>
      <Modal open={open} title={title} onCancel={() => setOpen(false)} footer={null} width={640}>
        {q.error && <Typography.Text type="danger">{failureText(q.error) ?? String(q.error)}</Typography.Text>}
        {q.data && !q.data.grid && <Typography.Text type="secondary">{t('noGrid')}</Typography.Text>}
        {q.data?.grid && (
          <>
            <Typography.Title level={5}>{q.data.grid.name}</Typography.Title>
            <SizeGridView grid={q.data.grid} testId="sizes-view" />
          </>
        )}
      </Modal>
    </>
  );
}

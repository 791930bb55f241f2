import { memo } from 'react';
import { Input, Select } from 'antd';
import { NUMBER_RE, type Line, type LinePrices } from './document-line.ts';

/**
 * Editable grid cells, memoised on their own value: a keystroke re-renders the one cell typed in
 * (and its row's amounts), not the other visible rows.
 */
type Update = (key: number, patch: Partial<Line>) => void;
const bad = (v: string) => v !== '' && !NUMBER_RE.test(v);

export const NumberInput = memo(function NumberInput(p: {
  lineKey: number;
  field: 'operNumber' | 'unitPrice' | 'taxRate';
  value: string;
  update: Update;
  onEnter?: (key: number) => void;
  locked?: boolean;
}) {
  return (
    <Input
      size="small"
      value={p.value}
      status={bad(p.value) ? 'error' : undefined}
      onChange={(e) => p.update(p.lineKey, { [p.field]: e.target.value })}
      onPressEnter={() => p.onEnter?.(p.lineKey)}
      data-testid={`line-${p.field}`}
      data-line={p.lineKey}
      inputMode="decimal"
      readOnly={p.locked}
    />
  );
});

export const TextInput = memo(function TextInput(p: {
  lineKey: number;
  field: 'batchNumber' | 'expirationDate' | 'snList' | 'remark';
  value: string;
  update: Update;
  placeholder?: string;
}) {
  return (
    <Input
      size="small"
      value={p.value}
      placeholder={p.placeholder}
      onChange={(e) => p.update(p.lineKey, { [p.field]: e.target.value })}
      data-testid={`line-${p.field}`}
    />
  );
});

export const DepotSelect = memo(function DepotSelect(p: {
  lineKey: number;
  field: 'depotId' | 'anotherDepotId';
  value: number | undefined;
  options: { value: number; label: string }[];
  update: Update;
}) {
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      value={p.value}
      options={p.options}
      onChange={(v) => p.update(p.lineKey, { [p.field]: v })}
      data-testid={`line-${p.field}`}
    />
  );
});

/** A new price of a price-adjustment line; the barcode's price before is the placeholder. */
export const PriceInput = memo(function PriceInput(p: { line: Line; k: keyof LinePrices; hint: string; update: Update }) {
  const v = p.line.prices?.[p.k] ?? '';
  return (
    <Input
      size="small"
      value={v}
      placeholder={p.hint}
      status={bad(v) ? 'error' : undefined}
      onChange={(e) => p.update(p.line.key, { prices: { ...p.line.prices!, [p.k]: e.target.value } })}
      data-testid={`line-${p.k}`}
      inputMode="decimal"
    />
  );
});

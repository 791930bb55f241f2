import { useEffect, useState } from 'react';
import { Button, Input, Select, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { money } from '../../platform/format.ts';
import { type LineState, lineAmount, withUnit } from './draft-model.ts';
import { type MaterialPick, textaiApi } from './textai-api.ts';
import { useTextaiT } from './textai-i18n.ts';
import styles from './textai.module.css';

/** The material picker of a line: searched by name or barcode; choosing one brings its units and prices. */
function MaterialSelect({ line, onChange }: { line: LineState; onChange: (l: LineState) => void }) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setTerm(typed.trim()), 250);
    return () => clearTimeout(h);
  }, [typed]);
  const found = useQuery({ queryKey: ['textai', 'materials', term], queryFn: () => textaiApi.materials(term), staleTime: 30000 });
  const rows = found.data ?? [];
  const byId = new Map<number, MaterialPick[]>();
  for (const r of rows) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
  const options = [...byId.entries()].map(([id, rs]) => ({ value: id, label: rs[0]!.name }));
  if (line.materialId && !byId.has(line.materialId)) options.unshift({ value: line.materialId, label: line.materialName ?? String(line.materialId) });
  return (
    <Select<number>
      data-testid="textai-material"
      style={{ width: 200 }}
      value={line.materialId}
      options={options}
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onChange={(id) => {
        const rs = byId.get(id) ?? [];
        const units = rs.map((r) => ({
          unit: r.commodityUnit ?? '',
          barCode: r.barCode,
          materialExtendId: r.meId,
          price: r.wholesaleDecimal === null ? null : String(r.wholesaleDecimal),
        }));
        const first = units[0];
        onChange({
          ...line,
          materialId: id,
          materialName: rs[0]?.name,
          units,
          unit: first?.unit,
          barCode: first?.barCode,
          unitPrice: first?.price ?? '',
          score: undefined,
        });
      }}
    />
  );
}

/** The draft's lines, each guess editable: material, quantity, unit (its barcode) and price. */
export function DraftLines({ lines, onChange }: { lines: LineState[]; onChange: (lines: LineState[]) => void }) {
  const { t } = useTextaiT();
  const set = (i: number, l: LineState) => onChange(lines.map((x, j) => (j === i ? l : x)));
  return (
    <div data-testid="textai-lines">
      {lines.map((l, i) => (
        <div key={l.key} className={styles.line} data-testid="textai-line">
          <label className={styles.field}>
            <span>
              {t('material')} {l.score !== undefined && <Tag color={l.score >= 0.9 ? 'green' : 'orange'}>{t('score', { v: Math.round(l.score * 100) })}</Tag>}
            </span>
            <MaterialSelect line={l} onChange={(x) => set(i, x)} />
          </label>
          <label className={styles.field}>
            <span>{t('qty')}</span>
            <Input data-testid="textai-qty" style={{ width: 90 }} value={l.qty} inputMode="decimal" onChange={(e) => set(i, { ...l, qty: e.target.value })} />
          </label>
          <label className={styles.field}>
            <span>{t('unit')}</span>
            <Select<string>
              data-testid="textai-unit"
              style={{ width: 80 }}
              value={l.unit}
              options={l.units.map((u) => ({ value: u.unit, label: u.unit }))}
              onChange={(u) => set(i, withUnit(l, u))}
            />
          </label>
          <label className={styles.field}>
            <span>{t('price')}</span>
            <Input style={{ width: 90 }} value={l.unitPrice} inputMode="decimal" onChange={(e) => set(i, { ...l, unitPrice: e.target.value })} />
          </label>
          <span className={styles.field}>
            <span>{t('amount')}</span>
            <span>{money(lineAmount(l)?.toFixed())}</span>
          </span>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('remove')} onClick={() => onChange(lines.filter((_, j) => j !== i))} />
        </div>
      ))}
    </div>
  );
}

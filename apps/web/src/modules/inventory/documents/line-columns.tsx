import { Button, type InputRef, Select, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import type { DocType } from '@erp/entities/document-types';
import { PRICE_KEYS, type Line, type LinePrices } from './document-line.ts';
import { lineMoney } from './document-money.ts';
import type { ReservoirOption } from './document-api.ts';
import { BatchSelect, SerialButton } from './document-pickers.tsx';
import { DepotSelect, NumberInput, PriceInput, TextInput } from './document-cells.tsx';
import { amount, qty } from '../../../platform/format.ts';

type Update = (key: number, patch: Partial<Line>) => void;
export interface ColumnsInput {
  t: TFunction;
  docType: DocType;
  readOnly: boolean;
  depotOptions: { value: number; label: string }[];
  /** 库区 to choose on inbound and outbound lines (empty: the switch is off) */
  reservoirOptions?: ReservoirOption[];
  update: Update;
  remove: (key: number) => void;
  barcodeRef: RefObject<InputRef | null>;
  anyBatch: boolean;
  anySerial: boolean;
}

const focusCell = (key: number, field: string) => document.querySelector<HTMLInputElement>(`input[data-line="${key}"][data-testid="line-${field}"]`)?.focus();

/** The editable cells of a line grid (read-only: the plain values). */
function cells({ t, docType, readOnly, depotOptions, update }: ColumnsInput) {
  const outbound = docType.stock === -1 || docType.stock === 'transfer';
  const numberCell = (field: 'operNumber' | 'unitPrice' | 'taxRate', width: number, onEnter?: (key: number) => void): ColumnType<Line> => ({
    key: field,
    title: t(field),
    width,
    render: (_v, l) =>
      readOnly ? (
        l[field]
      ) : (
        <NumberInput lineKey={l.key} field={field} value={l[field]} update={update} onEnter={onEnter} locked={field === 'operNumber' && l.serial && outbound} />
      ),
  });
  const textCell = (field: 'batchNumber' | 'expirationDate' | 'snList' | 'remark', width: number, when?: (l: Line) => boolean): ColumnType<Line> => ({
    key: field,
    title: t(field),
    width,
    render: (_v, l) =>
      readOnly || (when && !when(l)) ? (
        l[field]
      ) : (
        <TextInput
          lineKey={l.key}
          field={field}
          value={l[field]}
          update={update}
          placeholder={field === 'snList' ? t('snHint') : field === 'expirationDate' ? 'YYYY-MM-DD' : undefined}
        />
      ),
  });
  const depotCell = (field: 'depotId' | 'anotherDepotId', title: string): ColumnType<Line> => ({
    key: field,
    title,
    width: 130,
    render: (_v, l) =>
      readOnly ? (
        depotOptions.find((o) => o.value === l[field])?.label
      ) : (
        <DepotSelect lineKey={l.key} field={field} value={l[field]} options={depotOptions} update={update} />
      ),
  });
  const priceCell = (k: keyof LinePrices): ColumnType<Line> => ({
    key: k,
    title: t(`newPrice.${k}`),
    width: 120,
    render: (_v, l) => {
      const old = l.oldPrices?.[k];
      const hint = old == null || old === '' ? '' : qty(Number(old));
      return readOnly ? (
        <span>
          {l.prices?.[k]}
          {hint && l.prices?.[k] ? <span style={{ color: '#8c8c8c' }}> ({t('was', { price: hint })})</span> : null}
        </span>
      ) : (
        <PriceInput line={l} k={k} hint={hint} update={update} />
      );
    },
  });
  return { numberCell, textCell, depotCell, priceCell };
}

/** The columns of a document's line grid: the material, then prices (price adjustment) or warehouse, quantities, money, batch and serial. */
export function lineColumns(p: ColumnsInput): ColumnType<Line>[] {
  const { t, docType, readOnly, update, barcodeRef, anyBatch, anySerial } = p;
  const { numberCell, textCell, depotCell, priceCell } = cells(p);
  const outbound = docType.stock === -1 || docType.stock === 'transfer';
  const inbound = docType.stock === 1;
  const assembly = docType.stock === 'assembly' || docType.stock === 'disassembly';
  const cols: ColumnType<Line>[] = [
    { key: 'no', title: t('lineNo'), width: 50, render: (_v, _l, i) => i + 1 },
    { key: 'barCode', dataIndex: 'barCode', title: t('barCode'), width: 120, ellipsis: true },
    { key: 'name', dataIndex: 'name', title: t('materialName'), width: 160, ellipsis: true },
    { key: 'standard', dataIndex: 'standard', title: t('standard'), width: 100, ellipsis: true },
    { key: 'unit', dataIndex: 'unit', title: t('unit'), width: 60 },
  ];
  if (docType.prices) {
    cols.push(...PRICE_KEYS.map(priceCell));
  } else {
    if (assembly)
      cols.push({
        key: 'materialType',
        title: t('materialType'),
        width: 110,
        render: (_v, l) =>
          readOnly ? (
            l.materialType
          ) : (
            <Select
              size="small"
              style={{ width: '100%' }}
              value={l.materialType}
              options={[{ value: '组合件' }, { value: '普通子件' }]}
              onChange={(v) => update(l.key, { materialType: v })}
            />
          ),
      });
    cols.push(depotCell('depotId', t('depot')));
    if (docType.stock === 'transfer') cols.push(depotCell('anotherDepotId', t('anotherDepot')));
    if ((inbound || outbound) && p.reservoirOptions?.length) cols.push(reservoirColumn(p));
    if (docType.linkFrom)
      cols.push({ key: 'openNumber', title: t('openNumber'), width: 90, render: (_v, l) => (l.openNumber == null ? '' : qty(l.openNumber)) });
    cols.push(
      numberCell('operNumber', 90, (key) => focusCell(key, 'unitPrice')),
      numberCell('unitPrice', 100, () => barcodeRef.current?.focus()),
      numberCell('taxRate', 80),
      {
        key: 'amount',
        title: t('allPrice'),
        width: 100,
        align: 'right',
        render: (_v, l) => <span data-testid="line-amount">{amount(lineMoney(l).amount)}</span>,
      },
      { key: 'total', title: t('taxLastMoney'), width: 100, align: 'right', render: (_v, l) => amount(lineMoney(l).total) },
    );
    if (anyBatch) {
      cols.push(
        outbound && !readOnly
          ? {
              key: 'batchNumber',
              title: t('batchNumber'),
              width: 150,
              render: (_v, l) =>
                l.batch ? <BatchSelect line={l} onPick={(batchNumber, expirationDate) => update(l.key, { batchNumber, expirationDate })} /> : null,
            }
          : textCell('batchNumber', 120, (l) => l.batch),
      );
      if (inbound || readOnly) cols.push(textCell('expirationDate', 110, (l) => l.batch));
    }
    if (anySerial)
      cols.push(
        outbound && !readOnly
          ? {
              key: 'snList',
              title: t('snList'),
              width: 130,
              render: (_v, l) =>
                l.serial ? <SerialButton line={l} onPick={(sns) => update(l.key, { snList: sns.join(','), operNumber: String(sns.length) })} /> : null,
            }
          : textCell('snList', 180, (l) => l.serial),
      );
  }
  cols.push(textCell('remark', 140));
  if (!readOnly) cols.push(removeColumn(t, p.remove));
  return cols;
}

function removeColumn(t: TFunction, remove: (key: number) => void): ColumnType<Line> {
  return {
    key: 'del',
    title: '',
    width: 44,
    fixed: 'right',
    render: (_v, l) => (
      <Tooltip title={t('removeLine')}>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('removeLine')}
          tabIndex={-1}
          onClick={() => remove(l.key)}
          data-testid="line-remove"
        />
      </Tooltip>
    ),
  };
}

/** 库区 of an inbound line (where the goods go) or an outbound one (where they are taken from): the enabled areas of the line's warehouse (issue 24). */
function reservoirColumn({ t, readOnly, reservoirOptions = [], update }: ColumnsInput): ColumnType<Line> {
  return {
    key: 'reservoirAreaId',
    title: t('reservoirArea'),
    width: 120,
    render: (_v, l) =>
      readOnly ? (
        reservoirOptions.find((o) => o.value === l.reservoirAreaId)?.label
      ) : (
        <Select
          size="small"
          allowClear
          style={{ width: '100%' }}
          value={l.reservoirAreaId}
          options={reservoirOptions.filter((o) => o.depotId === l.depotId)}
          onChange={(v?: number) => update(l.key, { reservoirAreaId: v })}
          data-testid="line-reservoirArea"
        />
      ),
  };
}

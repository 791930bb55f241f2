import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { EntityDef, Field } from '@erp/entities';
import type { Row } from './crud-types.ts';
import { useDict, LIST_CLASS_COLOR } from './dict.ts';
import { ImageCell } from './image-cell.tsx';
import { displayName, splitFiles } from './use-file-urls.ts';
import { enumText, linkNameKey, listFields, text } from './labels.ts';

export interface SortState {
  column?: string;
  order?: 'ascend' | 'descend';
}

const WIDTH: Partial<Record<Field['kind'], number>> = {
  money: 120,
  quantity: 110,
  number: 120,
  bool: 80,
  enum: 110,
  dict: 110,
  date: 110,
  datetime: 165,
  images: 90,
  files: 160,
  link: 130,
  parent: 130,
};

/** Short codes get narrow columns, long remarks wide ones. */
function textWidth(fd: Field): number {
  const max = fd.kind === 'text' ? (fd.max ?? 255) : 50;
  return max <= 10 ? 90 : max <= 20 ? 120 : max <= 50 ? 140 : max <= 100 ? 160 : 200;
}

function DictCell({ dictType, value }: { dictType: string; value: unknown }) {
  const dict = useDict(dictType);
  if (value === null || value === undefined || value === '') return null;
  const item = dict.data?.find((d) => d.dictValue === value);
  if (!item) return <>{String(value)}</>;
  const color = item.listClass ? LIST_CLASS_COLOR[item.listClass] : undefined;
  return color ? <Tag color={color}>{item.dictLabel}</Tag> : <>{item.dictLabel}</>;
}

function cell(field: string, fd: Field, row: Row, t: TFunction, lang: string) {
  const v = row[field];
  switch (fd.kind) {
    case 'bool':
      return v ? t('yes') : t('no');
    case 'enum':
      return enumText(fd, v, lang);
    case 'dict':
      return <DictCell dictType={fd.dictType} value={v} />;
    case 'link':
    case 'parent':
      return (row[linkNameKey(field)] as string | null) ?? '';
    case 'images':
      return <ImageCell value={v} />;
    case 'files':
      return splitFiles(v).map(displayName).join(', ');
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}

/**
 * The list's columns from the definition. A price field the server left out of the reply (the
 * role masks prices) gets no column: only what the reply carries is shown.
 */
export function entityColumns(opts: {
  def: EntityDef;
  /** filters the page always applies: their columns would repeat one value */
  fixed?: Record<string, string>;
  rows: Row[];
  t: TFunction;
  lang: string;
  sort: SortState;
  createTimeSort: boolean;
  extra?: ColumnType<Row>[];
}): ColumnType<Row>[] {
  const { def, rows, t, lang, sort } = opts;
  const masked = (field: string, fd: Field) => fd.price && (rows.length === 0 || !(field in rows[0]));
  const cols: ColumnType<Row>[] = listFields(def)
    .filter(([field, fd]) => !masked(field, fd) && !(opts.fixed && field in opts.fixed))
    .map(([field, fd]) => ({
      key: field,
      dataIndex: field,
      title: text(fd.label, lang),
      width: fd.width ?? WIDTH[fd.kind] ?? textWidth(fd),
      ellipsis: fd.kind !== 'images',
      align: fd.kind === 'money' || fd.kind === 'quantity' || fd.kind === 'number' ? ('right' as const) : undefined,
      sorter: fd.sort ? true : undefined,
      sortOrder: fd.sort && sort.column === field ? sort.order : null,
      render: (_: unknown, row: Row) => cell(field, fd, row, t, lang),
    }));
  // computed columns a server hook fills (a material's base barcode and prices): codes first, amounts after the fields
  const computed = Object.entries(def.computed ?? {})
    .filter(([k, c]) => !(c.price && (rows.length === 0 || !(k in rows[0]))))
    .map(([k, c]): ColumnType<Row> => ({
      key: k,
      dataIndex: k,
      title: text(c.label, lang),
      width: c.kind === 'text' ? 140 : 110,
      ellipsis: true,
      align: c.kind === 'text' ? undefined : 'right',
      render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
    }));
  const codes = computed.filter((c) => def.computed![String(c.key)].kind === 'text');
  cols.unshift(...codes);
  cols.push(...computed.filter((c) => !codes.includes(c)));
  cols.push(...(opts.extra ?? []));
  if (def.status) {
    cols.push({
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('status'),
      width: 90,
      render: (v: unknown) => (v ? <Tag color="green">{t('enabled')}</Tag> : <Tag color="red">{t('disabled')}</Tag>),
    });
  }
  cols.push({
    key: 'createTime',
    dataIndex: 'createTime',
    title: t('createTime'),
    width: 165,
    sorter: opts.createTimeSort ? true : undefined,
    sortOrder: opts.createTimeSort && sort.column === 'createTime' ? sort.order : null,
  });
  return cols;
}

import { Button, DatePicker, Divider, Input, Select } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { DOC_STATUS } from '@erp/entities/document-status';
import type { SearchItem } from '../../../platform/crud/search-bar.tsx';
import type { TFunction } from 'i18next';
import type { DocType } from '@erp/entities/document-types';
import { type DocumentRow } from './document-api.ts';
import type { FormMode } from './document-line.ts';
import { StatusTag, statusLabel } from './status-tag.tsx';
import { amount, qty } from '../../../platform/format.ts';

/** The list columns of a document type (without the action column). */
export function documentColumns(docType: DocType, t: TFunction, view: (number: string) => void): ColumnType<DocumentRow>[] {
  const isIn = docType.type === '入库' || docType.partner === '供应商';
  // number, date and partner stay on the left, amount, status and actions on the right (fixed), so
  // they are visible without horizontal scrolling down to 1280 px; the rest scrolls between them
  const left: ColumnType<DocumentRow>[] = [
    { key: 'number', dataIndex: 'number', title: t('number'), width: 170, render: (v: string, r) => <a onClick={() => view(r.number)}>{v}</a> },
    { key: 'operTime', dataIndex: 'operTime', title: t('operTime'), width: 160 },
    ...(docType.partner ? [{ key: 'organName', dataIndex: 'organName', title: t(`organ.${docType.partner}`), width: 180, ellipsis: true }] : []),
  ];
  const middle: ColumnType<DocumentRow>[] = [
    { key: 'materialsList', dataIndex: 'materialsList', title: t('materialsList'), width: 220, ellipsis: true },
    // a price adjustment has neither quantities nor amounts
    ...(docType.prices
      ? []
      : [{ key: 'totalNumber', dataIndex: 'totalNumber', title: t('totalNumber'), width: 90, align: 'right' as const, render: (v: number | null) => qty(v) }]),
    ...(docType.partner
      ? [
          {
            key: 'changeAmount',
            dataIndex: 'changeAmount',
            title: t(isIn ? 'changeAmount.in' : 'changeAmount.out'),
            width: 110,
            align: 'right' as const,
            render: (v: number | null) => amount(v),
          },
          { key: 'debt', dataIndex: 'debt', title: t('debt'), width: 100, align: 'right' as const, render: (v: number | null) => amount(v) },
        ]
      : []),
    { key: 'creatorName', dataIndex: 'creatorName', title: t('creatorName'), width: 100 },
  ];
  const right: ColumnType<DocumentRow>[] = [
    ...(docType.prices
      ? []
      : [
          {
            key: 'discountLastMoney',
            dataIndex: 'discountLastMoney',
            title: t('discountLastMoney'),
            width: 110,
            align: 'right' as const,
            render: (v: number | null, r: DocumentRow) => amount(v ?? r.totalPrice),
          },
        ]),
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      width: 100,
      render: (v: string) => <StatusTag status={v} testId="bill-status" />,
    },
  ];
  return [...left.map((c) => ({ ...c, fixed: 'left' as const })), ...middle, ...right.map((c) => ({ ...c, fixed: 'right' as const }))];
}

/** View for everyone, edit while unaudited for those who may. */
export function actionColumn(t: TFunction, canEdit: boolean, open: (m: FormMode) => void): ColumnType<DocumentRow> {
  return {
    key: '__action',
    title: t('action'),
    fixed: 'right',
    width: 120,
    render: (_v, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <Button type="link" size="small" onClick={() => open({ mode: 'view', number: r.number })} data-testid="row-view">
          {t('view')}
        </Button>
        {canEdit && r.status === DOC_STATUS.unaudited && (
          <>
            <Divider orientation="vertical" />
            <Button type="link" size="small" onClick={() => open({ mode: 'edit', number: r.number })} data-testid="row-edit">
              {t('edit')}
            </Button>
          </>
        )}
      </span>
    ),
  };
}

/** The filters of a document list: number, material, dates, status (an order's partly and completed too). */
export function documentSearchItems(docType: DocType, t: TFunction, english: boolean): SearchItem[] {
  const items: SearchItem[] = [
    { name: 'number', label: t('number'), node: <Input allowClear data-testid="search-number" /> },
    { name: 'materialParam', label: t('materialParam'), node: <Input allowClear placeholder={t('materialParamHint')} data-testid="search-materialParam" /> },
    { name: 'dates', label: t('dateRange'), node: <DatePicker.RangePicker style={{ width: '100%' }} placeholder={[t('startDate'), t('endDate')]} /> },
  ];
  const statusOptions = [DOC_STATUS.unaudited, DOC_STATUS.audited, ...(docType.order ? [DOC_STATUS.partly, DOC_STATUS.completed] : [])].map((s) => ({
    value: s,
    label: statusLabel(s, english),
  }));
  items.push({
    name: 'status',
    label: t('status'),
    node: <Select allowClear placeholder={t('statusAll')} options={statusOptions} data-testid="search-status" />,
  });
  return items;
}

import type { ReactNode } from 'react';
import { Button, Divider } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Row } from './crud-types.ts';

/** The action column of a kit list: edit, delete, and the screen's own row actions. */
export function rowActionColumn(p: {
  t: TFunction;
  mobile: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  extra?: (row: Row) => ReactNode;
}): ColumnType<Row> {
  const { t } = p;
  return {
    key: '__action',
    title: t('action'),
    // on a phone a pinned column would cover most of the row
    fixed: p.mobile ? undefined : 'right',
    width: 130 + (p.extra ? 170 : 0),
    render: (_v, row) => (
      <span style={{ whiteSpace: 'nowrap' }} data-testid="row-actions">
        {p.canEdit && (
          <Button type="link" size="small" onClick={() => p.onEdit(row)} data-testid="row-edit">
            {t('edit')}
          </Button>
        )}
        {p.canEdit && p.canDelete && <Divider orientation="vertical" />}
        {p.canDelete && (
          <Button type="link" size="small" danger onClick={() => p.onDelete(row)} data-testid="row-delete">
            {t('delete')}
          </Button>
        )}
        {p.extra?.(row)}
      </span>
    ),
  };
}

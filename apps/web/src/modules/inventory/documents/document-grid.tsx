import { memo, useMemo, type RefObject } from 'react';
import { type InputRef, Table } from 'antd';
import type { DocType } from '@erp/entities/document-types';
import { useDocumentT } from './document-i18n.ts';
import type { Line } from './document-line.ts';
import { lineColumns } from './line-columns.tsx';
import { useReservoirOptions } from './use-document-options.ts';

type Update = (key: number, patch: Partial<Line>) => void;
interface GridProps {
  docType: DocType;
  lines: Line[];
  readOnly: boolean;
  depotOptions: { value: number; label: string }[];
  update: Update;
  remove: (key: number) => void;
  barcodeRef: RefObject<InputRef | null>;
}

/**
 * The line grid: virtual (only the visible rows render, so 1,000 lines stay responsive), columns
 * made once per layout change, money per line from the cache. Enter in a quantity goes to its
 * price, Enter in a price goes back to the barcode box.
 */
export const DocumentGrid = memo(function DocumentGrid(props: GridProps) {
  const { t } = useDocumentT();
  const { docType, readOnly, depotOptions, update, remove, barcodeRef } = props;
  const reservoirOptions = useReservoirOptions(docType);
  const anyBatch = props.lines.some((l) => l.batch);
  const anySerial = props.lines.some((l) => l.serial);
  const columns = useMemo(
    () => lineColumns({ t, docType, readOnly, depotOptions, reservoirOptions, update, remove, barcodeRef, anyBatch, anySerial }),
    [t, docType, readOnly, depotOptions, reservoirOptions, update, remove, barcodeRef, anyBatch, anySerial],
  );
  const width = columns.reduce((s, c) => s + (Number(c.width) || 100), 0);
  return (
    <Table<Line>
      rowKey="key"
      size="small"
      bordered
      virtual
      columns={columns}
      dataSource={props.lines}
      pagination={false}
      scroll={{ x: width, y: 340 }}
      data-testid="bill-lines"
    />
  );
});

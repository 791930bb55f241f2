import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin, Table } from 'antd';
import { finDocTypeOf } from '@erp/entities/finance-types';
import type { DocumentDetail } from '@erp/entities/api/documents';
import { http, unwrap } from '../../../platform/http.ts';
import { money, qty } from '../../../platform/format.ts';
import { FinanceForm } from '../finance-form.tsx';
import { useFinRepT } from './fin-report-i18n.ts';

/** The document behind a journal line: a finance document opens in its own form (read-only); an inventory document in a summary. */
export interface SourceRef {
  sourceKind: 'account' | 'depot';
  sourceId: number;
  number: string;
  type: string;
}

function DepotDoc({ number, onClose }: { number: string; onClose: () => void }) {
  const { t } = useFinRepT();
  const doc = useQuery({
    queryKey: ['fin-source', number],
    queryFn: async () => unwrap(await http.get<DocumentDetail>('/depotHead/getDetailByNumber', { number })),
  });
  const d = doc.data;
  return (
    <Modal
      open
      width={900}
      title={t('docTitle', { number })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      data-testid="fin-source-doc"
    >
      {!d ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
            <Descriptions.Item label={t('col.number')}>{d.number}</Descriptions.Item>
            <Descriptions.Item label={t('col.operTime')}>{d.operTime}</Descriptions.Item>
            <Descriptions.Item label={t('col.organName')}>{d.organName ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('amount')}>{money(d.discountLastMoney ?? d.totalPrice)}</Descriptions.Item>
            <Descriptions.Item label={t('col.changeAmount')}>{money(d.changeAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('col.total')}>{money(d.debt)}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="id"
            style={{ marginTop: 12 }}
            pagination={false}
            scroll={{ x: 600 }}
            dataSource={d.rows}
            columns={[
              { key: 'm', dataIndex: 'materialName', title: t('material') },
              { key: 'd', dataIndex: 'depotName', title: t('depot') },
              { key: 'q', dataIndex: 'operNumber', title: t('qty'), align: 'right', render: (v: unknown) => qty(v) },
              { key: 'p', dataIndex: 'unitPrice', title: t('price'), align: 'right', render: (v: unknown) => money(v) },
              { key: 'a', dataIndex: 'allPrice', title: t('amount'), align: 'right', render: (v: unknown) => money(v) },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

export function SourceDoc({ source, onClose }: { source: SourceRef; onClose: () => void }) {
  const finType = source.sourceKind === 'account' ? finDocTypeOf(source.type) : undefined;
  if (finType)
    return (
      <FinanceForm
        finType={finType}
        label={finType.label.zh}
        target={{ id: source.sourceId, readOnly: true }}
        canAudit={false}
        onClose={onClose}
        onSaved={() => undefined}
      />
    );
  return <DepotDoc number={source.number} onClose={onClose} />;
}

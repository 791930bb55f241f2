import { useState } from 'react';
import { Modal, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DOC_TYPE_BY_KEY, type DocType } from '../../../../../packages/entities/src/inventory/document-types.ts';
import { billApi, qty, type BillRow } from './bill-api.ts';
import { useBillT } from './bill-i18n.ts';

/** Audited (or partly completed) documents of the source type, to pull open lines from. */
export function LinkDialog(props: { docType: DocType; onPick: (r: BillRow) => void; onClose: () => void }) {
  const { t, i18n } = useBillT();
  const [picked, setPicked] = useState<BillRow | undefined>();
  const source = DOC_TYPE_BY_KEY[props.docType.linkFrom!];
  const list = useQuery({
    queryKey: ['bill-link', source.key],
    queryFn: () => billApi.list(source, { status: '1,3', pageSize: 100 }),
  });
  const label = i18n.language.startsWith('en') ? source.label.en : source.label.zh;
  return (
    <Modal
      open
      title={t('linkTitle', { label })}
      width={900}
      onCancel={props.onClose}
      onOk={() => picked && props.onPick(picked)}
      okButtonProps={{ disabled: !picked, ...({ 'data-testid': 'link-ok' } as Record<string, string>) }}
    >
      <Table<BillRow>
        rowKey="id"
        size="small"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: t('linkNone') }}
        pagination={false}
        scroll={{ y: 360 }}
        rowSelection={{ type: 'radio', selectedRowKeys: picked ? [picked.id] : [], onChange: (_k, rows) => setPicked(rows[0]) }}
        onRow={(r) => ({ onClick: () => setPicked(r), onDoubleClick: () => props.onPick(r) })}
        columns={[
          { key: 'number', dataIndex: 'number', title: t('number'), width: 170 },
          { key: 'operTime', dataIndex: 'operTime', title: t('operTime'), width: 160 },
          { key: 'organName', dataIndex: 'organName', title: t('organ.none'), ellipsis: true },
          { key: 'materialsList', dataIndex: 'materialsList', title: t('materialsList'), ellipsis: true },
          { key: 'totalNumber', dataIndex: 'totalNumber', title: t('totalNumber'), width: 80, render: (v: number | null) => qty(v) },
          { key: 'status', dataIndex: 'status', title: t('status'), width: 100, render: (v: string) => <Tag>{t(`statuses.${v}`)}</Tag> },
        ]}
        data-testid="link-table"
      />
    </Modal>
  );
}

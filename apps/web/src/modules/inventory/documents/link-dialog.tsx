import { StatusTag } from './status-tag.tsx';
import { useState } from 'react';
import { Modal, Segmented, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DOC_TYPE_BY_KEY, type DocType } from '@erp/entities/document-types';
import { documentApi, type DocumentRow } from './document-api.ts';
import { useDocumentT } from './document-i18n.ts';
import { qty } from '../../../platform/format.ts';

/**
 * Audited (or partly completed) documents of a source type, to pull lines from: the type's own
 * source and, for a purchase order with 以销定购 on, sales orders as well.
 */
export function LinkDialog(props: { docType: DocType; withAlso: boolean; onPick: (r: DocumentRow, source: DocType) => void; onClose: () => void }) {
  const { t, i18n } = useDocumentT();
  const sources = [props.docType.linkFrom, props.withAlso ? props.docType.alsoFrom : undefined].filter((k): k is string => !!k).map((k) => DOC_TYPE_BY_KEY[k]);
  const [source, setSource] = useState(sources[0]);
  const [picked, setPicked] = useState<DocumentRow | undefined>();
  const list = useQuery({
    queryKey: ['bill-link', source.key],
    queryFn: () => documentApi.list(source, { status: '1,3', pageSize: 100 }),
  });
  const name = (d: DocType) => (i18n.language.startsWith('en') ? d.label.en : d.label.zh);
  return (
    <Modal
      open
      title={t('linkTitle', { label: name(source) })}
      width={900}
      onCancel={props.onClose}
      onOk={() => picked && props.onPick(picked, source)}
      okButtonProps={{ disabled: !picked, ...({ 'data-testid': 'link-ok' } as Record<string, string>) }}
    >
      {sources.length > 1 && (
        <Segmented
          style={{ marginBottom: 8 }}
          value={source.key}
          options={sources.map((s) => ({ value: s.key, label: name(s) }))}
          onChange={(k) => {
            setSource(DOC_TYPE_BY_KEY[k]);
            setPicked(undefined);
          }}
          data-testid="link-source"
        />
      )}
      <Table<DocumentRow>
        rowKey="id"
        size="small"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: t('linkNone') }}
        pagination={false}
        scroll={{ y: 360 }}
        rowSelection={{ type: 'radio', selectedRowKeys: picked ? [picked.id] : [], onChange: (_k, rows) => setPicked(rows[0]) }}
        onRow={(r) => ({ onClick: () => setPicked(r), onDoubleClick: () => props.onPick(r, source) })}
        columns={[
          { key: 'number', dataIndex: 'number', title: t('number'), width: 170 },
          { key: 'operTime', dataIndex: 'operTime', title: t('operTime'), width: 160 },
          { key: 'organName', dataIndex: 'organName', title: t('organ.none'), ellipsis: true },
          { key: 'materialsList', dataIndex: 'materialsList', title: t('materialsList'), ellipsis: true },
          { key: 'totalNumber', dataIndex: 'totalNumber', title: t('totalNumber'), width: 80, render: (v: number | null) => qty(v) },
          { key: 'status', dataIndex: 'status', title: t('status'), width: 100, render: (v: string) => <StatusTag status={v} color="" /> },
        ]}
        data-testid="link-table"
      />
    </Modal>
  );
}

import { useMemo, useState } from 'react';
import { Button, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ENTITIES } from '@erp/entities';
import { entityApi } from '../../platform/crud/entity-api.ts';
import { entityUrls } from '../../platform/crud/entity-urls.ts';
import { EntityForm } from '../../platform/crud/entity-form.tsx';
import type { CrudOptions, Row } from '../../platform/crud/crud-types.ts';
import { qty } from '../../platform/format.ts';
import { http, unwrap } from '../../platform/http.ts';
import { useMobile } from '../../platform/crud/use-mobile.ts';
import { useMfgT } from './mfg-i18n.ts';

interface Props {
  materialId: number;
  materialName: string;
  open: boolean;
  onClose: () => void;
}
interface Exploded {
  level: number;
  materialId: number;
  name: string;
  unit: string | null;
  qty: string;
}

/** The product, shown by name in the BOM form: it is fixed to the material the dialog belongs to. */
function FixedProduct({ name }: { name: string; value?: unknown }) {
  return <Input disabled value={name} data-testid="bom-product" />;
}

/**
 * The material list's BOM dialog (issue 16): the material's BOM versions, read and edited in the kit's
 * own BOM form (components, substitutes with priority), a new version added for this material, and the
 * planning BOM exploded over all levels.
 */
export function MaterialBomDialog({ materialId, materialName, open, onClose }: Props) {
  const { t } = useMfgT();
  const mobile = useMobile();
  const qc = useQueryClient();
  const def = ENTITIES.bom;
  const opts = useMemo<CrudOptions>(
    () => ({
      fixedFilter: { materialId: String(materialId) },
      formFields: { materialId: () => <FixedProduct name={materialName} /> },
      adjustBody: (body, _values, row) => (row ? body : { ...body, materialId }),
    }),
    [materialId, materialName],
  );
  const api = useMemo(() => entityApi(entityUrls(def), opts), [def, opts]);
  const [editing, setEditing] = useState<{ row?: Row } | null>(null);
  const boms = useQuery({
    queryKey: ['material-boms', materialId],
    enabled: open,
    queryFn: () => api.list({ search: { materialId }, currentPage: 1, pageSize: 50 }),
  });
  const exploded = useQuery({
    queryKey: ['material-bom-explode', materialId],
    enabled: open && Boolean(boms.data?.rows.length),
    queryFn: async () => unwrap(await http.get<Exploded[]>('/bom/explode', { materialId, qty: 1 })),
  });
  const reload = () =>
    void qc.invalidateQueries({ queryKey: ['material-boms', materialId] }).then(() => qc.invalidateQueries({ queryKey: ['material-bom-explode'] }));
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={mobile ? '100%' : 860} title={t('bomTitle', { name: materialName })} destroyOnHidden>
      <div data-testid="material-bom-dialog">
        <Space style={{ marginBottom: 8 }}>
          <Button type="primary" onClick={() => setEditing({})} data-testid="bom-add">
            {t('addBom')}
          </Button>
        </Space>
        <Table<Row>
          size="small"
          bordered
          rowKey="id"
          loading={boms.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={boms.data?.rows ?? []}
          locale={{ emptyText: t('noBom') }}
          columns={[
            { title: t('version'), dataIndex: 'version' },
            { title: t('outputQty'), dataIndex: 'qty', render: (v) => qty(v as string) },
            { title: t('isDefault'), dataIndex: 'isDefault', render: (v) => (v ? <Tag color="blue">{t('isDefault')}</Tag> : null) },
            { title: t('enabled'), dataIndex: 'enabled', render: (v) => (v === false ? <Tag>✗</Tag> : <Tag color="green">✓</Tag>) },
            { title: '', key: 'op', render: (_v, row) => <a onClick={() => setEditing({ row })}>{t('edit')}</a> },
          ]}
        />
        {Boolean(exploded.data?.length) && (
          <>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('exploded')}
            </Typography.Title>
            <Table<Exploded>
              size="small"
              bordered
              rowKey={(r, i) => `${r.materialId}:${i}`}
              pagination={false}
              scroll={{ x: 'max-content', y: 320 }}
              dataSource={exploded.data}
              data-testid="bom-exploded"
              columns={[
                { title: t('level'), dataIndex: 'level' },
                { title: t('component'), dataIndex: 'name', render: (v, r) => <span style={{ paddingLeft: (r.level - 1) * 16 }}>{v as string}</span> },
                { title: t('qty'), dataIndex: 'qty', render: (v) => qty(v as string) },
                { title: '', dataIndex: 'unit' },
              ]}
            />
          </>
        )}
      </div>
      {editing && <EntityForm def={def} api={api} opts={opts} row={editing.row} open onClose={() => setEditing(null)} onSaved={reload} />}
    </Modal>
  );
}

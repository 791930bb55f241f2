import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Modal, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { qty } from '../../platform/format.ts';
import { sizeApi, type SizeGrid } from './size-api.ts';
import { useSizeT } from './size-i18n.ts';
import { SizeGridInput, SizeGridView } from './size-grid-view.tsx';
import { useSaving } from '../../platform/use-saving.ts';

const key = (colour: string, size: string) => `${colour}\u0000${size}`;

/** One style of a draft order: its boxes, filled from the order's lines, saved as the variants' lines. */
function StyleEditor({ orderId, grid, onSaved }: { orderId: number; grid: SizeGrid; onSaved: () => void }) {
  const { t } = useSizeT();
  const { message } = App.useApp();
  const [value, setValue] = useState<Record<string, string>>({});
  const [busy, whileSaving] = useSaving();
  useEffect(() => setValue(Object.fromEntries(grid.cells.map((c) => [key(c.colour, c.size), c.quantity]))), [grid]);
  const save = async () => {
    await whileSaving(async () => {
      const cells = Object.entries(value)
        .filter(([, v]) => v.trim() !== '')
        .map(([k, quantity]) => {
          const [colour, size] = k.split('\u0000') as [string, string];
          return { colour, size, quantity: quantity.trim() };
        });
      const r = await sizeApi.save(orderId, grid.variants[0]!.materialId, cells);
      message.success(t('saved', { total: qty(r.total) }));
      onSaved();
    });
  };
  return (
    <Card
      size="small"
      title={grid.name}
      style={{ marginTop: 8 }}
      extra={
        <Button type="primary" size="small" loading={busy} onClick={() => void save()} data-testid="sizes-save">
          {t('save')}
        </Button>
      }
    >
      <SizeGridInput grid={grid} value={value} onChange={setValue} testId="sizes-input" />
    </Card>
  );
}

/** 尺码: a make order's colour × size grids — typed in a draft (each cell a line of its variant), read-only once released. */
export function MakeOrderSizes({ id, moNo, onSaved }: { id: number; moNo: string; onSaved: () => void }) {
  const { t } = useSizeT();
  const [open, setOpen] = useState(false);
  const q = useQuery({ queryKey: ['mfg', 'moSizes', id], queryFn: () => sizeApi.order(id), enabled: open });
  const draft = q.data?.status === 'draft';
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="mo-sizes">
        {t('sizes')}
      </Button>
      <Modal open={open} title={t('title', { no: moNo })} onCancel={() => setOpen(false)} footer={null} width={720} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{draft ? t('hint') : t('readOnly')}</Typography.Text>
          {q.error && <Alert type="warning" showIcon title={failureText(q.error) ?? String(q.error)} />}
          {q.data && !q.data.grids.length && <Alert type="info" showIcon title={t('none')} />}
        </Space>
        {q.data?.grids.map((g) =>
          draft ? (
            <StyleEditor
              key={g.key}
              orderId={id}
              grid={g}
              onSaved={() => {
                void q.refetch();
                onSaved();
              }}
            />
          ) : (
            <Card key={g.key} size="small" title={g.name} style={{ marginTop: 8 }}>
              <SizeGridView grid={g} testId="sizes-view" />
            </Card>
          ),
        )}
      </Modal>
    </>
  );
}

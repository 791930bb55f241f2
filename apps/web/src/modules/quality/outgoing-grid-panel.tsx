import { useState } from 'react';
import { Alert, Card, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { qty } from '../../platform/format.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { qualityApi, STATUS_COLOR } from './quality-api.ts';
import { useQualityT } from './quality-i18n.ts';
import { ColourSizeGrid } from '../../platform/colour-size-grid.tsx';
import { EntryDrawer } from './entry-drawer.tsx';

/**
 * 出货检验（鞋）: a sale outbound's outgoing inspections as one colour × size grid per material; each cell shows its
 * lot and verdict and opens the results entry of that cell's inspection (the per-item, per-sample keyboard grid).
 */
export function OutgoingGridPanel({ number }: { number: string }) {
  const { t } = useQualityT();
  const [open, setOpen] = useState<number>();
  const grid = useQuery({ queryKey: ['quality', 'grid', number], queryFn: () => qualityApi.grid(number) });
  if (grid.error) return <Alert type="warning" showIcon title={failureText(grid.error) ?? String(grid.error)} />;
  if (!grid.data) return null;
  return (
    <div data-testid="quality-cs-grids">
      <Typography.Text type="secondary">{t('gridHint')}</Typography.Text>
      {!grid.data.grids.length && <Alert type="info" showIcon title={t('gridEmpty')} style={{ marginTop: 8 }} />}
      {grid.data.grids.map((g) => {
        const at = new Map(g.cells.map((c) => [`${c.colour}\u0000${c.size}`, c]));
        return (
          <Card key={g.key} size="small" title={g.name} style={{ marginTop: 8 }}>
            <ColourSizeGrid
              testId={`cs-grid-${g.name}`}
              colours={g.colours}
              sizes={g.sizes}
              cell={(colour, size) => {
                const c = at.get(`${colour}\u0000${size}`);
                return c ? (
                  <>
                    <div>{qty(c.lotQty)}</div>
                    <Tag color={STATUS_COLOR[c.status]} style={{ margin: 0 }}>
                      {t(`s.${c.status}`)}
                    </Tag>
                  </>
                ) : null;
              }}
              onOpen={(colour, size) => setOpen(at.get(`${colour}\u0000${size}`)?.inspectionId)}
            />
          </Card>
        );
      })}
      <EntryDrawer
        id={open}
        onClose={() => {
          setOpen(undefined);
          void grid.refetch();
        }}
      />
    </div>
  );
}

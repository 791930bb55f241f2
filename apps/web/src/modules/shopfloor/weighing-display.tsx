import { Card, Space, Statistic, Tag } from 'antd';
import { qty } from '../../platform/format.ts';
import { useWeighT } from './weighing-i18n.ts';

export interface DisplayProps {
  /** The weight to show (the stable one when there is one), null before the first frame. */
  weight: string | null;
  unit: string;
  stable: boolean;
  net: string | null;
  garbage: number;
  frames: number;
}

/** The big live weight with its stable/unstable tag, readable from a few metres on a tablet or a phone. */
export function WeightDisplay({ weight, unit, stable, net, garbage, frames }: DisplayProps) {
  const { t } = useWeighT();
  return (
    <Card styles={{ body: { textAlign: 'center', padding: '16px 8px' } }}>
      <div
        data-testid="wg-weight"
        style={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 'clamp(44px, 13vw, 104px)',
          lineHeight: 1.1,
          fontWeight: 600,
          color: stable ? '#389e0d' : '#8c8c8c',
          wordBreak: 'break-all',
        }}
      >
        {weight === null ? '—' : qty(weight)}
        <span style={{ fontSize: '0.4em', marginLeft: 8 }}>{unit}</span>
      </div>
      <Space wrap size="large" style={{ marginTop: 8, justifyContent: 'center' }}>
        <Tag color={stable ? 'success' : weight === null ? 'default' : 'warning'} data-testid="wg-stable" style={{ fontSize: 16, padding: '4px 12px' }}>
          {stable ? t('stable') : weight === null ? t('waiting') : t('unstable')}
        </Tag>
        <Statistic title={t('net')} value={net === null ? '—' : `${qty(net)} ${unit}`} valueStyle={{ fontSize: 20 }} />
        <Statistic title={t('frames')} value={frames} valueStyle={{ fontSize: 20 }} />
        <span data-testid="wg-garbage">
          <Statistic title={t('garbage')} value={garbage} valueStyle={{ fontSize: 20 }} />
        </span>
      </Space>
    </Card>
  );
}

import { useState } from 'react';
import { Button, Card, Select, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { money } from '../../platform/format.ts';
import { crmApi, type BoardStage, type Card as OppCard } from './crm-api.ts';
import { useCrmT } from './crm-i18n.ts';
import { useRun } from './use-run.ts';
import { ApplyTemplate } from './apply-template.tsx';
import { OpportunityDialog } from './opportunity-dialog.tsx';

/** 商机看板: a column per stage with its count, total and weighted total; drag a card to another column to move it. */
export function BoardPage(_: ScreenProps) {
  const { t } = useCrmT();
  const run = useRun();
  const [ownerId, setOwnerId] = useState<number>();
  const [adding, setAdding] = useState(false);
  const [over, setOver] = useState<number>();
  const board = useQuery({ queryKey: ['crm', 'board', ownerId], queryFn: () => crmApi.board(ownerId) });
  const users = useQuery({ queryKey: ['crm', 'users'], queryFn: crmApi.users, staleTime: 60_000 });
  const drop = (stage: BoardStage, e: React.DragEvent) => {
    e.preventDefault();
    setOver(undefined);
    const id = Number(e.dataTransfer.getData('text/plain'));
    if (id && !stage.cards.some((c) => c.id === id)) void run(crmApi.move(id, stage.id));
  };
  const cur = board.data?.baseCurrency ?? '';
  return (
    <Card size="small" data-testid="crm-board-page">
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          placeholder={t('allOwners')}
          value={ownerId}
          onChange={setOwnerId}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.username }))}
        />
        <Button type="primary" onClick={() => setAdding(true)}>
          {t('addOpportunity')}
        </Button>
      </Space>
      <div style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8 }}>
        {(board.data?.stages ?? []).map((s) => (
          <div
            key={s.id}
            data-testid={`crm-stage-${s.name}`}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(s.id);
            }}
            onDragLeave={() => setOver(undefined)}
            onDrop={(e) => drop(s, e)}
            style={{ flex: '0 0 240px', background: over === s.id ? '#e6f4ff' : '#fafafa', borderRadius: 6, padding: 8, minHeight: 200 }}
          >
            <Typography.Text strong>
              {s.name} <Tag>{s.probability}%</Tag>
            </Typography.Text>
            <div style={{ fontSize: 12, color: '#888', margin: '4px 0 8px' }} data-testid="crm-stage-figures">
              {t('count', { count: s.count })} · {t('sum', { total: `${money(s.total)} ${cur}` })} · {t('weighted', { total: money(s.weighted) })}
            </div>
            {s.cards.map((c) => (
              <OppCardView key={c.id} c={c} cur={cur} />
            ))}
          </div>
        ))}
      </div>
      <OpportunityDialog open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}

function OppCardView({ c, cur }: { c: OppCard; cur: string }) {
  const { t } = useCrmT();
  const run = useRun();
  const [reason, setReason] = useState<string>();
  return (
    <Card
      size="small"
      draggable
      data-testid={`crm-card-${c.name}`}
      onDragStart={(e) => e.dataTransfer.setData('text/plain', String(c.id))}
      style={{ marginBottom: 8, cursor: 'grab' }}
      title={c.name}
      extra={
        <Space size={0}>
          <ApplyTemplate opportunityId={c.id} />
          <Button type="link" size="small" onClick={() => void run(crmApi.close(c.id, 'won'), t('ok'))}>
            {t('won')}
          </Button>
          <Button type="link" size="small" danger onClick={() => setReason(reason === undefined ? '' : undefined)}>
            {t('lost')}
          </Button>
        </Space>
      }
    >
      <div>{c.partnerName}</div>
      <div>
        {money(c.amount)} {c.currency}
        {c.currency !== cur && (
          <small style={{ color: '#888' }}>
            {' '}
            ≈ {money(c.baseAmount)} {cur}
          </small>
        )}
      </div>
      <small style={{ color: '#888' }}>
        {c.ownerName} {c.expectedClose ? `· ${c.expectedClose}` : ''}
      </small>
      {reason !== undefined && (
        <Space.Compact style={{ width: '100%', marginTop: 6 }}>
          <input style={{ flex: 1, minWidth: 0 }} placeholder={t('lostReason')} value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button size="small" danger disabled={!reason.trim()} onClick={() => void run(crmApi.close(c.id, 'lost', reason.trim()), t('ok'))}>
            {t('lost')}
          </Button>
        </Space.Compact>
      )}
    </Card>
  );
}

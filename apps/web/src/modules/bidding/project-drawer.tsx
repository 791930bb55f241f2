import { Descriptions, Drawer, Table, Tag, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { money, qty } from '../../platform/format.ts';
import { bidApi, type Bidder, type BidItem, type MoneyRow, type ReviewLine } from './bid-api.ts';
import { statusText, useBidT } from './bid-i18n.ts';
import { BidStatusTag } from './status-tag.tsx';
import { UploadField } from '../../platform/crud/upload-field.tsx';

/** A project's details: information, tender items, bidders, deposits and fees, reviews and the status history. */
export function ProjectDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useBidT();
  const d = useQuery({ queryKey: ['bid', 'detail', id], queryFn: () => bidApi.detail(id) }).data;
  const small = { size: 'small' as const, pagination: false as const, scroll: { x: 'max-content' }, bordered: true };
  return (
    <Drawer open width={Math.min(880, window.innerWidth)} title={d?.name} onClose={onClose} data-testid="bid-project-drawer">
      {d && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('status')}>
              <BidStatusTag status={d.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('tenderer')}>{d.tendererName}</Descriptions.Item>
            <Descriptions.Item label={t('agency')}>{d.agency}</Descriptions.Item>
            <Descriptions.Item label={t('budget')}>{money(d.budget)}</Descriptions.Item>
            <Descriptions.Item label={t('registrationDeadline')}>{d.registrationDeadline}</Descriptions.Item>
            <Descriptions.Item label={t('openingDate')}>{d.openingDate}</Descriptions.Item>
            <Descriptions.Item label={t('validUntil')}>{d.validUntil}</Descriptions.Item>
            <Descriptions.Item label={t('ourPrice')}>{money(d.ourPrice)}</Descriptions.Item>
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{t('items')}</h4>
          <Table<BidItem>
            {...small}
            rowKey={(r) => `${r.lot}-${r.name}`}
            dataSource={d.items}
            columns={[
              { title: t('lot'), dataIndex: 'lot' },
              { title: t('itemName'), dataIndex: 'name' },
              { title: t('qty'), dataIndex: 'qty', align: 'right', render: qty },
              { title: t('unit'), dataIndex: 'unit' },
              { title: t('budget'), dataIndex: 'budget', align: 'right', render: money },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('bidder')}</h4>
          <Table<Bidder>
            {...small}
            rowKey="id"
            dataSource={d.bidders}
            columns={[
              { title: t('bidder'), dataIndex: 'name', render: (v: string, r) => (r.isSelf ? <Tag color="blue">{v}</Tag> : v) },
              { title: t('openingPrice'), dataIndex: 'openingPrice', align: 'right', render: money },
              { title: t('score'), dataIndex: 'score', align: 'right', render: qty },
              { title: t('winner'), dataIndex: 'winner', render: (v: boolean) => (v ? <Tag color="green">{t('winner')}</Tag> : null) },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('money')}</h4>
          <Table<MoneyRow>
            {...small}
            rowKey="id"
            dataSource={d.money}
            columns={[
              { title: t('number'), dataIndex: 'number' },
              { title: t('amount'), dataIndex: 'amount', align: 'right', render: money },
              { title: t('approval'), dataIndex: 'status', render: (v: string) => t(`a.${v}`) },
              { title: t('payState'), dataIndex: 'payState', render: (v: string) => t(`p.${v}`) },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('reviews')}</h4>
          <Table<ReviewLine>
            {...small}
            rowKey="id"
            dataSource={d.reviews}
            columns={[
              { title: t('item'), dataIndex: 'item' },
              { title: t('reviewer'), dataIndex: 'reviewerName' },
              { title: t('result'), dataIndex: 'result', render: (v: string) => t(`r.${v}`) },
              { title: t('evidence'), dataIndex: 'evidence', render: (v: string | null) => (v ? <UploadField kind="files" value={v} disabled /> : null) },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('history')}</h4>
          <Timeline items={d.log.map((l) => ({ children: `${l.time} ${statusText(l.to)} ${l.actorName ?? ''} ${l.remark ?? ''}` }))} />
        </>
      )}
    </Drawer>
  );
}

import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { money } from '../../platform/format.ts';
import { bidApi, type Bidder } from './bid-api.ts';
import { useBidT } from './bid-i18n.ts';
import { useProjectOptions, useRun } from './use-bid.ts';

type Mode = 'competitor' | 'opening' | 'result';
const MODE: Record<string, Mode> = { '/bidding/competitor': 'competitor', '/bidding/opening': 'opening', '/bidding/winning_result': 'result' };
const STATUSES: Record<Mode, string> = {
  competitor: 'info,survey,qualification,registration,proposal,opening',
  opening: 'opening',
  result: 'opening,won,lost',
};
const AMOUNT = /^\d{1,18}(\.\d{1,6})?$/;

/** 竞争对手分析 (bidders, analysis, expected prices), 开标登记 (every bidder's opening price) and 中标结果登记 (the winner). */
export function BiddersPage({ path }: ScreenProps) {
  const mode = MODE[path] ?? 'competitor';
  const { t } = useBidT();
  const run = useRun();
  const projects = useProjectOptions(STATUSES[mode]);
  const [projectId, setProjectId] = useState<number>();
  const detail = useQuery({ queryKey: ['bid', 'detail', projectId], queryFn: () => bidApi.detail(projectId!), enabled: !!projectId });
  return (
    <Card size="small" data-testid="bid-bidders-page">
      <Select
        showSearch
        optionFilterProp="label"
        placeholder={t('pickProject')}
        style={{ width: 320, maxWidth: '100%', marginBottom: 12 }}
        options={projects}
        value={projectId}
        onChange={setProjectId}
        data-testid="bid-pick-project"
      />
      {detail.data && mode !== 'result' && (
        <BidderForm key={`${projectId}-${detail.dataUpdatedAt}`} projectId={projectId!} opening={mode === 'opening'} bidders={detail.data.bidders} />
      )}
      {detail.data && mode === 'result' && (
        <Table<Bidder>
          rowKey="id"
          size="middle"
          bordered
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={detail.data.bidders}
          columns={[
            { title: t('bidder'), dataIndex: 'name', render: (v: string, r) => (r.isSelf ? <Tag color="blue">{v}</Tag> : v) },
            { title: t('openingPrice'), dataIndex: 'openingPrice', align: 'right', render: money },
            { title: t('score'), dataIndex: 'score', align: 'right' },
            {
              title: t('winner'),
              key: 'w',
              render: (_: unknown, r) =>
                r.winner ? (
                  <Tag color="green">{t('winner')}</Tag>
                ) : detail.data.status === 'opening' ? (
                  <Popconfirm title={t('registerWin')} onConfirm={() => run(bidApi.result(projectId!, r.id!), t('ok'))}>
                    <Button type="link" size="small" data-testid="bid-register-win">
                      {t('registerWin')}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
}

/** The bidders of a project as an editable list: name, ourselves, analysis and expected price, or the opening price and score. */
function BidderForm({ projectId, opening, bidders }: { projectId: number; opening: boolean; bidders: Bidder[] }) {
  const { t } = useBidT();
  const run = useRun();
  const [form] = Form.useForm<{ bidders: Bidder[] }>();
  useEffect(() => form.setFieldsValue({ bidders }), [bidders, form]);
  const save = async () => {
    const v = await form.validateFields();
    // the fields this screen does not show are kept from what was saved (by bidder name)
    const rows = (v.bidders ?? []).map((b) => {
      const o: Partial<Bidder> = bidders.find((x) => x.name === b.name) ?? {};
      const pick = (k: 'analysis' | 'expectedPrice' | 'openingPrice' | 'score') => (b[k] !== undefined ? b[k] || null : (o[k] ?? null));
      return {
        name: b.name,
        isSelf: !!b.isSelf,
        analysis: pick('analysis'),
        expectedPrice: pick('expectedPrice'),
        openingPrice: pick('openingPrice'),
        score: pick('score'),
      };
    });
    await run(bidApi.saveBidders(projectId, rows, opening), t('ok'));
  };
  const price = opening ? 'openingPrice' : 'expectedPrice';
  return (
    <Form form={form} initialValues={{ bidders }}>
      <Form.List name="bidders">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="baseline" wrap data-testid="bid-bidder-row">
                <Form.Item name={[f.name, 'name']} rules={[{ required: true }]}>
                  <Input placeholder={t('bidder')} maxLength={100} style={{ width: 180 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'isSelf']} valuePropName="checked">
                  <Checkbox>{t('isSelf')}</Checkbox>
                </Form.Item>
                <Form.Item name={[f.name, price]} rules={[{ required: opening, pattern: AMOUNT, message: t(price) }]}>
                  <Input placeholder={t(price)} inputMode="decimal" style={{ width: 130 }} />
                </Form.Item>
                {opening ? (
                  <Form.Item name={[f.name, 'score']} rules={[{ pattern: AMOUNT }]}>
                    <Input placeholder={t('score')} inputMode="decimal" style={{ width: 80 }} />
                  </Form.Item>
                ) : (
                  <Form.Item name={[f.name, 'analysis']}>
                    <Input placeholder={t('analysis')} maxLength={1000} style={{ width: 260 }} />
                  </Form.Item>
                )}
                <Button type="link" danger onClick={() => remove(f.name)}>
                  {t('remove')}
                </Button>
              </Space>
            ))}
            <Space wrap>
              <Button type="dashed" onClick={() => add({ name: '', isSelf: fields.length === 0 })}>
                {t('addBidder')}
              </Button>
              <Button type="primary" onClick={() => void save()} data-testid="bid-save-bidders">
                {t('save')}
              </Button>
            </Space>
          </>
        )}
      </Form.List>
    </Form>
  );
}

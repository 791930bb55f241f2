import { useRef, useState } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Progress, Row, Space, Tabs, Tag, type InputRef } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { LinkSelect } from '../../platform/crud/link-select.tsx';
import { qty } from '../../platform/format.ts';
import { sfApi, type WoCard } from './sf-api.ts';
import { useSfT } from './sf-i18n.ts';
import { StatsPanel } from './stats-panel.tsx';
import { ACTIONS, type Action } from './workstation-actions.ts';
import { BackdateField, backdateTime } from './backdate-field.tsx';
import type { Dayjs } from 'dayjs';
import { pageButtons } from '../../platform/crud/permissions.ts';
import { useSaving } from '../../platform/use-saving.ts';

const STATUS_COLOR: Record<string, string> = { planned: 'default', released: 'blue', started: 'green', paused: 'orange', done: 'purple' };

interface ReportForm {
  goodQty?: number;
  scrapQty?: number;
  defectTypeId?: number;
  person?: string;
  hours?: number;
}

const reportBody = (workOrderId: number, v: ReportForm, reportTime?: string) => ({
  workOrderId,
  goodQty: String(v.goodQty ?? 0),
  ...(v.scrapQty && { scrapQty: String(v.scrapQty) }),
  ...(v.defectTypeId && { defectTypeId: v.defectTypeId }),
  ...(v.person && { person: v.person }),
  ...(v.hours && { hours: String(v.hours) }),
  ...(reportTime && { reportTime }),
});

/** 生产报工 on a tablet: scan a work order (a keyboard-wedge scanner types the code and Enter), start it, report good and scrap. */
function Workstation({ canReport }: { canReport: boolean }) {
  const { t } = useSfT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [card, setCard] = useState<WoCard>();
  const [busy, whileSaving] = useSaving();
  // 补报: the time start, pause, resume, finish and reports are dated (kept for the next paper report)
  const [back, setBack] = useState<Dayjs | null>(null);
  const [form] = Form.useForm<ReportForm>();
  const scanRef = useRef<InputRef>(null);
  const run = async <T,>(call: () => Promise<T>, after?: (r: T) => void) => {
    await whileSaving(async () => {
      after?.(await call());
    });
  };
  const refresh = async (id: number) => {
    setCard(await sfApi.card(id));
    void qc.invalidateQueries({ queryKey: ['shopfloor'] });
  };
  const scan = () =>
    code.trim() &&
    run(
      () => sfApi.scan(code.trim()),
      (c) => (setCard(c), setCode(''), form.resetFields()),
    );
  const act = (a: Action) =>
    card &&
    run(
      () => sfApi.execute(card.id, a, backdateTime(back)),
      () => refresh(card.id),
    );
  const report = (v: ReportForm) =>
    card &&
    run(
      () => sfApi.report(reportBody(card.id, v, backdateTime(back))),
      (r) => {
        message.success(r.message);
        form.resetFields();
        void refresh(card.id);
        scanRef.current?.focus();
      },
    );
  const big = { size: 'large' as const, style: { width: '100%' } };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Input.Search
        ref={scanRef}
        autoFocus
        size="large"
        data-testid="sf-scan"
        placeholder={t('scanHint')}
        enterButton={t('scan')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onSearch={scan}
      />
      {!card ? (
        <Card>{t('noCard')}</Card>
      ) : (
        <Card
          data-testid="sf-card"
          title={
            <Space wrap>
              <span>{card.woNo}</span>
              <Tag color={STATUS_COLOR[card.status]} data-testid="sf-status">
                {t(`s.${card.status}`)}
              </Tag>
            </Space>
          }
        >
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label={t('product')}>{card.product}</Descriptions.Item>
            <Descriptions.Item label={t('centre')}>{card.workCentre}</Descriptions.Item>
            <Descriptions.Item label={t('received')}>{qty(card.received)}</Descriptions.Item>
            <Descriptions.Item label={t('good')}>
              <span data-testid="sf-good">{qty(card.goodQty)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('scrap')}>{qty(card.scrapQty)}</Descriptions.Item>
            <Descriptions.Item label={t('available')}>{qty(card.available)}</Descriptions.Item>
          </Descriptions>
          <Progress percent={card.progress} data-testid="sf-progress" />
          {canReport && <BackdateField value={back} onChange={setBack} />}
          <Space wrap style={{ margin: '12px 0' }}>
            {(ACTIONS[card.status] ?? []).map((a) => (
              <Button
                key={a}
                size="large"
                type={a === 'start' || a === 'resume' ? 'primary' : 'default'}
                loading={busy}
                onClick={() => act(a)}
                data-testid={`sf-${a}`}
              >
                {t(a)}
              </Button>
            ))}
          </Space>
          {card.status === 'started' && (
            <Form form={form} layout="vertical" onFinish={report}>
              <Row gutter={12}>
                <Col xs={12} md={6}>
                  <Form.Item name="goodQty" label={t('good')}>
                    <InputNumber {...big} min={0} data-testid="sf-good-input" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="scrapQty" label={t('scrap')}>
                    <InputNumber {...big} min={0} data-testid="sf-scrap-input" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <div data-testid="sf-defect">
                    <Form.Item name="defectTypeId" label={t('defect')}>
                      <LinkSelect target="defectType" size="large" allowClear />
                    </Form.Item>
                  </div>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="person" label={t('person')}>
                    <Input size="large" maxLength={50} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="hours" label={t('hours')}>
                    <InputNumber {...big} min={0} />
                  </Form.Item>
                </Col>
              </Row>
              <Button type="primary" size="large" htmlType="submit" loading={busy} block data-testid="sf-report">
                {t('report')}
              </Button>
            </Form>
          )}
        </Card>
      )}
    </Space>
  );
}

export function WorkstationPage({ path }: ScreenProps) {
  const { t } = useSfT();
  // 补报 only for users who may report (button 1 of 生产报工)
  const canReport = pageButtons(path).has('1');
  return (
    <Tabs
      items={[
        { key: 'ws', label: t('workstation'), children: <Workstation canReport={canReport} /> },
        { key: 'stats', label: t('stats'), children: <StatsPanel /> },
      ]}
    />
  );
}

import { useEffect, useState } from 'react';
import { Alert, App, Button, Col, Form, InputNumber, Row, Select, Space, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Decimal } from 'decimal.js';
import type { ScreenProps } from '../../shell/screen.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { weighApi, type RecordBody } from './weighing-api.ts';
import { useWeighT } from './weighing-i18n.ts';
import { WeightDisplay } from './weighing-display.tsx';
import { TodayWeighings } from './weighing-today.tsx';
import { StationsPanel } from './weighing-stations.tsx';
import { useBrowserScale, webSerialSupported } from './weighing-web-serial.ts';
import { useSaving } from '../../platform/use-saving.ts';

const BROWSER = 'browser';
const big = { size: 'large' as const, style: { width: '100%' } };

/** The work order (and optionally its report) a weighing is for: open work orders, searchable by number or product. */
function WorkOrderPicker({ value, onChange }: { value?: number; onChange: (id?: number) => void }) {
  const { t } = useWeighT();
  const [search, setSearch] = useState('');
  const wos = useQuery({ queryKey: ['weighing', 'wos', search], queryFn: () => weighApi.workOrders(search || undefined), staleTime: 10_000 });
  return (
    <Select
      {...big}
      data-testid="wg-wo"
      showSearch
      allowClear
      filterOption={false}
      placeholder={t('chooseWo')}
      value={value}
      onSearch={setSearch}
      onChange={(v?: number) => onChange(v)}
      options={(wos.data ?? []).map((w) => ({ value: w.id, label: `${w.woNo} · ${w.product}${w.process ? ` · ${w.process}` : ''}` }))}
    />
  );
}

/** 称重: a station's (or this browser's) scale, live; pick the work order, tare, and record the net weight of a unit. */
function WeighPanel() {
  const { t } = useWeighT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const stations = useQuery({ queryKey: ['weighing', 'stations'], queryFn: weighApi.stations });
  const [source, setSource] = useState<number | typeof BROWSER>();
  const [woId, setWoId] = useState<number>();
  const [reportId, setReportId] = useState<number>();
  const [tare, setTare] = useState<string>('0');
  const [busy, whileSaving] = useSaving();
  const [baud, setBaud] = useState(9600);
  const browser = useBrowserScale();
  const stationId = typeof source === 'number' ? source : undefined;
  const station = stations.data?.find((s) => s.id === stationId);
  const enabled = (stations.data ?? []).filter((s) => s.enabled);
  useEffect(() => {
    if (!source && enabled.length === 1) setSource(enabled[0]!.id);
  }, [source, enabled]);
  useEffect(() => setTare(station?.tare ?? '0'), [station?.id, station?.tare]);
  const reading = useQuery({
    queryKey: ['weighing', 'reading', stationId],
    enabled: stationId !== undefined,
    queryFn: () => weighApi.reading(stationId!),
    refetchInterval: 400,
    retry: false,
  });
  const reports = useQuery({ queryKey: ['weighing', 'reports', woId], enabled: !!woId, queryFn: () => weighApi.reports(woId!) });

  const bs = browser.stable;
  const live =
    source === BROWSER
      ? {
          weight: bs?.weight ?? browser.state?.latest?.weight ?? null,
          unit: bs?.unit ?? browser.state?.latest?.unit ?? 'kg',
          stable: !!bs,
          frames: browser.state?.frames ?? 0,
          garbage: browser.state?.garbage ?? 0,
        }
      : {
          weight: reading.data?.stableWeight ?? reading.data?.weight ?? null,
          unit: reading.data?.unit ?? station?.unit ?? 'kg',
          stable: !!reading.data?.stable,
          frames: reading.data?.frames ?? 0,
          garbage: reading.data?.garbage ?? 0,
        };
  const net = live.stable && live.weight !== null ? new Decimal(live.weight).minus(tare || 0).toFixed() : null;
  const record = async () => {
    if (!woId) return;
    const body: RecordBody = { workOrderId: woId, tare: tare || '0', ...(reportId && { reportId }) };
    if (stationId) body.stationId = stationId;
    if (source === BROWSER && bs) Object.assign(body, { gross: bs.weight, unit: bs.unit });
    await whileSaving(async () => {
      const r = await weighApi.record(body);
      message.success(t('recorded', { net: r.net, unit: r.unit }));
      void qc.invalidateQueries({ queryKey: ['weighing', 'list'] });
    });
  };
  const readError = source === BROWSER ? browser.error : reading.error ? failureText(reading.error) : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Row gutter={[12, 12]}>
        <Col xs={24} md={12}>
          <Select
            {...big}
            data-testid="wg-station"
            placeholder={t('chooseStation')}
            value={source}
            onChange={(v: number | typeof BROWSER) => setSource(v)}
            options={[
              ...enabled.map((s) => ({ value: s.id, label: `${s.name}${s.workCentre ? ` · ${s.workCentre}` : ''}` })),
              ...(webSerialSupported() ? [{ value: BROWSER, label: t('browserScale') }] : []),
            ]}
          />
        </Col>
        {source === BROWSER && (
          <Col xs={24} md={12}>
            <Space.Compact style={{ width: '100%' }}>
              <Select size="large" value={baud} onChange={setBaud} options={[2400, 4800, 9600, 19200, 38400, 115200].map((b) => ({ value: b, label: b }))} />
              {browser.connected ? (
                <Button size="large" onClick={() => void browser.disconnect()}>
                  {t('disconnect')}
                </Button>
              ) : (
                <Button size="large" type="primary" onClick={() => void browser.connect(baud, 'auto')}>
                  {t('connect')}
                </Button>
              )}
            </Space.Compact>
          </Col>
        )}
      </Row>
      {readError && <Alert type="error" showIcon message={readError} data-testid="wg-error" />}
      <WeightDisplay {...live} net={net} />
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col xs={24} md={10}>
            <Form.Item label={t('workOrder')}>
              <WorkOrderPicker value={woId} onChange={(v) => (setWoId(v), setReportId(undefined))} />
            </Form.Item>
          </Col>
          <Col xs={14} md={8}>
            <Form.Item label={t('report')}>
              <Select
                {...big}
                allowClear
                disabled={!woId}
                value={reportId}
                onChange={(v?: number) => setReportId(v)}
                options={(reports.data ?? []).map((r) => ({ value: r.id, label: `#${r.id} · ${r.goodQty}${r.person ? ` · ${r.person}` : ''}` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={10} md={6}>
            <Form.Item label={`${t('tare')} (${live.unit})`}>
              <InputNumber {...big} data-testid="wg-tare" min="0" stringMode value={tare} onChange={(v) => setTare(v ?? '0')} />
            </Form.Item>
          </Col>
        </Row>
        <Button
          type="primary"
          size="large"
          block
          data-testid="wg-record"
          disabled={!woId || !live.stable || !net || Number(net) <= 0}
          loading={busy}
          onClick={() => void record()}
        >
          {t('record')}
        </Button>
      </Form>
      <TodayWeighings />
    </Space>
  );
}

/** 自动称重 (/manufacture/auto_weighing): weigh, and the company's weighing stations. */
export function WeighingPage(_: ScreenProps) {
  const { t } = useWeighT();
  return (
    <Tabs
      items={[
        { key: 'weigh', label: t('weigh'), children: <WeighPanel /> },
        { key: 'stations', label: t('stations'), children: <StationsPanel /> },
      ]}
    />
  );
}

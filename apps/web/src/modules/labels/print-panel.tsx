import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Input, InputNumber, Popover, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { failureText, saveFile, type Download } from '../../platform/crud/file-transfer.ts';
import { labelsApi, type LabelRecord, type PrintBody, type Template } from './labels-api.ts';
import { useLabelsT } from './labels-i18n.ts';
import { LabelPreview, previewLines } from './label-preview.tsx';

export interface PickedItem {
  record: LabelRecord;
  copies: number;
  quantity?: number;
}

/** Search materials (with a barcode) or work orders by code or name. */
function RecordPicker({ template, onPick }: { template: Template; onPick: (r: LabelRecord) => void }) {
  const { t } = useLabelsT();
  const [q, setQ] = useState('');
  const found = useQuery({ queryKey: ['labels', 'records', template.target, q], queryFn: () => labelsApi.records(template.target, q) });
  const byId = useMemo(() => new Map((found.data ?? []).map((r) => [r.id, r])), [found.data]);
  return (
    <Select<number>
      showSearch
      value={null}
      placeholder={`${t('pick', { what: t(`t.${template.target}`) })} — ${t('pickHint')}`}
      filterOption={false}
      onSearch={setQ}
      loading={found.isFetching}
      style={{ width: '100%' }}
      data-testid="lbl-pick"
      options={(found.data ?? []).map((r) => ({ value: r.id, label: `${r.code}  ${r.name}${r.spec ? ` ${r.spec}` : ''}` }))}
      onChange={(id) => {
        const r = byId.get(id);
        if (r) onPick(r);
      }}
    />
  );
}

/** What to print with a template: the records and their copies, batch and date, preview, PDF, ZPL, the network printer. */
export function PrintPanel({
  template,
  items,
  setItems,
}: {
  template: Template;
  items: PickedItem[];
  setItems: (f: (old: PickedItem[]) => PickedItem[]) => void;
}) {
  const { t } = useLabelsT();
  const { message } = App.useApp();
  const [batch, setBatch] = useState('');
  const [date, setDate] = useState<Dayjs | null>(null);
  const [host, setHost] = useState(() => localStorage.getItem('labels.printer') ?? '');
  const [port, setPort] = useState(9100);
  const [busy, setBusy] = useState<string>();
  const [focus, setFocus] = useState<number>();
  useEffect(() => setFocus(undefined), [template.id]);
  const shown = items.find((i) => i.record.id === focus) ?? items[0];
  const body = (): PrintBody => ({
    templateId: template.id,
    ids: items.map((i) => i.record.id),
    copies: items.map((i) => i.copies),
    ...(items.some((i) => i.quantity != null) && { quantities: items.map((i) => String(i.quantity ?? i.record.quantity ?? 0) || '0') }),
    ...(batch.trim() && { batch: batch.trim() }),
    ...(date && { date: date.format('YYYY-MM-DD') }),
  });
  const run = async (key: string, call: () => Promise<void>) => {
    if (!items.length) return void message.warning(t('nothing', { what: t(`t.${template.target}`) }));
    setBusy(key);
    try {
      await call();
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    } finally {
      setBusy(undefined);
    }
  };
  const download = (d: Download) => saveFile(d);
  const total = items.reduce((s, i) => s + i.copies, 0);
  const update = (id: number, patch: Partial<PickedItem>) => setItems((old) => old.map((i) => (i.record.id === id ? { ...i, ...patch } : i)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <RecordPicker
        template={template}
        onPick={(r) => setItems((old) => (old.some((i) => i.record.id === r.id) ? old : [...old, { record: r, copies: template.copies }]))}
      />
      <Table<PickedItem>
        size="small"
        rowKey={(i) => i.record.id}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="lbl-items"
        onRow={(i) => ({ onClick: () => setFocus(i.record.id) })}
        columns={[
          { title: t('code'), render: (_, i) => i.record.code },
          { title: t('f.name'), render: (_, i) => `${i.record.name}${i.record.spec ? ` ${i.record.spec}` : ''}` },
          {
            title: t('copies'),
            render: (_, i) => (
              <InputNumber
                size="small"
                min={1}
                max={1000}
                precision={0}
                value={i.copies}
                onChange={(v) => update(i.record.id, { copies: v ?? 1 })}
                data-testid="lbl-copies"
              />
            ),
          },
          {
            title: t('qty'),
            render: (_, i) => (
              <InputNumber
                size="small"
                min={0}
                value={i.quantity}
                placeholder={i.record.quantity}
                onChange={(v) => update(i.record.id, { quantity: v ?? undefined })}
              />
            ),
          },
          { title: '', render: (_, i) => <a onClick={() => setItems((old) => old.filter((x) => x !== i))}>{t('remove')}</a> },
        ]}
      />
      <Space wrap>
        <Input placeholder={t('batch')} value={batch} maxLength={40} onChange={(e) => setBatch(e.target.value)} style={{ width: 160 }} />
        <DatePicker placeholder={t('date')} value={date} onChange={setDate} />
        <Typography.Text type="secondary">{t('total', { n: total })}</Typography.Text>
      </Space>
      <Card size="small" title={t('preview')}>
        <LabelPreview
          template={template}
          record={shown?.record}
          lines={shown ? previewLines(template, shown.record, { batch, date: date?.format('YYYY-MM-DD'), quantity: shown.quantity?.toString() }) : []}
        />
      </Card>
      <Space wrap>
        <Button type="primary" loading={busy === 'pdf'} data-testid="lbl-pdf" onClick={() => run('pdf', async () => download(await labelsApi.pdf(body())))}>
          {t('pdf')}
        </Button>
        <Button loading={busy === 'zpl'} data-testid="lbl-zpl" onClick={() => run('zpl', async () => download(await labelsApi.zpl(body())))}>
          {t('zpl')}
        </Button>
        <Popover
          trigger="click"
          content={
            <Space direction="vertical">
              <Input addonBefore={t('host')} placeholder="192.168.1.50" value={host} onChange={(e) => setHost(e.target.value)} data-testid="lbl-host" />
              <InputNumber addonBefore={t('port')} min={1} max={65535} value={port} onChange={(v) => setPort(v ?? 9100)} />
              <Button
                type="primary"
                block
                loading={busy === 'send'}
                onClick={() =>
                  run('send', async () => {
                    localStorage.setItem('labels.printer', host.trim());
                    message.success((await labelsApi.send({ ...body(), host: host.trim(), port })).message);
                  })
                }
              >
                {t('send')}
              </Button>
            </Space>
          }
        >
          <Button data-testid="lbl-send">{t('send')}</Button>
        </Popover>
      </Space>
    </Space>
  );
}

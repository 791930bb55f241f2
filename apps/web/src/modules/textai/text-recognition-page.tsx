import { useState } from 'react';
import { Alert, App, Button, Card, Collapse, DatePicker, Input, Select, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useSaving } from '../../platform/use-saving.ts';
import { money } from '../../platform/format.ts';
import type { ScreenProps } from '../../shell/screen.ts';
import { AliasPanel } from './alias-panel.tsx';
import { DraftLines } from './draft-lines.tsx';
import { type DraftState, emptyLine, fromDraft, saveBody, total } from './draft-model.ts';
import { HighlightedText } from './highlighted-text.tsx';
import { type Draft, textaiApi } from './textai-api.ts';
import { useTextaiT } from './textai-i18n.ts';
import styles from './textai.module.css';

const SALE_ORDERS = '/bill/sale_order';

/** The draft's header: customer, delivery date and warehouse, each editable. */
function DraftHeader({ state, onChange }: { state: DraftState; onChange: (s: DraftState) => void }) {
  const { t } = useTextaiT();
  const customers = useQuery({ queryKey: ['textai', 'customers'], queryFn: textaiApi.customers, staleTime: 30000 });
  const depots = useQuery({ queryKey: ['textai', 'depots'], queryFn: textaiApi.depots, staleTime: 30000 });
  const options = (customers.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (state.customerId && !options.some((o) => o.value === state.customerId)) options.unshift({ value: state.customerId, label: state.customerName ?? '' });
  return (
    <div className={styles.header}>
      <label className={styles.field}>
        <span>{t('customer')}</span>
        <Select<number>
          data-testid="textai-customer"
          style={{ width: 200 }}
          value={state.customerId}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(id, o) => onChange({ ...state, customerId: id, customerName: (o as { label?: string })?.label })}
        />
      </label>
      <label className={styles.field}>
        <span>{t('deliveryDate')}</span>
        <DatePicker
          data-testid="textai-date"
          value={state.deliveryDate ? dayjs(state.deliveryDate) : null}
          onChange={(d) => onChange({ ...state, deliveryDate: d ? d.format('YYYY-MM-DD') : undefined })}
        />
      </label>
      <label className={styles.field}>
        <span>{t('depot')}</span>
        <Select<number>
          style={{ width: 160 }}
          allowClear
          value={state.depotId}
          options={(depots.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          onChange={(id) => onChange({ ...state, depotId: id })}
        />
      </label>
    </div>
  );
}

/** 文本识别 (SPEC §2.2 AI text views): paste a chat order, check the recognised draft, save it as a sales order. */
export function TextRecognitionPage(_: ScreenProps) {
  const { t } = useTextaiT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<{ text: string; result: Draft } | undefined>();
  const [state, setState] = useState<DraftState | undefined>();
  const [busy, whileSaving] = useSaving();
  const [saved, setSaved] = useState<string | undefined>();

  const recognize = async () => {
    setSaved(undefined);
    await whileSaving(async () => {
      const result = await textaiApi.recognize(text);
      const depots = await textaiApi.depots().catch(() => []);
      setDraft({ text: text.trim(), result });
      setState(fromDraft(result, (depots.find((d) => d.isDefault) ?? depots[0])?.id));
    });
  };

  const save = async () => {
    if (!state) return;
    const check = saveBody(state, dayjs().format('YYYY-MM-DD HH:mm:ss'));
    if (!check.ok) {
      message.warning(t(check.key, { n: check.n }));
      return;
    }
    await whileSaving(async () => {
      const r = await textaiApi.saveOrder(check.body);
      message.success(t('saved', { number: r.number }));
      setSaved(r.number);
    });
  };

  const nothing = draft && !draft.result.customer && draft.result.lines.length === 0;
  return (
    <div className={styles.page} data-testid="textai-page">
      <Card size="small">
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Input.TextArea
          data-testid="textai-input"
          aria-label={t('input')}
          rows={4}
          maxLength={1000}
          showCount
          value={text}
          placeholder={t('placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" loading={busy} onClick={() => void recognize()} data-testid="textai-recognize">
            {t('recognize')}
          </Button>
          <Button onClick={() => (setText(''), setDraft(undefined), setState(undefined), setSaved(undefined))}>{t('clear')}</Button>
        </Space>
      </Card>
      {draft && state && (
        <Card size="small" title={t('result')}>
          <HighlightedText text={draft.text} spans={draft.result.spans} />
          {nothing && <Alert style={{ marginTop: 8 }} type="info" showIcon title={t('nothing')} />}
          <div style={{ marginTop: 12 }}>
            <DraftHeader state={state} onChange={setState} />
            <DraftLines lines={state.lines} onChange={(lines) => setState({ ...state, lines })} />
          </div>
          <div className={styles.actions}>
            <Button icon={<PlusOutlined />} onClick={() => setState({ ...state, lines: [...state.lines, emptyLine()] })}>
              {t('addLine')}
            </Button>
            <Typography.Text strong data-testid="textai-total">
              {t('total', { v: money(total(state).toFixed()) })}
            </Typography.Text>
            <Button type="primary" loading={busy} disabled={Boolean(saved)} onClick={() => void save()} data-testid="textai-save">
              {t('save')}
            </Button>
          </div>
          {saved && (
            <Alert
              style={{ marginTop: 12 }}
              type="success"
              showIcon
              data-testid="textai-saved"
              title={t('saved', { number: saved })}
              action={<Button onClick={() => void navigate(SALE_ORDERS)}>{t('openList')}</Button>}
            />
          )}
        </Card>
      )}
      <Collapse size="small" items={[{ key: 'aliases', label: t('aliases'), children: <AliasPanel /> }]} />
    </div>
  );
}

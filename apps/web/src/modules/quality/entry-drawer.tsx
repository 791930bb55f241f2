import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Alert, Button, Descriptions, Drawer, Select, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMobile } from '../../platform/crud/use-mobile.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { qty } from '../../platform/format.ts';
import { UploadField, useUploading } from '../../platform/crud/upload-field.tsx';
import { dispositionsFor, qualityApi, STATUS_COLOR, type Disposition, type InspectionDetail, type Verdict } from './quality-api.ts';
import { useQualityT } from './quality-i18n.ts';
import { cellKey, cellState, EntryGrid } from './entry-grid.tsx';

/** Entered values by cell, and what the sampling rule suggests once every cell is filled. */
function tally(d: InspectionDetail | undefined, values: Record<string, string>) {
  if (!d) return { missing: 0, defective: 0, suggested: undefined as Verdict | undefined };
  let missing = 0;
  const bad = new Set<number>();
  for (let s = 1; s <= d.sampleSize; s++)
    for (const i of d.items) {
      const st = cellState(i, values[cellKey(s, i.itemId)]);
      if (!st || 'error' in st) missing++;
      else if (!st.ok) bad.add(s);
    }
  const suggested: Verdict | undefined = missing ? undefined : bad.size <= d.acceptNumber ? 'pass' : 'fail';
  return { missing, defective: bad.size, suggested };
}

/** One inspection: its lot, the results grid, the verdict and (failed incoming lots) the return to the supplier. */
export function EntryDrawer({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useQualityT();
  const { message } = App.useApp();
  const mobile = useMobile();
  const queryClient = useQueryClient();
  const d = useQuery({ queryKey: ['quality', 'detail', id], queryFn: () => qualityApi.detail(id!), enabled: !!id });
  const [values, setValues] = useState<Record<string, string>>({});
  const [disposition, setDisposition] = useState<Disposition>('return');
  const [pictures, setPictures] = useState('');
  const [busy, setBusy] = useState(false);
  const uploading = useUploading();
  const verdictRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    setValues(Object.fromEntries((d.data?.results ?? []).map((r) => [cellKey(r.sampleNo, r.itemId), r.value])));
  }, [d.data]);
  useEffect(() => setPictures(''), [id]);
  const allowed = dispositionsFor(d.data?.stage ?? '', d.data?.heldQty ?? 0);
  useEffect(() => setDisposition(allowed[0]!), [allowed[0]]);
  const sum = useMemo(() => tally(d.data, values), [d.data, values]);
  const pending = d.data?.status === 'pending';

  const run = async (call: () => Promise<unknown>, ok?: string) => {
    setBusy(true);
    try {
      await call();
      if (ok) message.success(ok);
      void queryClient.invalidateQueries({ queryKey: ['quality'] });
    } catch (e) {
      message.warning(failureText(e) ?? String(e));
    } finally {
      setBusy(false);
    }
  };
  const results = () =>
    Object.entries(values)
      .filter(([, v]) => v.trim())
      .map(([k, value]) => {
        const [sampleNo, itemId] = k.split(':').map(Number);
        return { sampleNo, itemId, value };
      });
  const save = () => run(() => qualityApi.results(id!, results()), t('save'));
  const decide = (verdict: Verdict) =>
    run(
      async () => {
        await qualityApi.results(id!, results());
        await qualityApi.verdict(id!, { verdict, ...(verdict === 'fail' && { disposition }), ...(pictures && { pictures }) });
      },
      t(`v.${verdict}`),
    );
  const giveBack = () => run(async () => message.success(t('returned', { n: (await qualityApi.returnToSupplier(id!)).returnNumber })));

  const x = d.data;
  const canReturn = x?.status === 'fail' && x.stage === 'incoming' && x.heldQty > 0;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width={mobile ? '100%' : 960}
      title={x ? `${x.number} · ${x.materialName}` : ''}
      destroyOnHidden
      extra={x && <Tag color={STATUS_COLOR[x.status]}>{t(`s.${x.status}`)}</Tag>}
    >
      {x && (
        <div
          data-testid="qc-entry"
          onKeyDown={(e) => {
            if ((e.ctrlKey || e.metaKey) && e.key === 's') {
              e.preventDefault();
              if (pending) void save();
            }
          }}
        >
          <Descriptions size="small" column={mobile ? 1 : 3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('source')}>{x.sourceNumber}</Descriptions.Item>
            <Descriptions.Item label={t('partner')}>{x.partnerName}</Descriptions.Item>
            <Descriptions.Item label={t('depot')}>{x.depotName}</Descriptions.Item>
            <Descriptions.Item label={t('lot')}>{qty(x.lotQty)}</Descriptions.Item>
            <Descriptions.Item label={t('held')}>{qty(x.heldQty)}</Descriptions.Item>
            <Descriptions.Item label={t('acRe')}>{`${x.sampleSize} · ${x.acceptNumber}/${x.rejectNumber}`}</Descriptions.Item>
          </Descriptions>
          {pending && <Alert type="info" showIcon message={t('keyHint')} style={{ marginBottom: 8 }} />}
          <EntryGrid
            items={x.items}
            samples={x.sampleSize}
            values={values}
            readOnly={!pending}
            onChange={(k, v) => setValues((o) => ({ ...o, [k]: v }))}
            onDone={() => verdictRef.current?.focus()}
          />
          <div style={{ margin: '12px 0' }} data-testid="qc-summary">
            {sum.missing ? t('missing', { n: sum.missing }) : t('suggested', { v: t(`s.${sum.suggested}`) })} · {t('defective')} {sum.defective}
          </div>
          {(pending || x.pictures) && (
            <div style={{ marginBottom: 12 }} data-testid="qc-pictures">
              <UploadField kind="images" value={pending ? pictures : x.pictures} onChange={setPictures} disabled={!pending} />
            </div>
          )}
          {pending && (
            <Space wrap>
              <Button onClick={save} disabled={busy} loading={uploading}>
                {t('save')}
              </Button>
              <Button
                ref={verdictRef}
                type="primary"
                danger={sum.suggested === 'fail'}
                loading={busy || uploading}
                disabled={!sum.suggested}
                onClick={() => decide(sum.suggested!)}
              >
                {sum.suggested ? t(`v.${sum.suggested}`) : t('v.pass')}
              </Button>
              <Select<Disposition>
                value={disposition}
                onChange={setDisposition}
                style={{ width: 120 }}
                aria-label={t('disposition')}
                options={allowed.map((v) => ({ value: v, label: t(`d.${v}`) }))}
              />
              {sum.suggested === 'pass' && (
                <Button danger onClick={() => decide('fail')} disabled={busy}>
                  {t('v.fail')}
                </Button>
              )}
              <Button onClick={() => decide('concession')} disabled={busy || !!sum.missing}>
                {t('v.concession')}
              </Button>
            </Space>
          )}
          {canReturn && (
            <Button type="primary" danger onClick={giveBack} loading={busy} data-testid="qc-return">
              {t('returnToSupplier')}
            </Button>
          )}
          {x.ncrs.map((n) => (
            <div key={n.id} style={{ marginTop: 8 }}>
              {t('ncr')} {n.number} · {t(`d.${n.disposition}`)} · {qty(n.qty)} {n.returnNumber && `· ${t('returned', { n: n.returnNumber })}`}
              {n.scrapNumber && ` · ${t('scrapped', { n: n.scrapNumber })}`}
              {n.reworkOrder && ` · ${t('reworkOrder', { n: n.reworkOrder })}`}
            </div>
          ))}
        </div>
      )}
    </Drawer>
  );
}

import { Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { labelsApi, type LabelField, type LabelRecord, type Template } from './labels-api.ts';

const CAPTION: Partial<Record<LabelField, string>> = {
  spec: '规格 ',
  model: '型号 ',
  unit: '单位 ',
  batch: '批号 ',
  date: '日期 ',
  quantity: '数量 ',
  woNo: '工单 ',
  moNo: '订单 ',
};

/** The label's lines as the PDF prints them (same order, empty fields left out). */
export function previewLines(t: Template, r: LabelRecord, extra: { batch?: string; date?: string; quantity?: string }): string[] {
  const value = (f: LabelField) => (f === 'batch' ? extra.batch : f === 'date' ? extra.date : f === 'quantity' ? (extra.quantity ?? r.quantity) : r[f]);
  return t.fields.flatMap((f) => {
    const v = value(f);
    return v ? [(CAPTION[f] ?? '') + v] : [];
  });
}

/** One label at its proportions: the barcode image the server renders (the same one the PDF places) beside or under its text. */
export function LabelPreview({ template, record, lines }: { template: Template; record?: LabelRecord; lines: string[] }) {
  // a data URL: nothing to revoke, so a picture never points at a freed blob while the next one loads
  const image = useQuery({
    queryKey: ['labels', 'preview', template.id, template.symbology, record?.id, record?.code],
    enabled: Boolean(record),
    retry: false,
    queryFn: async () => {
      const blob = await labelsApi.preview(template.id, record!.id);
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      });
    },
  });
  const src = image.data;
  if (!record) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const qr = template.symbology === 'qrcode';
  const scale = Math.min(4, 280 / template.widthMm);
  return (
    <div
      data-testid="lbl-preview"
      style={{
        width: template.widthMm * scale,
        height: template.heightMm * scale,
        maxWidth: '100%',
        border: '1px solid #bbb',
        borderRadius: 4,
        background: '#fff',
        color: '#000',
        padding: 1.5 * scale,
        display: 'flex',
        flexDirection: qr ? 'row' : 'column',
        gap: scale,
        overflow: 'hidden',
        boxSizing: 'border-box',
      }}
    >
      {qr && src && <img src={src} alt={record.code} style={{ height: '100%', aspectRatio: '1', objectFit: 'contain' }} />}
      <div style={{ flex: qr ? 1 : '0 1 auto', fontSize: Math.max(9, Math.min(13, scale * 3)), lineHeight: 1.25, overflow: 'hidden', whiteSpace: 'nowrap' }}>
        {lines.map((l, i) => (
          <div key={i} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {l}
          </div>
        ))}
      </div>
      {!qr && src && <img src={src} alt={record.code} style={{ flex: 1, minHeight: 0, width: '100%', objectFit: 'contain' }} />}
    </div>
  );
}

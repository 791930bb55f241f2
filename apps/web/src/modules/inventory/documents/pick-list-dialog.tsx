import { Alert, Button, Modal, Spin, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../../platform/http.ts';
import { failureText } from '../../../platform/crud/file-transfer.ts';
import { useDocumentT } from './document-i18n.ts';

/** One portion of a line as the server's pick list gives it (POST /depotHead/pickList, issue 24). */
export interface PickRow {
  depotId: number;
  depotName: string;
  areaId: number | null;
  areaName: string;
  areaCode: string | null;
  number: string;
  lineNo: number;
  materialName: string;
  model: string | null;
  unit: string | null;
  batchNumber: string | null;
  qty: number;
  suggested: boolean;
}

const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .pick-print-area, .pick-print-area * { visibility: visible !important; }
  .pick-print-area { position: absolute; left: 0; top: 0; width: 100%; }
}
.pick-print-area { font-size: 12px; color: #222; }
.pick-print-area h3 { font-size: 14px; margin: 12px 0 4px; }
.pick-print-area table { border-collapse: collapse; width: 100%; }
.pick-print-area th, .pick-print-area td { border: 1px solid #999; padding: 3px 6px; }
.pick-print-area th { background: #f5f5f5; }
.pick-wrap { overflow-x: auto; }`;

/** The rows by warehouse and area, in the server's walking order. */
function groups(rows: PickRow[]) {
  const out: Array<{ key: string; depotName: string; areaName: string | null; areaCode: string | null; rows: PickRow[] }> = [];
  for (const r of rows) {
    const key = `${r.depotId}:${r.areaId ?? ''}`;
    const last = out[out.length - 1];
    if (last?.key === key) last.rows.push(r);
    else out.push({ key, depotName: r.depotName, areaName: r.areaId === null ? null : r.areaName, areaCode: r.areaCode, rows: [r] });
  }
  return out;
}

/** The pick list (拣货单) of the selected outbound documents: by area in walking order, printable. */
export function PickListDialog({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useDocumentT();
  const q = useQuery({
    queryKey: ['bill-pick-list', ids],
    queryFn: async () => unwrap(await http.post<{ rows: PickRow[] }>('/depotHead/pickList', { ids })).rows,
  });
  return (
    <Modal
      open
      title={t('pickListTitle', { count: ids.length })}
      width={900}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!q.data} onClick={() => window.print()} data-testid="pick-print">
            {t('print')}
          </Button>
        </>
      }
    >
      <style>{PRINT_CSS}</style>
      {q.isLoading && <Spin />}
      {q.error && <Alert type="warning" showIcon message={failureText(q.error) || String(q.error)} data-testid="pick-error" />}
      {q.data && (
        <div className="pick-print-area" data-testid="pick-list">
          <div style={{ color: '#888', marginBottom: 4 }}>{t('pickListHint')}</div>
          {groups(q.data).map((g) => (
            <div key={g.key} className="pick-wrap" data-testid="pick-group">
              <h3>
                {g.depotName} · {g.areaName ?? t('pickUnassigned')}
                {g.areaCode ? ` (${g.areaCode})` : ''}
              </h3>
              <table>
                <thead>
                  <tr>
                    {[t('materialName'), t('unit'), t('batchNumber'), t('pickQty'), t('number'), t('lineNo'), t('pickDone')].map((h) => (
                      <th key={h}>{h}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {g.rows.map((r) => (
                    <tr key={`${r.number}-${r.lineNo}-${r.areaId}`}>
                      <td>
                        {[r.materialName, r.model].filter(Boolean).join(' ')}
                        {r.suggested && (
                          <Tag color="blue" style={{ marginLeft: 6 }}>
                            {t('pickSuggested')}
                          </Tag>
                        )}
                      </td>
                      <td>{r.unit}</td>
                      <td>{r.batchNumber}</td>
                      <td style={{ textAlign: 'right' }}>{r.qty}</td>
                      <td>{r.number}</td>
                      <td>{r.lineNo}</td>
                      <td style={{ width: 48 }} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>
      )}
    </Modal>
  );
}

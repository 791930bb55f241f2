import { useState } from 'react';
import { Alert, App, Button, Modal, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { failureText, uploadFiles } from './file-transfer.ts';
import { useCrudT } from './i18n.ts';

/** POST /<entity>/importExcel reply (docs/api.md): a report per row. */
export interface ImportReport {
  /** records: sheet rows, or groups of rows for a material (one per barcode row) */
  total: number;
  /** non-empty sheet rows read */
  rows?: number;
  succeeded: number;
  failed: Array<{ row: number; rows?: number[]; message: string }>;
}

/** The summary line: counted in rows, or in rows and records when several rows made one record. */
function summary(r: ImportReport, label: string, t: ReturnType<typeof useCrudT>['t']) {
  const counts = { total: r.total, succeeded: r.succeeded, failed: r.failed.length };
  return r.rows !== undefined && r.rows !== r.total ? t('importReportGrouped', { ...counts, rows: r.rows, label }) : t('importReport', counts);
}

/** Spreadsheet import: pick the file, upload it, show the per-row report. */
export function ImportDialog(props: { open: boolean; url: string; label: string; onClose: (imported: boolean) => void }) {
  const { t } = useCrudT();
  const { message } = App.useApp();
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport>();
  const [error, setError] = useState<string>();

  const close = () => {
    const imported = (report?.succeeded ?? 0) > 0;
    setFile(undefined);
    setReport(undefined);
    setError(undefined);
    props.onClose(imported);
  };

  const run = async () => {
    if (!file) {
      message.warning(t('importNone'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      setReport(await uploadFiles<ImportReport>(props.url, [file]));
    } catch (e) {
      setError(failureText(e) ?? t('uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('importTitle', { label: props.label })}
      open={props.open}
      width={640}
      onCancel={close}
      destroyOnHidden
      footer={
        report
          ? [
              <Button key="close" type="primary" onClick={close}>
                {t('close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('cancel')}
              </Button>,
              <Button key="run" type="primary" loading={busy} onClick={() => void run()} data-testid="import-run">
                {t('importRun')}
              </Button>,
            ]
      }
    >
      <div data-testid="import-dialog">
        {!report && (
          <>
            <Typography.Paragraph type="secondary">{t('importHint')}</Typography.Paragraph>
            <Upload.Dragger
              accept=".xlsx,.xls"
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(undefined)}
              fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('importPick')}</p>
            </Upload.Dragger>
          </>
        )}
        {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
        {report && (
          <>
            <Alert
              type={report.failed.length ? (report.succeeded ? 'warning' : 'error') : 'success'}
              showIcon
              title={summary(report, props.label, t)}
              data-testid="import-report"
            />
            {report.failed.length > 0 && (
              <Table
                style={{ marginTop: 12 }}
                size="small"
                rowKey="row"
                pagination={false}
                scroll={{ y: 300 }}
                dataSource={report.failed}
                columns={[
                  // a failed record spread over several rows names all of them
                  { title: t('importRow'), dataIndex: 'row', width: 110, render: (row: number, f) => (f.rows?.length ? f.rows.join(', ') : row) },
                  { title: t('importReason'), dataIndex: 'message' },
                ]}
              />
            )}
          </>
        )}
      </div>
    </Modal>
  );
}

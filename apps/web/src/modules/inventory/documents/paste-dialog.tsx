import { useState } from 'react';
import { Input, Modal } from 'antd';
import { useDocumentT } from './document-i18n.ts';

export interface PastedLine {
  barCode: string;
  operNumber: string;
  unitPrice?: string;
}

/** "barcode [quantity [price]]" per line, separated by tabs, commas or spaces (as copied from a sheet). */
export function parsePasted(text: string): PastedLine[] {
  return text
    .split(/\r?\n/)
    .map((l) =>
      l
        .trim()
        .split(/[\t,，\s]+/)
        .filter(Boolean),
    )
    .filter((p) => p.length)
    .map(([barCode, operNumber, unitPrice]) => ({ barCode, operNumber: operNumber ?? '1', unitPrice }));
}

/** Bulk entry: many lines at once from pasted text; each pasted line becomes its own document line. */
export function PasteDialog(props: { onOk: (lines: PastedLine[]) => Promise<void>; onClose: () => void }) {
  const { t } = useDocumentT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('pasteTitle')}
      width={640}
      onCancel={props.onClose}
      confirmLoading={busy}
      onOk={async () => {
        setBusy(true);
        try {
          await props.onOk(parsePasted(text));
        } finally {
          setBusy(false);
        }
      }}
      okButtonProps={{ ...({ 'data-testid': 'paste-ok' } as Record<string, string>) }}
    >
      <p style={{ color: '#8c8c8c' }}>{t('pasteHint')}</p>
      <Input.TextArea rows={12} value={text} onChange={(e) => setText(e.target.value)} data-testid="paste-text" />
    </Modal>
  );
}

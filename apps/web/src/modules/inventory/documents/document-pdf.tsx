import { useState } from 'react';
import { App, Button, Select } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { DocType } from '@erp/entities/document-types';
import { http, unwrap } from '../../../platform/http.ts';
import { failureText, postForFile, saveFile } from '../../../platform/crud/file-transfer.ts';
import { useDocumentT } from './document-i18n.ts';

interface TemplateChoice {
  id: number;
  name: string;
  isDefault: boolean;
}

/**
 * The server's PDF of the documents, laid out by the company's print template of their type (打印模板) or the
 * built-in one: the same pages whatever the browser, for archiving or mailing.
 */
export function PdfButton({ ids, docType }: { ids: number[]; docType: DocType }) {
  const { t } = useDocumentT();
  const { message } = App.useApp();
  const templates = useQuery({
    queryKey: ['print-templates', docType.key],
    queryFn: async () => unwrap(await http.get<TemplateChoice[]>('/printTemplate/ofType', { docKey: docType.key })),
  });
  const [chosen, setChosen] = useState<number>();
  const [busy, setBusy] = useState(false);
  const templateId = chosen ?? templates.data?.find((x) => x.isDefault)?.id;
  const go = async () => {
    setBusy(true);
    try {
      saveFile(await postForFile('/printTemplate/pdf', { ids, ...(templateId !== undefined ? { templateId } : {}) }, `${docType.label.zh}.pdf`));
    } catch (e) {
      const text = failureText(e);
      if (text) message.error(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {Boolean(templates.data?.length) && (
        <Select
          size="middle"
          style={{ minWidth: 140, marginRight: 8 }}
          value={templateId ?? 0}
          onChange={(v) => setChosen(v)}
          options={[{ value: 0, label: t('builtinLayout') }, ...(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))]}
          data-testid="print-template"
        />
      )}
      <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void go()} data-testid="print-pdf">
        {t('pdf')}
      </Button>
    </>
  );
}

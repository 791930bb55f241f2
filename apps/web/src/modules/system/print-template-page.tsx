import { useState } from 'react';
import { Button, Input, Modal, Space, Spin, Typography, type FormInstance } from 'antd';
import { EyeOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ENTITIES } from '@erp/entities/definitions';
import { i18n } from '../../platform/i18n/index.ts';
import { http, unwrap } from '../../platform/http.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';
import type { ScreenProps } from '../../shell/screen.ts';

const NS = 'printtpl';
const zh = {
  builtin: '插入默认模板',
  preview: '预览',
  previewTitle: '模板预览',
  sample: '该单据类型还没有单据：预览用的是示例数据。',
  chooseType: '请先选择单据类型',
  help: '变量：doc.number、doc.operTime、doc.partnerName、doc.totalPrice、doc.payable…；明细循环 {% for l in lines %}…{% endfor %}；过滤器 money、qty、capital（金额大写）。',
};
const en: typeof zh = {
  builtin: 'Insert the default layout',
  preview: 'Preview',
  previewTitle: 'Template preview',
  sample: 'No document of this type yet: the preview shows sample figures.',
  chooseType: 'Choose the document type first',
  help: 'Fields: doc.number, doc.operTime, doc.partnerName, doc.totalPrice, doc.payable…; lines: {% for l in lines %}…{% endfor %}; filters money, qty, capital (amount in Chinese capitals).',
};
i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en-US', NS, en, true, true);

/** The template's HTML: a code area, the built-in layout to start from, and a preview with real figures. */
function TemplateEditor({ form, value, onChange }: { form: FormInstance; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation(NS);
  const [preview, setPreview] = useState<{ html: string; sample: boolean }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const insertBuiltin = async () => onChange?.(unwrap(await http.get<{ html: string }>('/printTemplate/builtin')).html);
  const showPreview = async () => {
    const docKey = form.getFieldValue('docKey') as string | undefined;
    if (!docKey) return setError(t('chooseType'));
    setBusy(true);
    setError(undefined);
    try {
      setPreview(unwrap(await http.post<{ html: string; sample: boolean }>('/printTemplate/preview', { docKey, html: value ?? '' }, { silent: true })));
    } catch (e) {
      setError(failureText(e) ?? String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" icon={<FileTextOutlined />} onClick={() => void insertBuiltin()} data-testid="tpl-builtin">
          {t('builtin')}
        </Button>
        <Button size="small" icon={<EyeOutlined />} loading={busy} onClick={() => void showPreview()} data-testid="tpl-preview">
          {t('preview')}
        </Button>
      </Space>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 8, maxRows: 20 }}
        spellCheck={false}
        style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 12 }}
        data-testid="tpl-html"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('help')}
      </Typography.Text>
      {error && (
        <div>
          <Typography.Text type="danger" data-testid="tpl-error">
            {error}
          </Typography.Text>
        </div>
      )}
      <Modal open={Boolean(preview)} title={t('previewTitle')} width={880} footer={null} onCancel={() => setPreview(undefined)} destroyOnHidden>
        {preview?.sample && <Typography.Paragraph type="warning">{t('sample')}</Typography.Paragraph>}
        <Spin spinning={busy}>
          {/* sandboxed: the template's HTML runs no script here either */}
          <iframe
            title="preview"
            sandbox=""
            srcDoc={preview?.html}
            style={{ width: '100%', height: '60vh', border: '1px solid #eee', background: '#fff' }}
            data-testid="tpl-frame"
          />
        </Spin>
      </Modal>
    </div>
  );
}

/** 打印模板: the generic list and form of the definition, with the HTML editor and its preview. */
export function PrintTemplatePage({ path, title }: ScreenProps) {
  return <EntityListPage entity={ENTITIES.printTemplate} path={path} title={title} formFields={{ html: ({ form }) => <TemplateEditor form={form} /> }} />;
}

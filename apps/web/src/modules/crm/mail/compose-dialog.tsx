import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { UploadField, useUploading } from '../../../platform/crud/upload-field.tsx';
import { useRun } from '../use-run.ts';
import { mailApi } from './mail-api.ts';
import { useMailT } from './mail-i18n.ts';

/** What a new mail starts with: empty, or a reply to a mail (its sender, "Re:" subject, the quoted text). */
export interface Draft {
  to?: string;
  subject?: string;
  body?: string;
  replyToId?: number;
}

interface Values {
  to: string;
  cc?: string;
  subject: string;
  body?: string;
  files?: string;
}

const ADDRESS = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
const split = (s: string | undefined) => (s ?? '').split(/[,;\s]+/).filter(Boolean);

/** 写邮件 / 回复: sent through the user's SMTP server; recorded on the customers' timelines. */
export function ComposeDialog({ draft, onClose }: { draft: Draft | undefined; onClose: () => void }) {
  const { t } = useMailT();
  const run = useRun();
  const [form] = Form.useForm<Values>();
  const uploading = useUploading();
  useEffect(() => {
    if (draft) form.setFieldsValue({ to: draft.to ?? '', cc: '', subject: draft.subject ?? '', body: draft.body ?? '', files: '' });
  }, [draft, form]);
  const addresses = (required: boolean) => ({
    validator: async (_: unknown, v: string | undefined) => {
      const list = split(v);
      if (required && !list.length) throw new Error(t('to'));
      if (list.some((a) => !ADDRESS.test(a))) throw new Error(t('badAddress'));
    },
  });
  const send = async () => {
    const v = await form.validateFields();
    const cc = split(v.cc);
    const files = v.files || undefined;
    const body = { to: split(v.to), ...(cc.length ? { cc } : {}), subject: v.subject.trim(), body: v.body ?? '', replyToId: draft?.replyToId, files };
    if (await run(mailApi.send(body), t('sentOk'))) onClose();
  };
  return (
    <Modal
      open={!!draft}
      title={draft?.replyToId ? t('reply') : t('compose')}
      okText={t('send')}
      onCancel={onClose}
      onOk={() => void send()}
      okButtonProps={{ loading: uploading }}
      width="min(640px, 100vw)"
      destroyOnHidden
      data-testid="mail-compose"
    >
      <Form form={form} layout="vertical">
        <Form.Item name="to" label={t('to')} extra={t('toHint')} rules={[addresses(true)]}>
          <Input data-testid="mail-compose-to" />
        </Form.Item>
        <Form.Item name="cc" label={t('cc')} rules={[addresses(false)]}>
          <Input />
        </Form.Item>
        <Form.Item name="subject" label={t('subject')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={500} data-testid="mail-compose-subject" />
        </Form.Item>
        <Form.Item name="body" label={t('body')}>
          <Input.TextArea rows={8} maxLength={20000} data-testid="mail-compose-body" />
        </Form.Item>
        <Form.Item name="files" label={t('attachments')}>
          <UploadField kind="files" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A reply to a mail: to its sender (or, for a sent one, its recipients), "Re:" once, the original quoted. */
export function replyDraft(m: { id: number; direction: 'in' | 'out'; fromAddr: string; to: string[]; subject: string; sentTime: string; body: string }): Draft {
  const quoted = m.body
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  return {
    replyToId: m.id,
    to: m.direction === 'in' ? m.fromAddr : m.to.join(', '),
    subject: /^re:/i.test(m.subject) ? m.subject : `Re: ${m.subject}`,
    body: `\n\n${m.sentTime} ${m.fromAddr}:\n${quoted}`,
  };
}

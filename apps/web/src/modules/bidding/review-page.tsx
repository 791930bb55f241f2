import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { UploadField, useUploading } from '../../platform/crud/upload-field.tsx';
import { bidApi, type ReviewLine } from './bid-api.ts';
import { useBidT } from './bid-i18n.ts';
import { useProjectOptions, useRun } from './use-bid.ts';

/** 标书评审 (a checklist, each line with its reviewer) and 资质自评 (each requirement); each line may carry evidence files (uploads). */
export function ReviewPage({ path }: ScreenProps) {
  const kind = path === '/bidding/qualification' ? 'qualification' : 'document';
  const { t } = useBidT();
  const run = useRun();
  const projects = useProjectOptions('info,survey,qualification,registration,proposal');
  const users = useQuery({ queryKey: ['bid', 'users'], queryFn: bidApi.users, enabled: kind === 'document' });
  const [projectId, setProjectId] = useState<number>();
  const detail = useQuery({ queryKey: ['bid', 'detail', projectId], queryFn: () => bidApi.detail(projectId!), enabled: !!projectId });
  const [form] = Form.useForm<{ lines: ReviewLine[] }>();
  const uploading = useUploading();
  const lines = (detail.data?.reviews ?? []).filter((r) => r.kind === kind);
  useEffect(() => form.setFieldsValue({ lines }), [detail.dataUpdatedAt]);
  const save = async () => {
    const v = await form.validateFields();
    const body = (v.lines ?? []).map((l) => ({
      item: l.item,
      result: l.result,
      reviewerId: l.reviewerId ?? null,
      evidence: l.evidence || null,
      remark: l.remark || null,
    }));
    await run(bidApi.reviews(projectId!, kind, body), t('ok'));
  };
  const results = (['pending', 'pass', 'fail'] as const).map((r) => ({ value: r, label: t(`r.${r}`) }));
  return (
    <Card size="small" data-testid="bid-review-page">
      <Select
        showSearch
        optionFilterProp="label"
        placeholder={t('pickProject')}
        style={{ width: 320, maxWidth: '100%', marginBottom: 12 }}
        options={projects}
        value={projectId}
        onChange={setProjectId}
      />
      {projectId && (
        <Form form={form}>
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'item']} rules={[{ required: true }]}>
                      <Input placeholder={t('item')} maxLength={200} style={{ width: 220 }} />
                    </Form.Item>
                    {kind === 'document' ? (
                      <Form.Item name={[f.name, 'reviewerId']}>
                        <Select
                          allowClear
                          placeholder={t('reviewer')}
                          style={{ width: 140 }}
                          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.username }))}
                        />
                      </Form.Item>
                    ) : null}
                    <Form.Item name={[f.name, 'evidence']} label={t('evidence')}>
                      <UploadField kind="files" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'result']} rules={[{ required: true }]}>
                      <Select style={{ width: 110 }} options={results} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'remark']}>
                      <Input placeholder={t('remark')} maxLength={500} style={{ width: 160 }} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      {t('remove')}
                    </Button>
                  </Space>
                ))}
                <Space wrap>
                  <Button type="dashed" onClick={() => add({ item: '', result: 'pending' })}>
                    {t('addLine')}
                  </Button>
                  <Button type="primary" loading={uploading} onClick={() => void save()}>
                    {t('save')}
                  </Button>
                </Space>
              </>
            )}
          </Form.List>
        </Form>
      )}
    </Card>
  );
}

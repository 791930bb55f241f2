import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BlankFrame, useNumberParam, ymd } from './blank-frame.tsx';
import { needsApi } from './needs-api.ts';
import { useNeedsT } from './needs-i18n.ts';
import { useRun } from './use-run.ts';

/** /blank/newProcurementNeeds?projectId=: one procurement need of the project (material, quantity, needed-by date). */
export function NewProcurementNeedsPage() {
  const { t } = useNeedsT();
  const { t: tg } = useTranslation();
  const navigate = useNavigate();
  const run = useRun();
  const projectId = useNumberParam('projectId');
  const [form] = Form.useForm();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setTerm(typed.trim()), 250);
    return () => clearTimeout(h);
  }, [typed]);
  const found = useQuery({ queryKey: ['project', 'needs', 'materials', term], queryFn: () => needsApi.materials(term), staleTime: 30_000 });
  const options = [...new Map((found.data ?? []).map((m) => [m.id, { value: m.id, label: [m.name, m.standard].filter(Boolean).join(' ') }])).values()];
  const save = async () => {
    const v = await form.validateFields();
    const r = await run(
      needsApi.add({ projectId: projectId!, materialId: v.materialId, qty: String(v.qty), needDate: ymd(v.needDate)!, remark: v.remark }),
      t('saved'),
    );
    if (r) navigate(-1);
  };
  const title = tg('blank.newProcurementNeeds');
  if (!projectId) return <BlankFrame title={title}>{t('noProject')}</BlankFrame>;
  return (
    <BlankFrame title={title}>
      <Form form={form} layout="vertical" initialValues={{ needDate: dayjs().add(14, 'day') }} style={{ maxWidth: 640 }}>
        <Form.Item name="materialId" label={t('material')} rules={[{ required: true, message: t('required', { f: t('material') }) }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setTyped}
            placeholder={t('search')}
            options={options}
            loading={found.isFetching}
            data-testid="need-material"
          />
        </Form.Item>
        <Form.Item name="qty" label={t('qty')} rules={[{ required: true, message: t('required', { f: t('qty') }) }]}>
          <InputNumber min="0.000001" stringMode style={{ width: '100%' }} data-testid="need-qty" />
        </Form.Item>
        <Form.Item name="needDate" label={t('needDate')} rules={[{ required: true, message: t('required', { f: t('needDate') }) }]}>
          <DatePicker style={{ width: '100%' }} data-testid="need-date" />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Button type="primary" onClick={() => void save()} data-testid="save-need">
          {t('save')}
        </Button>
      </Form>
    </BlankFrame>
  );
}

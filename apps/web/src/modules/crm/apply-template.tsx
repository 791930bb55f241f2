import { useState } from 'react';
import { Button, DatePicker, Popover, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { crmApi } from './crm-api.ts';
import { useCrmT } from './crm-i18n.ts';
import { useRun } from './use-run.ts';

/** 应用模板 on an opportunity's card: a task template and a start day; each task is dated and sent to its assignee. */
export function ApplyTemplate({ opportunityId }: { opportunityId: number }) {
  const { t } = useCrmT();
  const run = useRun();
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState<number>();
  const [start, setStart] = useState<Dayjs | null>(null);
  const templates = useQuery({ queryKey: ['crm', 'templates'], queryFn: crmApi.templates, enabled: open });
  const apply = async () => {
    const r = await run(crmApi.applyTemplate(opportunityId, templateId!, start?.format('YYYY-MM-DD')), t('ok'));
    if (r) setOpen(false);
  };
  const content = (
    <Space direction="vertical" style={{ width: 240 }} data-testid="crm-apply-template">
      <Select
        style={{ width: '100%' }}
        placeholder={t('tplName')}
        value={templateId}
        onChange={setTemplateId}
        loading={templates.isLoading}
        options={(templates.data ?? []).map((x) => ({ value: x.id, label: `${x.name}（${x.items.length}）` }))}
      />
      <DatePicker style={{ width: '100%' }} placeholder={t('startDay')} value={start} onChange={setStart} />
      <Button type="primary" block disabled={!templateId} onClick={() => void apply()}>
        {t('applyTemplate')}
      </Button>
    </Space>
  );
  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottom">
      <Button type="link" size="small">
        {t('tasks')}
      </Button>
    </Popover>
  );
}

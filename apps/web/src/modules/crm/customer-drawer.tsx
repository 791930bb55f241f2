import { useState } from 'react';
import { Button, DatePicker, Descriptions, Drawer, Input, Select, Space, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { crmApi, type TimelineEntry } from './crm-api.ts';
import { useCrmT } from './crm-i18n.ts';
import { useRun } from './use-run.ts';
import { MailReader } from './mail/mail-reader.tsx';
import { ComposeDialog, type Draft } from './mail/compose-dialog.tsx';

const COLOR: Record<TimelineEntry['kind'], string> = { follow: 'blue', pool: 'gray', opportunity: 'green', mail: 'purple' };

/** A customer's page: its fields, the follow-up form and the one timeline of follow-ups, pool events, opportunities and mails. */
export function CustomerDrawer({ partnerId, onClose }: { partnerId: number | undefined; onClose: () => void }) {
  const { t } = useCrmT();
  const run = useRun();
  const [kind, setKind] = useState('call');
  const [content, setContent] = useState('');
  const [next, setNext] = useState<Dayjs | null>(null);
  const [mail, setMail] = useState<number>();
  const [draft, setDraft] = useState<Draft>();
  const q = useQuery({ queryKey: ['crm', 'detail', partnerId], queryFn: () => crmApi.detail(partnerId!), enabled: !!partnerId });
  const d = q.data;
  const add = async () => {
    const r = await run(crmApi.follow({ partnerId: partnerId!, kind, content: content.trim(), nextFollowDate: next?.format('YYYY-MM-DD') }), t('ok'));
    if (r) {
      setContent('');
      setNext(null);
    }
  };
  const label = (e: TimelineEntry) => {
    if (e.kind === 'follow') return `${t(`k.${e.subtype}`)}：${e.text}${e.nextFollowDate ? `（${t('nextFollow')} ${e.nextFollowDate}）` : ''}`;
    if (e.kind === 'pool') return `${t(`p.${e.subtype}`)}${e.text ? `（${e.text}）` : ''}`;
    if (e.kind === 'mail')
      return (
        <a onClick={() => setMail(e.id)} data-testid="crm-timeline-mail">
          {t(`m.${e.subtype}`)}：{e.text || '—'}
        </a>
      );
    return `${t(`o.${e.subtype}`)}：${e.text}`;
  };
  return (
    <Drawer open={!!partnerId} onClose={onClose} title={d?.name} width="min(640px, 100vw)" data-testid="crm-customer-drawer">
      {d && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'c', label: t('contacts'), children: d.contacts },
              { key: 'p', label: t('phone'), children: d.phone },
              { key: 'o', label: t('owner'), children: d.ownerName },
              { key: 'n', label: t('nextFollow'), children: d.nextFollowDate },
              { key: 'g', label: t('grade'), children: d.grade },
              { key: 't', label: t('tags'), children: d.tags },
            ]}
          />
          <Space.Compact style={{ width: '100%', margin: '12px 0' }}>
            <Select
              style={{ width: 90 }}
              value={kind}
              onChange={setKind}
              options={['call', 'visit', 'email', 'note'].map((k) => ({ value: k, label: t(`k.${k}`) }))}
            />
            <Input placeholder={t('content')} value={content} maxLength={2000} onChange={(e) => setContent(e.target.value)} data-testid="crm-follow-content" />
          </Space.Compact>
          <Space wrap style={{ marginBottom: 16 }}>
            <DatePicker placeholder={t('nextFollow')} value={next} onChange={setNext} />
            <Button type="primary" disabled={!content.trim()} onClick={() => void add()}>
              {t('addFollow')}
            </Button>
            {d.email && (
              <Button onClick={() => setDraft({ to: d.email! })} data-testid="crm-mail-compose">
                {t('writeMail')}
              </Button>
            )}
          </Space>
          <Timeline
            items={d.timeline.map((e) => ({
              key: `${e.kind}${e.id}`,
              color: COLOR[e.kind],
              children: (
                <div>
                  <div>{label(e)}</div>
                  <small>
                    {e.time} · {e.userName}
                  </small>
                </div>
              ),
            }))}
          />
          <MailReader id={mail} onClose={() => setMail(undefined)} onReply={(r) => (setMail(undefined), setDraft(r))} />
          <ComposeDialog draft={draft} onClose={() => setDraft(undefined)} />
        </>
      )}
    </Drawer>
  );
}

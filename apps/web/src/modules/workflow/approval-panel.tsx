import { App, Button, Divider, Space, Tag, Timeline } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DOC_STATUS } from '@erp/entities/document-status';
import { http, unwrap } from '../../platform/http.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { workflowApi, type Instance, type TimelineAction } from './workflow-api.ts';
import { useWorkflowT } from './workflow-i18n.ts';

const COLORS: Record<string, string> = { running: 'purple', returned: 'orange', passed: 'green', rejected: 'red', withdrawn: 'default' };

function ActionLine({ a }: { a: TimelineAction }) {
  const { t } = useWorkflowT();
  const who = a.onBehalfOfName ? `${a.actorName ?? ''}（${t('actingFor', { name: a.onBehalfOfName })}）` : (a.actorName ?? '');
  return (
    <span>
      {a.time} {a.nodeName ? `[${a.nodeName}] ` : ''}
      {who} {t(`a.${a.action}`, { to: a.targetUserName ?? '' })}
      {a.comment ? `：${a.comment}` : ''}
    </span>
  );
}

/**
 * The approval of a document on its form: submit (multi-level audit on, document unaudited), withdraw, and the
 * timeline of every instance with who acted, when, and their comment, and whom it waits for.
 */
export function ApprovalPanel(p: { docType: string; busId: number; status: string; onChange: () => void; readOnly?: boolean }) {
  const { t } = useWorkflowT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = ['wf-timeline', p.docType, p.busId];
  const timeline = useQuery({ queryKey: key, queryFn: () => workflowApi.timeline(p.docType, p.busId) });
  const multiLevel = useQuery({
    queryKey: ['wf-multi-level'],
    queryFn: async () => Boolean(unwrap(await http.get<{ multiLevelApprovalFlag?: boolean }>('/systemConfig/getCurrentInfo')).multiLevelApprovalFlag),
  });
  const run = async (call: Promise<{ message: string }>) => {
    try {
      message.success((await call).message);
      void queryClient.invalidateQueries({ queryKey: key });
      p.onChange();
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
  const instances: Instance[] = timeline.data ?? [];
  const running = instances.find((i) => i.status === 'running');
  const canSubmit = !p.readOnly && multiLevel.data && p.status === DOC_STATUS.unaudited;
  if (!instances.length && !canSubmit) return null;
  return (
    <div data-testid="wf-approval">
      <Divider plain>
        <Space>
          {t('timeline')}
          {canSubmit && (
            <Button size="small" type="primary" onClick={() => void run(workflowApi.submit(p.docType, p.busId))} data-testid="wf-submit">
              {t('submitApproval')}
            </Button>
          )}
          {running && !p.readOnly && p.status === DOC_STATUS.inApproval && (
            <Button size="small" onClick={() => void run(workflowApi.withdraw(running.id))} data-testid="wf-withdraw">
              {t('withdraw')}
            </Button>
          )}
        </Space>
      </Divider>
      {instances.map((i) => (
        <div key={i.id}>
          <Space style={{ marginBottom: 8 }}>
            <Tag color={COLORS[i.status]}>{t(`i.${i.status}`)}</Tag>
            {i.processName} v{i.version}
          </Space>
          <Timeline
            items={[
              ...i.actions.map((a, n) => ({ key: n, children: <ActionLine a={a} /> })),
              ...i.pending.map((w) => ({
                key: `w${w.id}`,
                color: 'gray',
                children: t('waitingFor', {
                  who: w.ownerName ? `${w.assigneeName}（${t('actingFor', { name: w.ownerName })}）` : w.assigneeName,
                  node: w.nodeName,
                }),
              })),
            ]}
          />
        </div>
      ))}
    </div>
  );
}

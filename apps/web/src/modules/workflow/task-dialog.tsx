import { useState } from 'react';
import { Button, Descriptions, Input, Modal, Space } from 'antd';
import type { Task } from './workflow-api.ts';
import { ApprovalPanel } from './approval-panel.tsx';
import { useWorkflowT } from './workflow-i18n.ts';

interface Props {
  task: Task;
  onPass: (comment: string) => Promise<boolean>;
  onReject: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

/**
 * One task to act on, as a message of type 0 opens it (`/workflow/todo?taskId=…`) or a click on its number in
 * the to-do list: the document, the node, the approval so far, a comment, pass and reject (a reason required).
 */
export function TaskDialog({ task, onPass, onReject, onClose }: Props) {
  const { t } = useWorkflowT();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (fn: (text: string) => Promise<boolean>) => {
    setBusy(true);
    const ok = await fn(comment.trim());
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Modal
      open
      width={640}
      title={`${task.docLabel} ${task.busNumber}`}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button danger disabled={!comment.trim()} loading={busy} onClick={() => void act(onReject)} data-testid="wf-dialog-reject">
            {t('reject')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void act(onPass)} data-testid="wf-dialog-pass">
            {t('pass')}
          </Button>
        </Space>
      }
    >
      <div data-testid="wf-task-dialog">
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('process')}>{task.processName}</Descriptions.Item>
          <Descriptions.Item label={t('node')}>{task.nodeName}</Descriptions.Item>
          <Descriptions.Item label={t('initiator')}>{task.initiatorName}</Descriptions.Item>
          <Descriptions.Item label={t('created')}>{task.createTime}</Descriptions.Item>
        </Descriptions>
        <ApprovalPanel docType={task.docType} busId={task.busId} status="9" readOnly onChange={() => undefined} />
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={t('commentHint')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          data-testid="wf-dialog-comment"
        />
      </div>
    </Modal>
  );
}

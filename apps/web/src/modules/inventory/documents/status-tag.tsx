import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOC_STATUS_VIEW, type DocStatus } from '@erp/entities/document-status';
import { isEnglish } from '../../../platform/i18n/index.ts';

/** A document status as a tag: the state machine's label and colour (packages/entities kit/document-status.ts). */
export function StatusTag({ status, color, testId }: { status: string; color?: string; testId?: string }) {
  const { i18n } = useTranslation();
  const view = DOC_STATUS_VIEW[status as DocStatus];
  return (
    <Tag color={color ?? view?.color} data-testid={testId} data-status={status}>
      {view ? view.label[isEnglish(i18n.language) ? 'en' : 'zh'] : status}
    </Tag>
  );
}

/** The status options of a list filter, in the order the state machine runs. */
export const statusLabel = (status: string, english: boolean) => DOC_STATUS_VIEW[status as DocStatus]?.label[english ? 'en' : 'zh'] ?? status;

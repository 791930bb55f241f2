import { Space } from 'antd';
import { useNavigate } from 'react-router';
import { http } from '../../platform/http.ts';
import { saveFile } from '../../platform/crud/file-transfer.ts';
import { displayName, splitFiles } from '../../platform/crud/use-file-urls.ts';
import { useProjectT } from './project-i18n.ts';

/** The uploaded files of a record (comma-joined names), each a link that downloads it. */
export function FileLinks({ value }: { value: unknown }) {
  return (
    <Space size={4} wrap>
      {splitFiles(value).map((f) => (
        <a key={f} onClick={() => void http.blob('/common/download', { fileName: f }).then((blob) => saveFile({ blob, fileName: displayName(f) }))}>
          {displayName(f)}
        </a>
      ))}
    </Space>
  );
}

/** A deliverable row's way to its versions and a new upload (/blank/newDeliverables?deliverableId=). */
export function VersionLink({ row }: { row: { id: number; projectId: number } }) {
  const { t } = useProjectT();
  const navigate = useNavigate();
  return (
    <a onClick={() => navigate(`/blank/newDeliverables?projectId=${row.projectId}&deliverableId=${row.id}`)} data-testid="deliverable-versions">
      {t('d.newVersion')}
    </a>
  );
}

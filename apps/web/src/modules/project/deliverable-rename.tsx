import { useState } from 'react';
import { Input, Modal, Space } from 'antd';
import { http, unwrap } from '../../platform/http.ts';
import { VersionLink } from './file-links.tsx';
import { useProjectT } from './project-i18n.ts';
import { useRun } from './use-run.ts';

/** A deliverable row's actions: its versions and 改名 (the server keeps every version and file, checks the name, audits). */
export function DeliverableActions({ row }: { row: { id: number; projectId: number; name?: unknown } }) {
  const { t } = useProjectT();
  const run = useRun();
  const [name, setName] = useState<string>();
  const save = () =>
    run(http.post('/project/deliverables/rename', { id: row.id, name: name ?? '' }).then(unwrap), t('saved')).then((ok) => {
      if (ok !== undefined) setName(undefined);
    });
  return (
    <Space size={8} wrap>
      <VersionLink row={row} />
      <a onClick={() => setName(String(row.name ?? ''))} data-testid={`deliverable-rename-${row.id}`}>
        {t('d.rename')}
      </a>
      <Modal open={name !== undefined} title={t('d.rename')} onOk={() => void save()} onCancel={() => setName(undefined)} destroyOnHidden>
        <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} onPressEnter={() => void save()} data-testid="deliverable-new-name" />
      </Modal>
    </Space>
  );
}

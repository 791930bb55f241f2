import { useState } from 'react';
import { Alert, App, Button } from 'antd';
import { ENTITIES } from '@erp/entities/definitions';
import type { ScreenProps } from '../../shell/screen.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { http, unwrap } from '../../platform/http.ts';
import { useInspectionCmtT } from './inspection-cmt-i18n.ts';

/** 点检计划: the kit's plan list, with a note on the daily job and a button running it now. */
export function InspectionPlanPage({ path, title }: ScreenProps) {
  const { t } = useInspectionCmtT();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      const r = unwrap(await http.post<{ created: number }>('/device/inspection/generate', {}));
      message.success(t('generated', { n: r.created }));
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('generateHint')}
        action={
          <Button size="small" type="primary" loading={busy} onClick={() => void generate()} data-testid="inspection-generate">
            {t('generate')}
          </Button>
        }
      />
      <EntityListPage entity={ENTITIES.deviceInspectionPlan} path={path} title={title} />
    </>
  );
}

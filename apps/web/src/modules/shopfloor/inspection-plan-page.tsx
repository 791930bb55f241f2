import { Alert, App, Button } from 'antd';
import { ENTITIES } from '@erp/entities/definitions';
import type { ScreenProps } from '../../shell/screen.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';
import { http, unwrap } from '../../platform/http.ts';
import { useInspectionCmtT } from './inspection-cmt-i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

/** 点检计划: the kit's plan list, with a note on the daily job and a button running it now. */
export function InspectionPlanPage({ path, title }: ScreenProps) {
  const { t } = useInspectionCmtT();
  const { message } = App.useApp();
  const [busy, whileSaving] = useSaving();
  const generate = async () => {
    await whileSaving(async () => {
      const r = unwrap(await http.post<{ created: number }>('/device/inspection/generate', {}));
      message.success(t('generated', { n: r.created }));
    });
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

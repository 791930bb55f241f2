import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../platform/session.ts';

export interface FramePageProps {
  path?: string;
  kind?: 'workflow' | 'print';
  /** workflow: whether the external site shows its own menu */
  isMenuShow?: boolean;
  instanceId?: string;
}

/** Address of the external print tool; deployments set VITE_PRINT_URL. */
const PRINT_BASE = import.meta.env.VITE_PRINT_URL ?? '/print';

function frameSrc({ path, kind, isMenuShow, instanceId }: FramePageProps & { path: string }): string {
  const token = getToken() ?? '';
  if (kind === 'print') {
    const sep = path.includes('?') ? '&' : '?';
    return `${PRINT_BASE}${path}${sep}token=${encodeURIComponent(token)}&env=${import.meta.env.MODE}&sysName=erp`;
  }
  const url = new URL(path, window.location.origin);
  if (isMenuShow !== undefined) url.searchParams.set('isMenuShow', String(isMenuShow));
  if (instanceId) url.searchParams.set('instanceId', instanceId);
  return url.toString();
}

/** Screens served by an external site (workflow approval, print templates) inside a frame (SPEC §2.3). */
export function FramePage(props: FramePageProps) {
  const { t } = useTranslation();
  if (!props.path) return <Alert type="warning" showIcon title={t('page.needPath')} data-testid="frame-no-path" />;
  return (
    <iframe
      title={props.path}
      src={frameSrc({ ...props, path: props.path })}
      style={{ width: '100%', height: 'calc(100vh - 200px)', minHeight: 480, border: 0, background: '#fff' }}
    />
  );
}

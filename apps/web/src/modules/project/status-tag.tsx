import { Tag } from 'antd';
import type { ProjectStatus } from './project-api.ts';
import { useProjectT } from './project-i18n.ts';

const COLOR: Record<ProjectStatus, string> = {
  new: 'default',
  progress: 'processing',
  online: 'cyan',
  acceptance: 'gold',
  summary: 'purple',
  closed: 'success',
};

export function StatusTag({ status }: { status: ProjectStatus }) {
  const { t } = useProjectT();
  return <Tag color={COLOR[status]}>{t(`s.${status}`)}</Tag>;
}

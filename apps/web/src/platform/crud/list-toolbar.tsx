import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  PrinterOutlined,
  ReloadOutlined,
  SearchOutlined,
  SettingOutlined,
  StopOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useCrudT } from './i18n.ts';

export interface ToolbarActions {
  add?: () => void;
  enable?: () => void;
  disable?: () => void;
  deleteBatch?: () => void;
  print?: () => void;
  exportXls?: () => void;
  importXls?: () => void;
  exporting?: boolean;
}

/** SPEC §2.3 table toolbar: actions on the left; toggle search, refresh and columns on the right. */
export function ListToolbar(props: {
  actions: ToolbarActions;
  selectedCount: number;
  onClearSelection: () => void;
  onToggleSearch?: () => void;
  onRefresh: () => void;
  onColumns: () => void;
  extra?: ReactNode;
}) {
  const { t } = useCrudT();
  const a = props.actions;
  const icon = (title: string, node: ReactNode, onClick: () => void, testId: string) => (
    <Tooltip title={title}>
      <Button type="text" icon={node} onClick={onClick} aria-label={title} data-testid={testId} />
    </Tooltip>
  );
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12, flexWrap: 'wrap' }} data-testid="list-toolbar">
      <Space wrap size={8}>
        {a.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={a.add} data-testid="list-add">
            {t('add')}
          </Button>
        )}
        {a.deleteBatch && (
          <Button danger icon={<DeleteOutlined />} onClick={a.deleteBatch} data-testid="list-delete">
            {t('delete')}
          </Button>
        )}
        {a.enable && (
          <Button icon={<CheckCircleOutlined />} onClick={a.enable} data-testid="list-enable">
            {t('enable')}
          </Button>
        )}
        {a.disable && (
          <Button icon={<StopOutlined />} onClick={a.disable} data-testid="list-disable">
            {t('disable')}
          </Button>
        )}
        {a.print && (
          <Button icon={<PrinterOutlined />} onClick={a.print} data-testid="list-print">
            {t('print')}
          </Button>
        )}
        {a.importXls && (
          <Button icon={<UploadOutlined />} onClick={a.importXls} data-testid="list-import">
            {t('import')}
          </Button>
        )}
        {a.exportXls && (
          <Button icon={<DownloadOutlined />} loading={a.exporting} onClick={a.exportXls} data-testid="list-export">
            {t('export')}
          </Button>
        )}
        {props.extra}
        {props.selectedCount > 0 && (
          <span style={{ color: '#8c8c8c' }}>
            {t('selected', { count: props.selectedCount })}
            <Button type="link" size="small" onClick={props.onClearSelection}>
              {t('clearSelection')}
            </Button>
          </span>
        )}
      </Space>
      <Space size={2} style={{ marginLeft: 'auto' }}>
        {props.onToggleSearch && icon(t('toggleSearch'), <SearchOutlined />, props.onToggleSearch, 'list-toggle-search')}
        {icon(t('refresh'), <ReloadOutlined />, props.onRefresh, 'list-refresh')}
        {icon(t('columns'), <SettingOutlined />, props.onColumns, 'list-columns')}
      </Space>
    </div>
  );
}

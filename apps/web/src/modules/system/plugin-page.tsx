import { App, Card, Switch, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../shell/screen.ts';
import { http, unwrap } from '../../platform/http.ts';
import { i18n } from '../../platform/i18n/index.ts';
import { pagePermissions } from '../../platform/crud/permissions.ts';

interface Plugin {
  code: string;
  name: string;
  englishName: string;
  description: string;
  version: string;
  enabled: boolean;
  menus: number;
}

const NS = 'plugins';
const zh = {
  name: '插件名称',
  code: '编码',
  description: '说明',
  version: '版本',
  menus: '菜单数',
  enabled: '启用',
  on: '已启用',
  off: '已停用',
  hint: '停用的插件：菜单从导航中隐藏，其接口返回 403（对本公司所有用户生效）。',
};
const en: typeof zh = {
  name: 'Plugin',
  code: 'Code',
  description: 'Description',
  version: 'Version',
  menus: 'Menus',
  enabled: 'Enabled',
  on: 'Enabled',
  off: 'Disabled',
  hint: 'A disabled plugin: its menus leave the navigation and its calls answer 403 (for every user of this company).',
};
i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en-US', NS, en, true, true);

/** 插件管理: the registered modules, switched on or off for this company (issue 24). */
export function PluginPage({ path }: ScreenProps) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canEdit = pagePermissions(path).edit;
  const english = i18n.language.startsWith('en');
  const list = useQuery({ queryKey: ['plugins'], queryFn: async () => unwrap(await http.get<{ rows: Plugin[] }>('/plugin/list')).rows });
  const toggle = useMutation({
    mutationFn: async (b: { code: string; enabled: boolean }) => unwrap(await http.post<{ message: string }>('/plugin/setStatus', b)),
    onSuccess: async (r) => {
      message.success(r.message);
      await qc.invalidateQueries({ queryKey: ['plugins'] });
      // the side menu loses or regains the plugin's entries
      await qc.invalidateQueries({ queryKey: ['menu'] });
    },
  });
  const columns = [
    { title: t('name'), key: 'name', width: 140, render: (_: unknown, r: Plugin) => (english ? r.englishName : r.name) },
    { title: t('code'), dataIndex: 'code', width: 110 },
    { title: t('description'), dataIndex: 'description', ellipsis: true },
    { title: t('version'), dataIndex: 'version', width: 80 },
    { title: t('menus'), dataIndex: 'menus', width: 80, align: 'right' as const },
    {
      title: t('enabled'),
      key: 'enabled',
      width: 120,
      render: (_: unknown, r: Plugin) =>
        canEdit ? (
          <Switch
            checked={r.enabled}
            loading={toggle.isPending && toggle.variables?.code === r.code}
            onChange={(enabled) => toggle.mutate({ code: r.code, enabled })}
            data-testid={`plugin-${r.code}`}
            aria-label={english ? r.englishName : r.name}
          />
        ) : (
          <Tag color={r.enabled ? 'success' : 'default'}>{r.enabled ? t('on') : t('off')}</Tag>
        ),
    },
  ];
  return (
    <Card size="small" title={t('hint')}>
      <Table<Plugin>
        rowKey="code"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 640 }}
      />
    </Card>
  );
}

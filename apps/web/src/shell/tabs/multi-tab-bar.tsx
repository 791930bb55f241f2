import { useLocation, useNavigate } from 'react-router';
import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMenuIndex } from '../menu-context.ts';
import { HOME_PATH, pageTitle } from '../menu-model.ts';
import { closeMany, closeTab, refreshTab, useTabs } from './tab-store.ts';

type Action = 'refresh' | 'close' | 'left' | 'right' | 'others';

/** The tab bar of the multipage layout with its closing rules and right-click menu (SPEC §2.3). */
export function MultiTabBar() {
  const { paths } = useTabs();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const index = useMenuIndex();
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();

  const close = (path: string) => {
    const r = closeTab(path, pathname);
    if (r.refused) message.warning(t(r.refused));
    else if (r.next) navigate(r.next);
  };

  const act = (path: string, action: Action) => {
    if (action === 'refresh') refreshTab(path);
    else if (action === 'close') close(path);
    else {
      const show = closeMany(path, action, pathname);
      if (show !== pathname) navigate(show);
    }
  };

  const menu = (path: string): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tabs.refresh') },
      { key: 'close', label: t('tabs.close') },
      { type: 'divider' },
      { key: 'left', label: t('tabs.closeLeft') },
      { key: 'right', label: t('tabs.closeRight') },
      { key: 'others', label: t('tabs.closeOthers') },
    ],
    onClick: ({ key }) => act(path, key as Action),
  });

  const items = paths.map((p) => ({
    key: p,
    closable: p !== HOME_PATH, // the home tab cannot be closed, so it shows no ×
    label: (
      <Dropdown trigger={['contextMenu']} menu={menu(p)}>
        <span data-tab={p}>{pageTitle(p, index, t, i18n.language)}</span>
      </Dropdown>
    ),
  }));

  return (
    <div style={{ background: '#fff', padding: '6px 12px 0', borderBottom: '1px solid #f0f0f0' }} data-testid="tab-bar" id="erp-tab-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={pathname}
        items={items}
        onChange={(k) => navigate(k)}
        onEdit={(k, action) => action === 'remove' && typeof k === 'string' && close(k)}
        tabBarStyle={{ margin: 0 }}
      />
    </div>
  );
}

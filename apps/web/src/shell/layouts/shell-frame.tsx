import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Drawer, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../platform/settings.ts';
import { cache } from '../../platform/storage.ts';
import { GlobalHeader } from '../header/global-header.tsx';
import { useMenuIndex } from '../menu-context.ts';
import { pageTitle } from '../menu-model.ts';
import { PageHeader } from '../page-header.tsx';
import { useShellRoutes, isTabPath } from '../shell-routes.tsx';
import { SideMenu } from '../side-menu.tsx';
import { KeepAliveOutlet } from '../tabs/keep-alive-outlet.tsx';
import { MultiTabBar } from '../tabs/multi-tab-bar.tsx';
import { openTab, pruneTabs } from '../tabs/tab-store.ts';
import { useAutoHideHeader } from '../use-auto-hide-header.ts';
import { useDevice } from '../use-device.ts';
import { ShellDialogs } from '../dialogs/shell-dialogs.tsx';
import { PayAdvert } from '../dialogs/pay-advert.tsx';
import { RecordFiling } from './record-filing.tsx';
import { SiderLogo } from './sider-logo.tsx';

export const SIDER_WIDTH = 180;
export const SIDER_COLLAPSED_WIDTH = 80;

/** Side-menu / top-menu / mobile layouts of SPEC §2.3 around the kept-alive tab content. */
export function ShellFrame() {
  const settings = useSettings();
  const device = useDevice();
  const index = useMenuIndex();
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  // narrow and mobile screens start with the sidebar closed (SPEC §4 device state)
  const [collapsed, setCollapsed] = useState(device !== 'desktop');
  useEffect(() => setCollapsed(device !== 'desktop'), [device]);

  const routes = useShellRoutes(index);
  const isTab = isTabPath(pathname, index);
  useEffect(() => {
    if (!isTab) return;
    openTab(pathname);
    // SPEC §2.3: a menu tab's title and English name are cached under a key made from its url
    const leaf = index.leaves.get(pathname);
    if (leaf) cache.set(`menu_title:${leaf.url}`, { title: leaf.text, englishName: leaf.englishName }, null);
  }, [pathname, isTab, index]);
  useEffect(() => pruneTabs((p) => isTabPath(p, index)), [index]);
  useEffect(() => {
    document.title = `${pageTitle(pathname, index, t, i18n.language)} - ${t('app.title')}`;
  }, [pathname, index, t, i18n.language]);

  const mobile = device === 'mobile';
  const top = settings.layout === 'topmenu' && !mobile;
  const dark = settings.navTheme === 'dark';
  const headerHidden = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);
  const fixedWidth = top && settings.contentWidth === 'Fixed';

  const header = (
    <div
      style={{
        position: settings.fixedHeader ? 'sticky' : 'relative',
        top: 0,
        zIndex: 20,
        transform: headerHidden ? 'translateY(-100%)' : undefined,
        transition: 'transform 0.2s',
      }}
      data-testid="header"
    >
      <GlobalHeader
        device={device}
        collapsed={collapsed}
        onToggle={() => setCollapsed((c) => !c)}
        dark={top && dark}
        left={
          top ? (
            <div style={{ display: 'flex', alignItems: 'center', flex: 1, minWidth: 0 }}>
              <div style={{ width: 165, flex: 'none' }}>
                <SiderLogo collapsed={false} dark={dark} />
              </div>
              <SideMenu mode="horizontal" dark={dark} />
            </div>
          ) : undefined
        }
      />
      {settings.multipage && <MultiTabBar />}
    </div>
  );

  const sider = mobile ? (
    <Drawer
      placement="left"
      open={!collapsed}
      onClose={() => setCollapsed(true)}
      size={SIDER_WIDTH}
      closable={false}
      styles={{ body: { padding: 0, background: dark ? '#001529' : '#fff' } }}
      data-testid="menu-drawer"
    >
      <SiderLogo collapsed={false} dark={dark} />
      <SideMenu mode="inline" dark={dark} onNavigate={() => setCollapsed(true)} />
    </Drawer>
  ) : top ? null : (
    <Layout.Sider
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      theme={dark ? 'dark' : 'light'}
      style={{
        boxShadow: '2px 0 6px rgba(0, 21, 41, 0.06)',
        zIndex: 30,
        ...(settings.fixSiderbar ? { position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' } : {}),
      }}
      data-testid="sider"
    >
      <SiderLogo collapsed={collapsed} dark={dark} />
      <SideMenu mode="inline" dark={dark} collapsed={collapsed} />
    </Layout.Sider>
  );

  return (
    <ShellDialogs>
      <Layout style={{ minHeight: '100vh' }} data-layout={top ? 'topmenu' : mobile ? 'mobile' : 'sidemenu'}>
        {sider}
        <Layout style={{ minWidth: 0 }}>
          {header}
          <Layout.Content style={{ padding: mobile ? 8 : 12 }}>
            <div style={fixedWidth ? { maxWidth: 1200, margin: '0 auto' } : undefined}>
              <PayAdvert device={device} />
              <PageHeader />
              <KeepAliveOutlet routes={routes} isTab={isTab} />
            </div>
          </Layout.Content>
          <Layout.Footer style={{ padding: '16px 0 20px', background: 'transparent' }}>
            <RecordFiling />
          </Layout.Footer>
        </Layout>
      </Layout>
    </ShellDialogs>
  );
}

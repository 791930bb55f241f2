import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../platform/i18n/lang-switch.tsx';
import type { Device } from '../use-device.ts';
import { FullScreenToggle } from './full-screen-toggle.tsx';
import { MenuSearch } from './menu-search.tsx';
import { NoticeBell } from './notice-bell.tsx';
import { MailShortcut } from './mail-shortcut.tsx';
import { UserMenu } from './user-menu.tsx';
import { confirmLogout } from './logout.ts';
import { Logo } from '../layouts/logo.tsx';
import styles from './global-header.module.css';

interface Props {
  device: Device;
  collapsed: boolean;
  onToggle: () => void;
  dark: boolean;
  /** top-menu layout: logo and horizontal menu instead of the collapse trigger */
  left?: ReactNode;
}

/** Header bar (SPEC §2.3): search, bell, mail, full screen, language, user menu, logout. */
export function GlobalHeader({ device, collapsed, onToggle, dark, left }: Props) {
  const { t } = useTranslation();
  const mobile = device === 'mobile';
  const action = dark ? `${styles.action} ${styles.dark}` : styles.action;
  return (
    <div className={styles.bar} style={{ background: dark ? '#001529' : '#fff', color: dark ? '#fff' : undefined }}>
      {left ?? (
        <span
          className={action}
          role="button"
          onClick={onToggle}
          data-testid="menu-trigger"
          aria-label={t(collapsed ? 'header.expandMenu' : 'header.collapseMenu')}
        >
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </span>
      )}
      {mobile && <Logo size={26} />}
      <div className={styles.right} style={left ? { width: 360, flex: 'none' } : undefined}>
        {!mobile && <MenuSearch width={left ? 150 : 200} />}
        <NoticeBell className={action} />
        <MailShortcut className={action} />
        {!mobile && <FullScreenToggle className={action} />}
        <LangSwitch className={action} />
        <UserMenu compact={mobile || Boolean(left)} dark={dark} />
        <Tooltip title={t('header.logout')}>
          <span className={action} role="button" onClick={confirmLogout} data-testid="logout">
            <LogoutOutlined />
          </span>
        </Tooltip>
      </div>
    </div>
  );
}

import { Avatar, Dropdown, theme, type MenuProps } from 'antd';
import { ApartmentOutlined, BankOutlined, KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../platform/session.ts';
import { greetingKey } from '../greeting.ts';
import { useOpenDialog } from '../dialogs/dialog-context.ts';
import { confirmLogout } from './logout.ts';

/** Avatar menu: greeting with nickname, settings, password, company and department switch, logout. */
export function UserMenu({ compact, dark }: { compact?: boolean; dark?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const openDialog = useOpenDialog();
  const { token } = theme.useToken();
  const name = user?.username ?? user?.loginName ?? '';
  const welcome = t('header.welcome', { greeting: t(`header.greeting.${greetingKey()}`), name });

  const items: MenuProps['items'] = [
    { key: 'welcome', label: <span data-testid="welcome">{welcome}</span>, disabled: true },
    { type: 'divider' },
    { key: 'settings', icon: <SettingOutlined />, label: t('header.settings') },
    { key: 'password', icon: <KeyOutlined />, label: t('header.changePwd') },
    { key: 'company', icon: <BankOutlined />, label: t('header.switchCompany') },
    { key: 'depart', icon: <ApartmentOutlined />, label: t('header.switchDepart') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'settings' || key === 'password' || key === 'company' || key === 'depart') openDialog(key);
  };

  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click', 'hover']}>
      <span
        role="button"
        data-testid="user-menu"
        id="erp-user-menu"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer', padding: '0 8px', color: dark ? '#fff' : undefined }}
      >
        <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
        {!compact && <span>{name}</span>}
      </span>
    </Dropdown>
  );
}

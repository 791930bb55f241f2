import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../platform/i18n/index.ts';
import { useMenuIndex } from './menu-context.ts';
import { isExternal, visibleTree, type MenuEntry } from './menu-model.ts';
import { MenuIcon } from './menu-icons.tsx';
import { openTab } from './tabs/tab-store.ts';
import styles from './side-menu.module.css';

type Items = NonNullable<MenuProps['items']>;

const subKey = (n: MenuEntry) => `sub:${n.number}`;

function toItems(nodes: MenuEntry[], lang: string, top: boolean): Items {
  return nodes.map((n) => {
    const label = localTitle(n.text, n.englishName, lang);
    const icon = top ? <MenuIcon name={n.icon} /> : undefined;
    if (n.children?.length) return { key: subKey(n), label, icon, children: toItems(n.children, lang, false) };
    return { key: n.url, label: <span data-menu={n.url}>{label}</span>, icon, title: label };
  });
}

interface Props {
  mode: 'inline' | 'horizontal';
  dark: boolean;
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The side (or top) menu built from the permission menu (SPEC §2.3). */
export function SideMenu({ mode, dark, collapsed = false, onNavigate }: Props) {
  const index = useMenuIndex();
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => toItems(visibleTree(index.tree), i18n.language, true), [index, i18n.language]);
  const parents = useMemo(() => index.leaves.get(pathname)?.parents.map(subKey) ?? [], [index, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(parents);
  // submenus open before collapsing come back when the menu expands again
  const remembered = useRef<string[]>([]);

  useEffect(() => {
    if (collapsed) {
      setOpenKeys((cur) => {
        remembered.current = cur;
        return [];
      });
    } else {
      setOpenKeys(remembered.current.length ? remembered.current : parents);
    }
    // only on collapse changes: following the path is the next effect's job
  }, [collapsed]);

  useEffect(() => {
    if (!collapsed && mode === 'inline') setOpenKeys((cur) => [...new Set([...cur, ...parents])]);
  }, [parents, collapsed, mode]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isExternal(key)) window.open(key, '_blank', 'noopener');
    else {
      // the tab opens on the click: a second click while this page is still loading interrupts its render,
      // and the tab would otherwise never be opened
      openTab(key);
      navigate(key);
    }
    onNavigate?.();
  };

  return (
    <Menu
      mode={mode}
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={[pathname]}
      onClick={onClick}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      {...(mode === 'inline' ? { openKeys, onOpenChange: setOpenKeys } : {})}
      className={mode === 'inline' && !collapsed ? styles.wrap : undefined}
      style={{ borderInlineEnd: 0, flex: mode === 'horizontal' ? 1 : undefined, minWidth: 0 }}
      data-testid={mode === 'inline' ? 'side-menu' : 'top-menu'}
    />
  );
}

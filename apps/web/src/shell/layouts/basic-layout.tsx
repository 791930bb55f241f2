import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import { clearSession, useSession } from '../../platform/session.ts';
import { MenuContext } from '../menu-context.ts';
import { buildMenuIndex, type MenuEntry } from '../menu-model.ts';
import { resetTabs } from '../tabs/tab-store.ts';
import { ShellFrame } from './shell-frame.tsx';
import { PageProviders } from './page-providers.tsx';
import { usePageViews } from '../page-view.ts';
import { useUserEnhance } from '../user-enhance.ts';

/**
 * The signed-in app: fetches the permission menu, then renders the shell whose routes come from
 * it. A failed permission fetch logs the user out (SPEC §2.1).
 */
export function BasicLayout() {
  return (
    <PageProviders>
      <MenuGate />
    </PageProviders>
  );
}

function MenuGate() {
  const { userId } = useSession();
  const navigate = useNavigate();
  usePageViews();
  useUserEnhance();
  const menu = useQuery({
    queryKey: ['menu', userId],
    queryFn: async () => unwrap(await http.post<MenuEntry[]>('/function/findMenuByPNumber', { pNumber: '0', userId })),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!menu.isError) return;
    clearSession();
    resetTabs();
    navigate('/user/login', { replace: true });
  }, [menu.isError, navigate]);

  const index = useMemo(() => (menu.data ? buildMenuIndex(menu.data) : undefined), [menu.data]);
  if (!index) return <Spin fullscreen spinning />;
  return (
    <MenuContext.Provider value={index}>
      <ShellFrame />
    </MenuContext.Provider>
  );
}

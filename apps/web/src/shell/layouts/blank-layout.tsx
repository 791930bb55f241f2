import { Outlet } from 'react-router';
import { PageProviders } from './page-providers.tsx';

/**
 * Blank layout: a full page without menus (SPEC §2.1 /blank and /extra routes). Its pages query the server and
 * show refusals like the shell's screens, so it gives them the same query client (one cache: a list refreshed
 * from a /blank form is fresh in the shell) and antd's message.
 */
export function BlankLayout() {
  return (
    <PageProviders>
      <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: 24 }}>
        <Outlet />
      </div>
    </PageProviders>
  );
}

import { Outlet } from 'react-router';

/** Blank layout: a full page without menus (SPEC §2.1 /blank and /extra routes). */
export function BlankLayout() {
  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: 24 }}>
      <Outlet />
    </div>
  );
}

import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spin } from 'antd';

/** /redirect{path}: re-enters a page so it mounts afresh (tab "refresh"). */
export function RedirectPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(pathname.replace(/^\/redirect/, '') + search || '/', { replace: true });
  }, [navigate, pathname, search]);
  return <Spin style={{ display: 'block', margin: 48 }} />;
}

import { Link, useLocation } from 'react-router';
import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../platform/i18n/index.ts';
import { useMenuIndex } from './menu-context.ts';
import { HOME_PATH, pageTitle } from './menu-model.ts';

/** Breadcrumb (home first, current not a link) and the page title from the route's meta (SPEC §2.3). */
export function PageHeader() {
  const { pathname } = useLocation();
  const index = useMenuIndex();
  const { t, i18n } = useTranslation();
  if (pathname === HOME_PATH || pathname.startsWith('/redirect')) return null;
  const leaf = index.leaves.get(pathname);
  const title = pageTitle(pathname, index, t, i18n.language);
  const items = [
    {
      key: 'home',
      title: (
        <Link to={HOME_PATH}>
          <HomeOutlined /> {t('menu.home')}
        </Link>
      ),
    },
    ...(leaf?.parents ?? []).map((p) => ({ key: p.number, title: localTitle(p.text, p.englishName, i18n.language) })),
    { key: 'current', title: <span data-testid="breadcrumb-current">{title}</span> },
  ];
  return (
    <div style={{ background: '#fff', padding: '12px 20px 14px', marginBottom: 12, borderRadius: 4 }} data-testid="page-header">
      <Breadcrumb items={items} />
      <div style={{ fontSize: 18, fontWeight: 600, marginTop: 8, color: 'rgba(0,0,0,0.88)' }} data-testid="page-title">
        {title}
      </div>
    </div>
  );
}

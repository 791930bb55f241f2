import { useEffect } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isEnglish } from '../platform/i18n/index.ts';
import { useSettings } from '../platform/settings.ts';
import { buildTheme } from './theme.ts';
import { RootFeedback } from './feedback-bridge.tsx';
import { router } from './router.tsx';

/**
 * Providers every page needs. Deliberately small: the sign-in page loads this entry, so server
 * data (TanStack Query), dayjs and antd's <App> with its Modal live in the shell's chunk.
 */
export function AppRoot() {
  const settings = useSettings();
  const { i18n } = useTranslation();
  const en = isEnglish(i18n.language);

  useEffect(() => {
    document.documentElement.lang = i18n.language;
    document.documentElement.classList.toggle('color-weak', settings.colorWeak);
    document.documentElement.style.setProperty('--erp-primary', settings.primaryColor);
  }, [i18n.language, settings.colorWeak, settings.primaryColor]);

  return (
    <ConfigProvider locale={en ? enUS : zhCN} theme={buildTheme(settings)}>
      <RootFeedback>
        <RouterProvider router={router} />
      </RootFeedback>
    </ConfigProvider>
  );
}

import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS, setLang } from './index.ts';

/**
 * The sign-in page's language switch: plain links instead of the header's popover, so the
 * first page users load does not carry antd's Tooltip/Popover (bench/RESULTS.md).
 */
export function LangLinks() {
  const { t, i18n } = useTranslation();
  return (
    <span data-testid="lang-switch" style={{ display: 'inline-flex', alignItems: 'center', gap: 10, fontSize: 14 }}>
      <TranslationOutlined aria-label={t('lang.label')} style={{ fontSize: 16, color: 'rgba(0,0,0,0.65)' }} />
      {LANGS.map((lang) => {
        const active = i18n.language === lang;
        return (
          <a
            key={lang}
            role="button"
            data-lang={lang}
            aria-pressed={active}
            onClick={() => setLang(lang)}
            style={{ color: active ? '#1677ff' : 'rgba(0,0,0,0.65)', fontWeight: active ? 600 : 400, cursor: 'pointer' }}
          >
            {lang === 'zh-CN' ? t('lang.zh') : t('lang.en')}
          </a>
        );
      })}
    </span>
  );
}

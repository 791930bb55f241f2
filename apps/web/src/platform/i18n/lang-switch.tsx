import { useState } from 'react';
import { Popover } from 'antd';
import { CheckOutlined, TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS, setLang } from './index.ts';

const CODE_STYLE = {
  display: 'inline-block',
  minWidth: 24,
  marginRight: 8,
  padding: '0 4px',
  border: '1px solid #d9d9d9',
  borderRadius: 3,
  fontSize: 11,
  lineHeight: '16px',
  textAlign: 'center',
  color: 'rgba(0,0,0,0.65)',
} as const;

/**
 * Language switch of the header and the sign-in page. Opens on click (touch screens have no
 * hover). A Popover rather than a Dropdown: the Dropdown drags antd's Menu into the sign-in
 * page's bundle (~20 KB gzip).
 */
export function LangSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const content = (
    <div role="menu" style={{ minWidth: 120 }}>
      {LANGS.map((lang) => (
        <div
          key={lang}
          role="menuitem"
          data-lang={lang}
          onClick={() => {
            setLang(lang);
            setOpen(false);
          }}
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, padding: '6px 8px', cursor: 'pointer', borderRadius: 4 }}
        >
          {/* a text badge, not a flag emoji: without an emoji font those render as empty boxes */}
          <span>
            <span data-lang-code style={CODE_STYLE}>
              {lang === 'zh-CN' ? '中' : 'EN'}
            </span>
            {lang === 'zh-CN' ? t('lang.zh') : t('lang.en')}
          </span>
          {i18n.language === lang && <CheckOutlined style={{ color: '#1890ff' }} />}
        </div>
      ))}
    </div>
  );
  return (
    <Popover trigger="click" content={content} open={open} onOpenChange={setOpen} placement="bottomRight" arrow={false} styles={{ container: { padding: 4 } }}>
      <span className={className} role="button" aria-label={t('lang.label')} data-testid="lang-switch" style={{ cursor: 'pointer' }}>
        <TranslationOutlined />
      </span>
    </Popover>
  );
}

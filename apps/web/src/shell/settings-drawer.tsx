import { updateTheme } from '../platform/theme-update.ts';
import type { ReactNode } from 'react';
import { App, Divider, Drawer, Select, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXTRA_COLORS, THEME_COLORS, updateSettings, useSettings, type UiSettings } from '../platform/settings.ts';

function Swatch({ color, title, active, onClick }: { color: string; title: string; active: boolean; onClick: () => void }) {
  return (
    <Tooltip title={title}>
      <span
        role="button"
        aria-label={title}
        data-color={color}
        onClick={onClick}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          verticalAlign: 'top',
          width: 22,
          height: 22,
          borderRadius: 3,
          marginRight: 8,
          marginBottom: 8,
          cursor: 'pointer',
          background: color,
          color: '#fff',
        }}
      >
        {active && <CheckOutlined style={{ fontSize: 12 }} />}
      </span>
    </Tooltip>
  );
}

function StyleCard({ dark, active, title, onClick }: { dark: boolean; active: boolean; title: string; onClick: () => void }) {
  return (
    <Tooltip title={title}>
      <span
        role="button"
        aria-label={title}
        onClick={onClick}
        style={{
          position: 'relative',
          display: 'inline-block',
          width: 48,
          height: 40,
          marginRight: 16,
          borderRadius: 4,
          cursor: 'pointer',
          background: '#f0f2f5',
          boxShadow: '0 1px 2.5px rgba(0,0,0,0.18)',
          overflow: 'hidden',
        }}
      >
        <span style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: 14, background: dark ? '#001529' : '#fff' }} />
        <span style={{ position: 'absolute', left: 14, right: 0, top: 0, height: 10, background: '#fff' }} />
        {active && <CheckOutlined style={{ position: 'absolute', right: 6, bottom: 6, color: '#1890ff' }} />}
      </span>
    </Tooltip>
  );
}

/** Interface settings (SPEC §2.3), persisted locally with the SPEC §9 defaults. */
export function SettingsDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const s = useSettings();
  const set = (patch: Partial<UiSettings>) => updateSettings(patch);
  const top = s.layout === 'topmenu';

  const setColor = (color: string) => {
    if (color.toLowerCase() === s.primaryColor.toLowerCase()) return;
    try {
      updateTheme(color, (c) => set({ primaryColor: c }));
    } catch (e) {
      void message.error((e as Error).message);
      return;
    }
    // SPEC §2.3: a page reload follows a theme colour change
    void message.loading(t('settings.colorReload'), 0.6).then(() => window.location.reload());
  };

  const row = (title: ReactNode, action: ReactNode, tip?: string) => (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px 0' }}>
      <span>{title}</span>
      {tip ? (
        <Tooltip title={tip} placement="left">
          <span>{action}</span>
        </Tooltip>
      ) : (
        action
      )}
    </div>
  );

  return (
    <Drawer open size={300} title={t('settings.title')} onClose={onClose} data-testid="settings-drawer">
      <h4>{t('settings.navTheme')}</h4>
      <StyleCard dark title={t('settings.dark')} active={s.navTheme === 'dark'} onClick={() => set({ navTheme: 'dark' })} />
      <StyleCard dark={false} title={t('settings.light')} active={s.navTheme === 'light'} onClick={() => set({ navTheme: 'light' })} />
      <Divider />
      <h4>{t('settings.color')}</h4>
      <div>
        {THEME_COLORS.map((c) => (
          <Swatch
            key={c.key}
            color={c.color}
            title={t(`settings.colors.${c.key}`)}
            active={s.primaryColor.toLowerCase() === c.color}
            onClick={() => setColor(c.color)}
          />
        ))}
      </div>
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, margin: '4px 0' }}>{t('settings.moreColors')}</div>
      <div>
        {EXTRA_COLORS.map((c) => (
          <Swatch key={c} color={c} title={c} active={s.primaryColor.toLowerCase() === c.toLowerCase()} onClick={() => setColor(c)} />
        ))}
      </div>
      <Divider />
      <h4>{t('settings.layout')}</h4>
      <Select
        style={{ width: '100%', marginBottom: 8 }}
        value={s.layout}
        onChange={(layout) => set({ layout })}
        options={[
          { value: 'sidemenu', label: t('settings.sideMenu') },
          { value: 'topmenu', label: t('settings.topMenu') },
        ]}
        data-testid="settings-layout"
      />
      <div>
        {row(
          t('settings.contentWidth'),
          <Select
            size="small"
            style={{ width: 80 }}
            disabled={!top}
            value={s.contentWidth}
            onChange={(contentWidth) => set({ contentWidth })}
            options={[
              { value: 'Fixed', label: t('settings.fixed') },
              { value: 'Fluid', label: t('settings.fluid') },
            ]}
          />,
          top ? undefined : t('settings.contentWidthTip'),
        )}
        {row(t('settings.fixedHeader'), <Switch size="small" checked={s.fixedHeader} onChange={(fixedHeader) => set({ fixedHeader })} />)}
        {row(
          t('settings.autoHideHeader'),
          <Switch size="small" disabled={!s.fixedHeader} checked={s.autoHideHeader} onChange={(autoHideHeader) => set({ autoHideHeader })} />,
          s.fixedHeader ? undefined : t('settings.autoHideHeaderTip'),
        )}
        {row(
          t('settings.fixSider'),
          <Switch size="small" disabled={top} checked={s.fixSiderbar} onChange={(fixSiderbar) => set({ fixSiderbar })} data-testid="settings-fix-sider" />,
          top ? t('settings.fixSiderTip') : undefined,
        )}
      </div>
      <Divider />
      <h4>{t('settings.other')}</h4>
      <div>
        {row(t('settings.colorWeak'), <Switch size="small" checked={s.colorWeak} onChange={(colorWeak) => set({ colorWeak })} />)}
        {row(
          t('settings.multipage'),
          <Switch size="small" checked={s.multipage} onChange={(multipage) => set({ multipage })} data-testid="settings-multipage" />,
        )}
      </div>
    </Drawer>
  );
}

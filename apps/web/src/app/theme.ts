import type { ThemeConfig } from 'antd';
import type { UiSettings } from '../platform/settings.ts';

/** antd theme from the interface settings; antd derives hover/active shades from colorPrimary. */
export function buildTheme(s: UiSettings): ThemeConfig {
  return {
    token: {
      colorPrimary: s.primaryColor,
      colorInfo: s.primaryColor,
      borderRadius: 4,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Noto Sans CJK SC', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: { headerHeight: 48, headerPadding: '0 12px', siderBg: s.navTheme === 'dark' ? '#001529' : '#fff', bodyBg: '#f0f2f5' },
      Menu: { itemHeight: 40, subMenuItemBg: 'transparent' },
    },
  };
}

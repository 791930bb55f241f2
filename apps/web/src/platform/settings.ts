import { useSyncExternalStore } from 'react';
import { cache, CACHE_KEYS } from './storage.ts';

/** Interface settings of the settings drawer, persisted locally (SPEC §2.3, §9 defaults). */
export interface UiSettings {
  navTheme: 'light' | 'dark';
  primaryColor: string;
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fluid' | 'Fixed';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
}

export const DEFAULT_COLOR = '#1890ff';

export const DEFAULT_SETTINGS: UiSettings = {
  navTheme: 'light',
  primaryColor: DEFAULT_COLOR,
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multipage: true,
};

/** SPEC §2.3 colour list (names are i18n keys under settings.colors). */
export const THEME_COLORS: Array<{ key: string; color: string }> = [
  { key: 'red', color: '#f5222d' },
  { key: 'volcano', color: '#fa541c' },
  { key: 'dusk', color: '#faad14' },
  { key: 'cyan', color: '#13c2c2' },
  { key: 'green', color: '#52c41a' },
  { key: 'daybreak', color: '#1890ff' },
  { key: 'geek', color: '#2f54eb' },
  { key: 'sky', color: '#0ea5e9' },
  { key: 'graphite', color: '#545c64' },
];

/** SPEC §2.3 second colour option set. */
export const EXTRA_COLORS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

const listeners = new Set<() => void>();
let current: UiSettings = { ...DEFAULT_SETTINGS, ...(cache.get<Partial<UiSettings>>(CACHE_KEYS.settings) ?? {}) };

export function getSettings(): UiSettings {
  return current;
}

export function updateSettings(patch: Partial<UiSettings>): void {
  current = { ...current, ...patch };
  cache.set(CACHE_KEYS.settings, current, null);
  for (const l of listeners) l();
}

export function useSettings(): UiSettings {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

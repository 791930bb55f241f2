import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cache, CACHE_KEYS } from '../storage.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

export type Lang = 'zh-CN' | 'en-US';
export const LANGS: Lang[] = ['zh-CN', 'en-US'];

/** zh is the default; the choice survives reloads under the language key (SPEC §1). */
export function storedLang(): Lang {
  const v = cache.get<string>(CACHE_KEYS.language);
  return v === 'en-US' ? 'en-US' : 'zh-CN';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: storedLang(),
  fallbackLng: 'zh-CN',
  resources: { 'zh-CN': { translation: zh }, 'en-US': { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function setLang(lang: Lang): void {
  cache.set(CACHE_KEYS.language, lang, null);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

export function isEnglish(lang: string = i18n.language): boolean {
  return lang.startsWith('en');
}

/** A menu entry's title in the current language (SPEC §1: English name when English). */
export function localTitle(text: string, englishName: string | null | undefined, lang: string = i18n.language): string {
  return isEnglish(lang) && englishName ? englishName : text;
}

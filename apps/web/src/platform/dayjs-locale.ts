import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n, isEnglish } from './i18n/index.ts';

/** dayjs follows the interface language; imported by the shell, not by the sign-in page. */
function sync(lang: string): void {
  dayjs.locale(isEnglish(lang) ? 'en' : 'zh-cn');
}
sync(i18n.language);
i18n.on('languageChanged', sync);

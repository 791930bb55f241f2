import type { Rule } from 'antd/es/form';
import { NUMERIC_RE, type Field } from '@erp/entities';
import type { TFunction } from 'i18next';
import { patternMessage } from './i18n.ts';
import { midSentence } from './labels.ts';

const SELECT_KINDS: Array<Field['kind']> = ['enum', 'dict', 'link', 'parent', 'date', 'datetime', 'images', 'files'];
const empty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Client checks mirroring the server's schema (packages/entities kit/schemas.ts) with the
 * definition's labels, so most mistakes are caught before a round trip and in the user's language.
 */
export function fieldRules(fd: Field, label: string, t: TFunction, lang: string): Rule[] {
  const rules: Rule[] = [];
  if (fd.required) {
    const msg = t(SELECT_KINDS.includes(fd.kind) ? 'requiredSelect' : 'required', { label: midSentence(label, lang) });
    rules.push(fd.kind === 'text' ? { required: true, whitespace: true, message: msg } : { required: true, message: msg });
  }
  switch (fd.kind) {
    case 'text': {
      const max = fd.max ?? 255;
      rules.push({ max, message: t('tooLong', { label, max }) });
      if (fd.pattern) {
        const re = new RegExp(fd.pattern.regex);
        const message = patternMessage(fd.pattern.message, lang);
        rules.push({ validator: (_r, v: unknown) => (empty(v) || re.test(String(v).trim()) ? Promise.resolve() : Promise.reject(new Error(message))) });
      }
      break;
    }
    case 'money':
    case 'quantity':
      rules.push({
        validator: (_r, v: unknown) => {
          if (empty(v)) return Promise.resolve();
          const s = String(v).trim();
          if (!NUMERIC_RE.test(s)) return Promise.reject(new Error(t('numeric', { label })));
          if (fd.min !== undefined && Number(s) < fd.min) return Promise.reject(new Error(t('tooSmall', { label, min: fd.min })));
          return Promise.resolve();
        },
      });
      break;
    case 'number':
      rules.push({
        validator: (_r, v: unknown) => {
          if (empty(v)) return Promise.resolve();
          const n = Number(v);
          if (fd.int && !Number.isInteger(n)) return Promise.reject(new Error(t('integer', { label })));
          if (fd.min !== undefined && n < fd.min) return Promise.reject(new Error(t('tooSmall', { label, min: fd.min })));
          if (fd.max !== undefined && n > fd.max) return Promise.reject(new Error(t('tooLarge', { label, max: fd.max })));
          return Promise.resolve();
        },
      });
      break;
    default:
  }
  return rules;
}

import { Liquid, type Template } from 'liquidjs';
import { Decimal } from 'decimal.js';
import { toChineseCapital } from '@erp/entities/capital-amount';
import { BusinessError } from '../../platform/errors.ts';
import { PRINT_TEMPLATE_MAX } from '@erp/entities';

/**
 * Print templates are written by a company's administrator, so they are untrusted input: Liquid (made for
 * user-edited templates) with no file system (no include or layout can read a file), values HTML-escaped, only
 * own properties, and bounds on size, time and memory (liquidjs' DoS options).
 */
const liquid = new Liquid({
  templates: {},
  outputEscape: 'escape',
  ownPropertyOnly: true,
  strictFilters: true,
  // an empty field is false, as a template author expects ({% if doc.linkNumber %}); Liquid's own rule keeps '' true
  jsTruthy: true,
  parseLimit: PRINT_TEMPLATE_MAX * 2,
  renderLimit: 2_000,
  memoryLimit: 5e7,
  cache: 64,
});

const dec = (v: unknown) => {
  try {
    return new Decimal(v == null || v === '' ? 0 : String(v));
  } catch {
    return null;
  }
};
/** 1234.5 → 1,234.50 (money: two places, grouped). */
liquid.registerFilter('money', (v: unknown, places = 2) => {
  const d = dec(v);
  if (!d) return String(v ?? '');
  const [int, frac] = d.toFixed(Number(places)).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
});
/** Quantities: as many places as they have, no trailing zeros. */
liquid.registerFilter('qty', (v: unknown) => dec(v)?.toFixed() ?? String(v ?? ''));
/** SPEC §9: the amount in Chinese capitals. */
liquid.registerFilter('capital', (v: unknown) => {
  const d = dec(v);
  return d ? toChineseCapital(d) : '';
});

const syntaxError = (e: unknown) => new BusinessError(`模板语法错误：${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);

/** Parses a template, refusing it with the parser's own words when it is not valid Liquid. */
export function parseTemplate(html: string): Template[] {
  try {
    return liquid.parse(html);
  } catch (e) {
    throw syntaxError(e);
  }
}

/** Renders a parsed template; a template that fails at render time (a loop past the limits, a bad filter argument) is refused. */
export async function renderTemplate(tpl: Template[], data: object): Promise<string> {
  try {
    return await liquid.render(tpl, data);
  } catch (e) {
    throw new BusinessError(`模板渲染出错：${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
}

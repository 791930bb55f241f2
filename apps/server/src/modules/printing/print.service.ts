import { DOC_TYPE_BY_KEY, type DocType } from '@erp/entities';
import type { Template } from 'liquidjs';
import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { BusinessError } from '../../platform/errors.ts';
import { BUILTIN_TEMPLATE } from './builtin-template.ts';
import { companyOf, loadDocuments, shapeDocument } from './print-data.ts';
import { parseTemplate, renderTemplate } from './template-engine.ts';
import type { Paper } from './pdf.ts';

export const TEMPLATE_MENU = '/system/print_template';
/** The most documents one batch print renders (a PDF of a few hundred pages). */
export const MAX_BATCH = 200;
export const PICK_ONE = '请选择至少一条记录进行批量打印！';

interface Chosen {
  id?: number;
  name: string;
  paper: Paper;
  html: string;
}

const BUILTIN: Chosen = { name: '默认版式', paper: 'A4', html: BUILTIN_TEMPLATE };
const printedAt = () => new Date().toLocaleString('sv-SE', { timeZone: process.env.TZ ?? 'Asia/Shanghai' }).slice(0, 16);

/** The template a type prints with: the one asked for, else the enabled default, else the built-in layout. */
async function templateFor(tx: Tx, s: Session, docKey: string, templateId?: number): Promise<Chosen> {
  if (templateId === 0) return BUILTIN;
  if (templateId) {
    const t = await tx.one<Chosen & { docKey: string }>(
      `select id, name, paper, html, doc_key as "docKey" from print_template where tenant_id = $1 and id = $2 and not delete_flag and enabled`,
      [s.tenantId, templateId],
    );
    if (!t) throw new BusinessError('打印模板不存在或已停用');
    if (t.docKey !== docKey) throw new BusinessError(`模板「${t.name}」不是${DOC_TYPE_BY_KEY[docKey]?.label.zh ?? docKey}的模板`);
    return t;
  }
  const t = await tx.one<Chosen>(
    `select id, name, paper, html from print_template where tenant_id = $1 and doc_key = $2 and is_default and enabled and not delete_flag`,
    [s.tenantId, docKey],
  );
  return t ?? BUILTIN;
}

/** Each rendered document on its own page(s), in one HTML document. */
const page = (bodies: string[]) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>.erp-print-doc { break-after: page; } .erp-print-doc:last-child { break-after: auto; }</style></head><body>${bodies
    .map((b) => `<section class="erp-print-doc">${b}</section>`)
    .join('')}</body></html>`;

/** The documents rendered with their templates, ready for the PDF printer; the paper is the first template's. */
export async function printDocuments(tx: Tx, s: Session, ids: number[], templateId?: number): Promise<{ html: string; paper: Paper; count: number }> {
  if (!ids.length) throw new BusinessError(PICK_ONE);
  if (ids.length > MAX_BATCH) throw new BusinessError(`一次最多打印${MAX_BATCH}张单据`);
  const docs = await loadDocuments(tx, s, ids);
  const company = await companyOf(tx, s);
  const at = printedAt();
  const parsed = new Map<string, { chosen: Chosen; tpl: Template[] }>();
  const bodies: string[] = [];
  for (const d of docs) {
    let entry = parsed.get(d.docKey);
    if (!entry) {
      const chosen = await templateFor(tx, s, d.docKey, templateId);
      entry = { chosen, tpl: parseTemplate(chosen.html) };
      parsed.set(d.docKey, entry);
    }
    bodies.push(await renderTemplate(entry.tpl, { ...d.data, company, printedAt: at }));
  }
  return { html: page(bodies), paper: parsed.values().next().value!.chosen.paper, count: docs.length };
}

/** Made-up figures for a type with no document yet, so the editor's preview always shows the layout. */
export function sampleDocument(t: DocType) {
  return shapeDocument(
    {
      number: `${t.prefix}00000001`,
      operTime: '2026-01-01 09:00:00',
      organName: t.partner ? `示例${t.partner}` : '',
      remark: '示例单据',
      creatorName: 'admin',
      totalPrice: 1234.5,
      discountLastMoney: 1234.5,
      changeAmount: 1000,
      debt: 234.5,
      rows: [
        {
          barCode: '6901234567892',
          materialName: '示例商品',
          standard: '500ml',
          unit: '瓶',
          depotName: '示例仓库',
          operNumber: 100,
          unitPrice: 10.5,
          allPrice: 1050,
        },
        {
          barCode: '6901234567908',
          materialName: '示例配件',
          model: 'A-1',
          unit: '个',
          depotName: '示例仓库',
          operNumber: 15,
          unitPrice: 12.3,
          allPrice: 184.5,
        },
      ],
    },
    t,
  );
}

/** The editor's preview: a template (not saved yet) rendered with the newest document of its type, or sample figures. */
export async function previewTemplate(tx: Tx, s: Session, docKey: string, html: string) {
  const t = DOC_TYPE_BY_KEY[docKey];
  const tpl = parseTemplate(html);
  const latest = await tx.one<{ id: number }>(
    'select id from depot_head where tenant_id = $1 and doc_key = $2 and not delete_flag order by oper_time desc, id desc limit 1',
    [s.tenantId, docKey],
  );
  let data = sampleDocument(t);
  let sample = true;
  try {
    if (latest) [{ data }] = await loadDocuments(tx, s, [latest.id]);
    sample = !latest;
  } catch {
    /* a document the editor may not open (another menu, own data only): the sample shows the layout */
  }
  const company = await companyOf(tx, s);
  return { html: page([await renderTemplate(tpl, { ...data, company, printedAt: printedAt() })]), sample };
}

/** The enabled templates of a type, for the print dialog's choice. */
export const templatesOfType = (tx: Tx, s: Session, docKey: string) =>
  tx.query(
    `select id, name, paper, is_default as "isDefault" from print_template
      where tenant_id = $1 and doc_key = $2 and enabled and not delete_flag order by is_default desc, name`,
    [s.tenantId, docKey],
  );

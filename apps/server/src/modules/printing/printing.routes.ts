import { z } from 'zod';
import { DOC_TYPES, PRINT_TEMPLATE_MAX } from '@erp/entities';
import { defineRoute } from '../../platform/http/route.ts';
import { BUILTIN_TEMPLATE } from './builtin-template.ts';
import { htmlToPdf } from './pdf.ts';
import { MAX_BATCH, previewTemplate, printDocuments, TEMPLATE_MENU, templatesOfType } from './print.service.ts';

const tags = ['printing'];
const docKey = z.enum(DOC_TYPES.map((t) => t.key) as [string, ...string[]], '不支持的单据类型');
/** Ids as the lists send them: an array, or jshERP's comma text ("12,13,"). */
const ids = z.union([
  z.array(z.coerce.number().int().positive()).max(MAX_BATCH, `一次最多打印${MAX_BATCH}张单据`),
  z
    .string()
    .max(MAX_BATCH * 21)
    .regex(/^(\d{1,19},?)*$/, '单据编号列表格式不正确')
    .transform((v) => v.split(',').filter(Boolean).map(Number)),
]);

export const printingRoutes = [
  defineRoute({
    method: 'GET',
    url: '/printTemplate/builtin',
    summary: 'The built-in print layout (Liquid HTML): what a type prints with before its company saves a template, and the editor\u2019s start',
    tags,
    access: { menu: TEMPLATE_MENU },
    handler: async () => ({ html: BUILTIN_TEMPLATE }),
  }),
  defineRoute({
    method: 'POST',
    url: '/printTemplate/preview',
    invalidates: false,
    summary: "A template rendered with its type's newest document (or sample figures): the editor's live preview, as HTML",
    tags,
    access: { menu: TEMPLATE_MENU },
    body: z.strictObject({ docKey, html: z.string().min(1, '请输入模板内容').max(PRINT_TEMPLATE_MAX, `模板不能超过${PRINT_TEMPLATE_MAX}个字符`) }),
    handler: ({ tx, session, body }) => previewTemplate(tx, session, body.docKey, body.html),
  }),
  defineRoute({
    method: 'GET',
    url: '/printTemplate/ofType',
    summary: 'The enabled print templates of a document type, default first (the print dialog\u2019s choice)',
    tags,
    access: 'user',
    query: z.strictObject({ docKey }),
    handler: ({ tx, session, query }) => templatesOfType(tx, session, query.docKey),
  }),
  defineRoute({
    method: 'POST',
    url: '/printTemplate/pdf',
    invalidates: false,
    summary: 'Print documents (batch print) as one PDF: each with the chosen template, else its type\u2019s default, else the built-in layout',
    tags,
    access: 'user',
    body: z.strictObject({
      ids, // 0: the built-in layout even where the type has a default template
      templateId: z.coerce.number().int().nonnegative().optional(),
    }),
    handler: async ({ tx, session, body, reply, afterCommit }) => {
      const out = await printDocuments(tx, session, body.ids, body.templateId);
      // Chromium lays the pages out after the transaction has ended: a render holds no connection
      afterCommit(async () => {
        const pdf = await htmlToPdf(out.html, out.paper);
        const name = encodeURIComponent(`print-${out.count}.pdf`);
        await reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename*=UTF-8''${name}`)
          .header('download-filename', name)
          .send(pdf);
      });
    },
  }),
];

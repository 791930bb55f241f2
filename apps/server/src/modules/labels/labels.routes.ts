import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { defineRoute, type RouteSpec } from '../../platform/http/route.ts';
import { barcodePng } from './barcode.ts';
import { sheetPdf } from './pdf.ts';
import { expand, preparePrint } from './print.ts';
import { loadRecords, searchRecords } from './records.ts';
import { addTemplate, deleteTemplate, getTemplate, listTemplates, templateBody, updateTemplate } from './template.ts';
import { batchZpl, sendToPrinter } from './zpl.ts';

const tags = ['labels'];
const MENU = '/manufacture/barcode_print';
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const MAX_IDS = 500;
const QTY_RE = /^\d{1,15}(\.\d{1,6})?$/;

const copy = z.number().int('份数须为整数').min(1, '份数至少为1').max(1000, '份数不能超过1000');
const printBody = z.strictObject({
  templateId: id,
  ids: z.array(id).min(1, '请选择要打印的物料或工单').max(MAX_IDS, `一次最多选择${MAX_IDS}条记录`),
  copies: z.array(copy).max(MAX_IDS).optional(),
  quantities: z.array(z.string().regex(QTY_RE, '数量须为不小于0的数字')).max(MAX_IDS).optional(),
  batch: z.string().trim().max(40, '批号不能超过40个字').optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为YYYY-MM-DD')
    .optional(),
  dpi: z.enum(['203', '300']).optional(),
});
/**
 * A file route's refusal, sent here as JSON with its content type: the shared error reply has none, and the web's
 * download tells a file from a refusal by it. Nothing was written, so the transaction may end normally.
 */
async function fileOrRefusal(reply: FastifyReply, make: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await make();
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return reply
      .status(e.httpStatus)
      .type('application/json; charset=utf-8')
      .send({ code: e.code, data: { message: e.message } });
  }
}
const download = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
const stamp = () => new Date().toISOString().slice(0, 19).replace(/\D/g, '');

export const labelRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/labels/templates',
    summary: 'Label templates of the company',
    tags,
    access: { menu: MENU },
    handler: ({ tx, session }) => listTemplates(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/labels/template',
    summary: 'One label template',
    tags,
    access: { menu: MENU },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => getTemplate(tx, session.tenantId, query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/labels/template/add',
    summary: 'Add a label template: target, symbology, label size and sheet layout (mm), printed fields, copies',
    tags,
    access: { menu: MENU, btn: '1' },
    invalidates: false,
    body: templateBody,
    handler: ({ tx, session, body }) => addTemplate(tx, session.tenantId, session.userId, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/labels/template/update',
    summary: 'Change a label template',
    tags,
    access: { menu: MENU, btn: '1' },
    invalidates: false,
    body: templateBody.extend({ id }),
    handler: ({ tx, session, body }) => updateTemplate(tx, session.tenantId, session.userId, body.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/labels/template/delete',
    summary: 'Delete a label template',
    tags,
    access: { menu: MENU, btn: '1' },
    invalidates: false,
    body: z.strictObject({ id }),
    handler: ({ tx, session, body }) => deleteTemplate(tx, session.tenantId, body.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/labels/records',
    summary: 'Materials (with a barcode) or work orders to print, by code or name; or the given ids',
    tags,
    access: { menu: MENU },
    query: z.strictObject({
      target: z.enum(['material', 'workOrder']),
      q: z.string().trim().max(50).optional(),
      ids: z
        .string()
        .regex(/^\d{1,15}(,\d{1,15}){0,49}$/, 'ids须为逗号分隔的整数')
        .transform((v) => v.split(',').map(Number))
        .optional(),
    }),
    handler: ({ tx, session, query }) =>
      query.ids ? loadRecords(tx, session.tenantId, query.target, query.ids) : searchRecords(tx, session.tenantId, query.target, query.q ?? ''),
  }),
  defineRoute({
    method: 'GET',
    url: '/labels/preview',
    summary: "One record's barcode as the template prints it (PNG)",
    tags,
    access: { menu: MENU },
    query: z.strictObject({ templateId: id, id }),
    handler: ({ tx, session, query, reply }) =>
      fileOrRefusal(reply, async () => {
        const job = await preparePrint(tx, session.tenantId, { templateId: query.templateId, ids: [query.id], copies: [1] });
        const png = await barcodePng(job.template.symbology, job.items[0].item.record.code);
        return reply.header('content-type', 'image/png').header('cache-control', 'no-store').send(png);
      }),
  }),
  defineRoute({
    method: 'POST',
    url: '/labels/pdf',
    summary: 'Batch print: the records × copies laid out on sheets, one PDF page per sheet (at most 5000 labels)',
    tags,
    access: { menu: MENU },
    invalidates: false,
    body: printBody,
    handler: ({ tx, session, body, reply }) =>
      fileOrRefusal(reply, async () => {
        const job = await preparePrint(tx, session.tenantId, body);
        const out = await sheetPdf(job.template, expand(job));
        const name = `${job.template.name}-${stamp()}.pdf`;
        if (out.warning) reply.header('x-label-warning', encodeURIComponent(out.warning));
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', download(name))
          .header('download-filename', encodeURIComponent(name))
          .send(out.pdf);
      }),
  }),
  defineRoute({
    method: 'POST',
    url: '/labels/zpl',
    summary: 'The same labels as ZPL II text (^BC Code 128, ^BQ QR, ^BE EAN-13), for a Zebra-compatible printer',
    tags,
    access: { menu: MENU },
    invalidates: false,
    body: printBody,
    handler: ({ tx, session, body, reply }) =>
      fileOrRefusal(reply, async () => {
        const job = await preparePrint(tx, session.tenantId, body);
        const name = `${job.template.name}-${stamp()}.zpl`;
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', download(name))
          .header('download-filename', encodeURIComponent(name))
          .send(batchZpl(job.template, job.items, body.dpi === '300' ? 12 : 8));
      }),
  }),
  defineRoute({
    method: 'POST',
    url: '/labels/send',
    summary: 'Send the labels as ZPL to a network label printer (raw TCP, default port 9100, 5 s timeout)',
    tags,
    access: { menu: MENU },
    invalidates: false,
    body: printBody.extend({
      host: z
        .string()
        .trim()
        .min(1, '请填写打印机地址')
        .max(253)
        .regex(/^[A-Za-z0-9.:-]+$/, '打印机地址须为主机名或IP地址'),
      port: z.number().int().min(1).max(65535).default(9100),
    }),
    handler: async ({ tx, session, body }) => {
      const job = await preparePrint(tx, session.tenantId, body);
      const sent = await sendToPrinter(body.host, body.port, batchZpl(job.template, job.items, body.dpi === '300' ? 12 : 8));
      return { labels: job.total, bytes: sent.bytes, message: `已发送${job.total}张标签到打印机 ${body.host}:${body.port}` };
    },
  }),
];

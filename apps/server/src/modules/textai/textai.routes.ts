import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { addAlias, deleteAlias, listAliases, recogniseText } from './textai.service.ts';

const tags = ['textai'];
const MENU = '/bill/text_recognition';
/** The longest message the screen takes: a long chat order fits; a pasted document does not. */
export const MAX_TEXT = 1000;

export const textaiRoutes = [
  defineRoute({
    method: 'POST',
    url: '/textai/recognize',
    invalidates: false,
    summary:
      'Text recognition (AI text views): a pasted message → a draft sales order (customer, lines with quantity and unit, delivery date) matched against the company catalogue, with the recognised spans',
    tags,
    access: { menu: MENU },
    body: z.strictObject({
      text: z.string().trim().min(1, '请输入要识别的文本').max(MAX_TEXT, `文本不能超过${MAX_TEXT}个字`),
    }),
    handler: ({ tx, session, req, body }) => recogniseText({ tx, session, ip: req.ip }, body.text),
  }),
  defineRoute({
    method: 'GET',
    url: '/textai/alias/list',
    summary: "The company's recognition aliases (words its customers use for customers, materials and units)",
    tags,
    access: { menu: MENU },
    handler: ({ tx, session, req }) => listAliases({ tx, session, ip: req.ip }),
  }),
  defineRoute({
    method: 'POST',
    url: '/textai/alias/add',
    // aliases are no part of a session (menus, buttons, scopes): the cached sessions stay
    invalidates: false,
    summary: 'Add a recognition alias: customer or material (targetId) or unit (targetText, the unit word it stands for)',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({
      kind: z.enum(['customer', 'material', 'unit']),
      targetId: z.number().int().positive().optional(),
      targetText: z.string().trim().min(1).max(20).optional(),
      alias: z.string().trim().min(1, '请输入别名').max(50, '别名不能超过50个字'),
    }),
    handler: ({ tx, session, req, body }) => addAlias({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/textai/alias/delete',
    invalidates: false,
    summary: 'Delete a recognition alias',
    tags,
    access: { menu: MENU, btn: '1' },
    query: z.strictObject({ id: z.coerce.number().int().positive() }),
    handler: ({ tx, session, req, query }) => deleteAlias({ tx, session, ip: req.ip }, query.id),
  }),
];

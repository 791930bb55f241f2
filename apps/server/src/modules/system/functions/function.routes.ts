import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { idQuery, idsText, idValue } from '../admin/schemas.ts';
import { addFunction, listFunctions, numberTaken, removeFunction, removeFunctions, updateFunction } from './function.service.ts';

const tags = ['function'];
const number = z
  .string()
  .trim()
  .regex(/^\d{2,12}$/, '编号须为2到12位数字');
const fields = {
  parentNumber: z
    .string()
    .trim()
    .regex(/^(0|\d{2,12})$/, '上级编号须为0或数字编号'),
  name: z.string().trim().min(1, '名称不能为空').max(50, '名称不能超过50个字符'),
  englishName: z.string().trim().min(1, '英文名不能为空').max(80, '英文名不能超过80个字符'),
  url: z
    .string()
    .trim()
    .min(1, '链接不能为空')
    .max(200)
    .regex(/^(\/[A-Za-z0-9_\-/]*|https?:\/\/\S+)$/, '链接须以 / 或 http(s):// 开头'),
  component: z.string().trim().max(200).nullable().optional(),
  icon: z
    .string()
    .trim()
    .max(50)
    .regex(/^[a-z0-9-]*$/, '图标名格式不正确')
    .nullable()
    .optional(),
  sort: z.string().trim().max(12).regex(/^\d*$/, '排序须为数字'),
  pushBtn: z
    .string()
    .trim()
    .max(40)
    .regex(/^(\d(,\d)*)?$/, '按钮须为逗号分隔的编号'),
  enabled: z.boolean(),
};

export const functionRoutes = [
  defineRoute({
    method: 'GET',
    url: '/function/list',
    summary: 'Every function (menu entry) in menu order, with whether it was added or edited here (platform administrator)',
    tags,
    access: 'platform',
    scope: 'system',
    query: z.strictObject({ name: z.string().trim().max(50).optional() }),
    handler: ({ tx, query }) => listFunctions(tx, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/function/checkIsNumberExist',
    summary: 'Is the function number taken (by an entry other than id)?',
    tags,
    access: 'platform',
    scope: 'system',
    query: z.strictObject({ number, id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) }),
    handler: ({ tx, query }) => numberTaken(tx, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/function/add',
    summary: 'A new menu entry under parentNumber (platform administrator); stored, never overwritten by the code tree',
    tags,
    access: 'platform',
    scope: 'system',
    body: z.strictObject({
      number,
      parentNumber: fields.parentNumber,
      name: fields.name,
      englishName: fields.englishName,
      url: fields.url,
      component: fields.component,
      icon: fields.icon,
      sort: fields.sort.optional(),
      pushBtn: fields.pushBtn.optional(),
      enabled: fields.enabled.optional(),
    }),
    handler: ({ tx, session, body, req }) => addFunction({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/function/update',
    summary: 'Renames, reorders, hides or shows an entry; an added entry may also move or change its url',
    tags,
    access: 'platform',
    scope: 'system',
    body: z.strictObject({
      id: idValue,
      number: number.optional(),
      parentNumber: fields.parentNumber.optional(),
      name: fields.name.optional(),
      englishName: fields.englishName.optional(),
      url: fields.url.optional(),
      component: fields.component,
      icon: fields.icon,
      sort: fields.sort.optional(),
      pushBtn: fields.pushBtn.optional(),
      enabled: fields.enabled.optional(),
    }),
    handler: ({ tx, session, body, req }) => updateFunction({ tx, session, ip: req.ip }, body),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/function/delete',
    summary: 'Removes an added entry without entries below it, and its grants (a seed entry can only be hidden)',
    tags,
    access: 'platform',
    scope: 'system',
    query: idQuery,
    handler: ({ tx, session, query, req }) => removeFunction({ tx, session, ip: req.ip }, query.id),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/function/deleteBatch',
    summary: 'Removes several added entries, all or nothing (an entry with those below it; a seed entry refuses them all), and their grants',
    tags,
    access: 'platform',
    scope: 'system',
    query: z.strictObject({ ids: idsText }),
    handler: ({ tx, session, query, req }) => removeFunctions({ tx, session, ip: req.ip }, query.ids),
  }),
];

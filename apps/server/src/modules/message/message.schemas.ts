import { z } from 'zod';
import { intLike } from '../../platform/http/input.ts';

export { intLike };

/** Empty string and null mean "no filter" on optional list filters (forms send them for cleared fields). */
const optionalFilter = <T extends z.ZodType>(t: T) => z.union([z.literal('').transform(() => undefined), z.null().transform(() => undefined), t]).optional();

const ID_LIST = /^\d{1,15}(,\d{1,15})*$/;
const MAX_IDS = 1000;

/** '1,2,3' (digits only, at most 1000) → unique numbers. */
export const idList = z
  .string()
  .trim()
  .max(16 * MAX_IDS)
  .regex(ID_LIST, 'ids 须为逗号分隔的数字')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive('id 须为正整数')).max(MAX_IDS, `一次最多${MAX_IDS}条`));

/** Recipients: the contract's comma-joined string, or an array of ids. */
const userIds = z.union([
  idList,
  z
    .array(
      z.union([
        z.number().int().positive(),
        z
          .string()
          .regex(/^\d{1,15}$/)
          .transform(Number),
      ]),
    )
    .min(1)
    .max(MAX_IDS)
    .transform((a) => [...new Set(a)]),
]);

const status = intLike(0, 2);
const MAX_CONTENT_BYTES = 50 * 1024;

/** 'YYYY-MM-DD HH:mm[:ss]' or ISO 8601, or epoch milliseconds; checked here so a bad value is a 400. */
const timeText = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, '时间格式须为 YYYY-MM-DD HH:mm:ss')
      .refine((s) => !Number.isNaN(new Date(s.replace(' ', 'T')).getTime()), '时间不正确'),
    z
      .number()
      .int()
      .min(0)
      .max(8.64e15)
      .transform((n) => new Date(n).toISOString()),
  ])
  .nullish();

const page = {
  currentPage: intLike(1, 1_000_000).default(1),
  pageSize: intLike(1, 1000).default(10),
};

export const listBody = z.strictObject({
  ...page,
  msgTitle: optionalFilter(z.string().trim().max(100)),
  status: optionalFilter(status),
});

export const statusBody = z.strictObject({ status });
export const typeQuery = z.strictObject({ type: z.string().trim().min(1).max(20) });
export const batchStatusBody = z.strictObject({ ids: idList, status });
export const solvedBody = z.strictObject({ ids: idList, solvedStatus: intLike(0, 1), solvedTime: timeText });
export const emptyBody = z.strictObject({});

/** Titles and remarks are plain text (the bell and lists show them as text): markup is refused, not stored (issue 10). */
const NO_MARKUP = /<\s*[a-zA-Z!/?]/;
export const plainText = (label: string, max: number, required?: string) =>
  z
    .string(required)
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .refine((s) => !NO_MARKUP.test(s), `${label}不能包含HTML标签`);
/** Where a message opens: a route of this app ("/bill/sale_out?id=1") or an http(s) address; never javascript: and the like. */
export const openPageSchema = z
  .string()
  .trim()
  .max(300)
  .refine(
    (s) => s === '' || (s.startsWith('/') && !s.startsWith('//') && !s.includes('\\')) || /^https?:\/\/[^\s]+$/i.test(s),
    '打开页面须为本系统路径（以 / 开头）或 http(s) 地址',
  );

export const saveBody = z.strictObject({
  type: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/, '类型须为数字'),
      z.number().int().min(0).max(99).transform(String),
    ])
    .default('0'),
  msgTitle: plainText('标题', 100, '请输入标题').pipe(z.string().min(1, '请输入标题')),
  msgContent: z
    .string()
    .max(MAX_CONTENT_BYTES)
    .refine((s) => Buffer.byteLength(s, 'utf8') <= MAX_CONTENT_BYTES, '内容不能超过50KB')
    .default(''),
  userIds,
  // accepted for compatibility and ignored: the server decides who sent it and when
  createTime: z.union([z.string().max(40), z.number()]).nullish(),
  senderId: z.union([z.string().max(20), z.number()]).nullish(),
  // optional extras for messages that open a page (workflow, tasks)
  openType: z.string().trim().max(20).nullish(),
  openPage: openPageSchema.nullish(),
  busId: z
    .union([
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ])
    .nullish(),
  modelName: plainText('模块名称', 100).nullish(),
  remark: plainText('备注', 500).nullish(),
});
export type SaveInput = z.infer<typeof saveBody>;

export const userListQuery = z.strictObject({
  currentPage: intLike(1, 1_000_000).default(1),
  pageSize: intLike(1, 9999).default(10),
});

export const byIdQuery = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, 'id 须为数字')
    .transform(Number),
});

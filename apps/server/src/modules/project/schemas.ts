import { z } from 'zod';

/** Shared input schemas of the project routes. */
export const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A calendar day 'YYYY-MM-DD' that exists, between 2000 and 2100. */
export const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), '日期不存在')
  .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', '日期超出范围（2000-01-01 至 2100-12-31）');

export const text = (max: number) => z.string().trim().max(max, `最多${max}个字`);

/** A non-negative amount with up to 6 decimals, as a string (decimal.js downstream, never a float). */
export const money = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => /^\d{1,15}(\.\d{1,6})?$/.test(v), `${label}必须是非负数，最多6位小数`);

/** A positive amount. */
export const positive = (label: string) => money(label).refine((v) => /[1-9]/.test(v), `${label}必须大于0`);

/**
 * A deliverable's name (adding and renaming): 1–100 characters once trimmed, none of the characters a file name may
 * not hold (\ / : * ? " < > |) nor control characters, since the name labels its files in archives and downloads.
 */
export const deliverableName = z
  .string()
  .trim()
  .min(1, '交付物名称不能为空')
  .max(100, '交付物名称最多100个字')
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\\/:*?"<>|\u0000-\u001f\u007f]/.test(v), '交付物名称不能包含 \\ / : * ? " < > | 或控制字符');

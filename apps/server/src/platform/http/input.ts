import { z } from 'zod';

/** Shared input schemas of the HTTP layer. An integer given as a JSON number or a string of digits (jshERP clients send both), within [min, max]. */
export const intLike = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, '须为整数')
        .transform(Number),
    ])
    .pipe(z.number().int('须为整数').min(min, `不能小于${min}`).max(max, `不能大于${max}`));

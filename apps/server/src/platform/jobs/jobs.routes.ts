import { z } from 'zod';
import { defineRoute } from '../http/route.ts';
import { notFound } from '../errors.ts';
import { intLike } from '../http/input.ts';
import { jobStatus, listJobs } from './queue.ts';

const tags = ['job'];
// the 后台任务 menu (系统管理); a company's own jobs only (tenant_id filter and row-level security)
const access = { menu: '/system/job' } as const;
const filter = <T extends z.ZodType>(t: T) => z.union([z.literal('').transform(() => undefined), t]).optional();

/** GET /job/list and /job/info: the company's background jobs with state and progress (system menu 后台任务). */
export const jobRoutes = [
  defineRoute({
    method: 'GET',
    url: '/job/list',
    summary: "The company's background jobs, newest first (name, state, progress, attempts, error, times)",
    tags,
    access,
    query: z.strictObject({
      name: filter(z.string().trim().max(100)),
      state: filter(z.enum(['queued', 'running', 'done', 'failed'])),
      currentPage: intLike(1, 1_000_000).default(1),
      pageSize: intLike(1, 500).default(10),
    }),
    handler: async ({ tx, session, query }) => {
      return listJobs(tx, session.tenantId, query);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/job/info',
    summary: 'One background job of the company, with its progress',
    tags,
    access,
    query: z.strictObject({
      id: z
        .string()
        .trim()
        .regex(/^\d{1,15}$/, 'id 须为数字')
        .transform(Number),
    }),
    handler: async ({ tx, session, query }) => {
      const job = await jobStatus(tx, session.tenantId, query.id);
      if (!job) throw notFound();
      return job;
    },
  }),
];

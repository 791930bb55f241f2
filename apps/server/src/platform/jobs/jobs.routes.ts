import { z } from 'zod';
import { defineRoute } from '../http/route.ts';
import { forbidden, notFound } from '../errors.ts';
import type { Session } from '../auth/session.ts';
import { intLike } from '../../modules/message/message.schemas.ts';
import { jobStatus, listJobs } from './queue.ts';

const tags = ['job'];
// the same people who may run reminders now: the company's manager or an admin role
const mayWatch = (s: Session) => {
  if (!s.admin && !s.user.isManager) throw forbidden();
};
const filter = <T extends z.ZodType>(t: T) => z.union([z.literal('').transform(() => undefined), t]).optional();

/** GET /job/list and /job/info: the company's background jobs with state and progress (system menu 后台任务). */
export const jobRoutes = [
  defineRoute({
    method: 'GET',
    url: '/job/list',
    summary: "The company's background jobs, newest first (name, state, progress, attempts, error, times)",
    tags,
    access: 'user',
    query: z.strictObject({
      name: filter(z.string().trim().max(100)),
      state: filter(z.enum(['queued', 'running', 'done', 'failed'])),
      currentPage: intLike(1, 1_000_000).default(1),
      pageSize: intLike(1, 500).default(10),
    }),
    handler: async ({ tx, session, query }) => {
      mayWatch(session);
      return listJobs(tx, session.tenantId, query);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/job/info',
    summary: 'One background job of the company, with its progress',
    tags,
    access: 'user',
    query: z.strictObject({ id: z.string().trim().regex(/^\d{1,15}$/, 'id 须为数字').transform(Number) }),
    handler: async ({ tx, session, query }) => {
      mayWatch(session);
      const job = await jobStatus(tx, session.tenantId, query.id);
      if (!job) throw notFound();
      return job;
    },
  }),
];

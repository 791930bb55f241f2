import type { RouteSpec } from '../../platform/http/route.ts';
import { poolRoutes } from './pool.routes.ts';
import { customerRoutes } from './customer.routes.ts';
import { opportunityRoutes } from './opportunity.routes.ts';
import { mailRoutes } from './mail/mail.routes.ts';

/** CRM (issue 20, docs/crm.md): leads and the high seas, customer archives, follow-ups, opportunities, task templates. */
export const crmRoutes: RouteSpec[] = [...poolRoutes, ...customerRoutes, ...opportunityRoutes, ...mailRoutes];
export { RECLAIM_JOB } from './reclaim.ts';
export { MAIL_SYNC_JOB, syncMailbox } from './mail/sync.ts';
export { MAIL_SEEN_JOB } from './mail/seen.ts';
export { crmDemoActivity } from './demo-activity.ts';
export { MAIL_FILE_CLEANUP_JOB, cleanMailFiles } from './mail/cleanup.ts';
export { MailIdleWatcher } from './mail/idle.ts';

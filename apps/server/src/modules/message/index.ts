import type { RouteSpec } from '../../platform/http/route.ts';
import { messageRoutes as routes } from './message.routes.ts';
import { messageAdminRoutes } from './message-admin.routes.ts';
import { reminderRoutes } from './reminders.routes.ts';

export const messageRoutes: RouteSpec[] = [...routes, ...messageAdminRoutes, ...reminderRoutes];
export { registerRealtime, publishMessage, MSG_CHANNEL } from './realtime.ts';
// for other modules (workflow, tasks) that send messages inside their own transaction
export { sendMessage, type NewMessage } from './message.service.ts';
export { defineReminderJob } from './reminders.ts';

import type { RouteSpec } from '../../platform/http/route.ts';
import { messageRoutes as routes } from './message.routes.ts';

export const messageRoutes: RouteSpec[] = routes;
export { registerRealtime, publishMessage, MSG_CHANNEL } from './realtime.ts';
// for other modules (workflow, tasks) that send messages inside their own transaction
export { sendMessage, type NewMessage } from './message.service.ts';

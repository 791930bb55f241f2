import { defineRoute } from '../../platform/http/route.ts';
import { runRemindersNow } from './reminders.ts';

/** POST /reminderSetting/runNow: the company administrator triggers its reminders at once. */
export const reminderRoutes = [
  defineRoute({
    method: 'POST',
    url: '/reminderSetting/runNow',
    summary: "Run the company's reminders now (company administrator); answers what was sent and what was skipped",
    tags: ['message'],
    access: 'user',
    handler: ({ db, req, session }) => runRemindersNow(db, req.log, session),
  }),
];

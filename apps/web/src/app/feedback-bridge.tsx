import { useEffect, type ReactNode } from 'react';
import { message, notification } from 'antd';
import { registerFeedback } from '../platform/feedback.ts';

/** Root-level message and notification for non-React code, available on the sign-in page too. */
export function RootFeedback({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(() => registerFeedback({ message: messageApi, notification: notificationApi }), [messageApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {children}
    </>
  );
}

import { useEffect } from 'react';
import { App } from 'antd';
import { registerFeedback } from '../../platform/feedback.ts';

/** Inside the shell's antd <App>: hands over its message, notification and modal. */
export function ShellFeedbackBridge() {
  const { message: m, notification: n, modal } = App.useApp();
  useEffect(() => registerFeedback({ message: m, notification: n, modal }), [m, n, modal]);
  return null;
}

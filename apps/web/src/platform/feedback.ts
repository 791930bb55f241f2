import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * Non-React code (the HTTP client) must show notifications and dialogs. antd's static
 * functions ignore the ConfigProvider (theme, locale), so the app registers context-aware
 * instances here: message and notification from the root (the sign-in page needs them), the
 * modal from the shell's antd <App>. The modal is not imported on the sign-in page on purpose:
 * antd's Modal (with the Skeleton it pulls in) would add ~10 KB gzip there.
 */
export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal?: ModalHookAPI;
}

let current: Feedback | undefined;

export function registerFeedback(f: Feedback): void {
  current = { ...current, ...f, modal: f.modal ?? current?.modal };
}

function need(): Feedback {
  if (!current) throw new Error('feedback used before the app mounted');
  return current;
}

export const feedback = {
  get message() {
    return need().message;
  },
  get notification() {
    return need().notification;
  },
  /** Resolves to the shell's modal API, or antd's static Modal when no shell is mounted. */
  async modal(): Promise<ModalHookAPI> {
    if (current?.modal) return current.modal;
    const { default: Modal } = await import('antd/es/modal');
    return Modal as unknown as ModalHookAPI;
  },
};

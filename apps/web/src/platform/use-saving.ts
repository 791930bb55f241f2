import { useCallback, useState } from 'react';
import { App } from 'antd';
import { failureText } from './crud/file-transfer.ts';

/**
 * A save a button or dialog waits on: `saving` while the work runs. A refusal (code ≠ 200, thrown by `unwrap`) shows
 * its message as a warning; transport errors and other statuses were shown by the HTTP client. Either way the error
 * ends here and the form stays for another try.
 */
export function useSaving(): [saving: boolean, whileSaving: (work: () => Promise<unknown>) => Promise<void>] {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const whileSaving = useCallback(
    async (work: () => Promise<unknown>) => {
      setSaving(true);
      try {
        await work();
      } catch (e) {
        const text = failureText(e);
        if (text) message.warning(text);
      } finally {
        setSaving(false);
      }
    },
    [message],
  );
  return [saving, whileSaving];
}

import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { failureText } from '../../platform/crud/file-transfer.ts';

/** Runs a project call: a refusal shows its message; success refreshes every project query. */
export function useRun() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async <T>(call: Promise<T>, ok?: string): Promise<T | undefined> => {
    try {
      const r = await call;
      if (ok) message.success(ok);
      void queryClient.invalidateQueries({ queryKey: ['project'] });
      return r;
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
      return undefined;
    }
  };
}

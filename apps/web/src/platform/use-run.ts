import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { failureText } from './crud/file-transfer.ts';

/** Runs an area's call: a refusal shows its message; success refreshes every query under the area's key. */
export function useAreaRun(area: string) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async <T>(call: Promise<T>, ok?: string): Promise<T | undefined> => {
    try {
      const r = await call;
      if (ok) message.success(ok);
      void queryClient.invalidateQueries({ queryKey: [area] });
      return r;
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
      return undefined;
    }
  };
}

import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { apiBase, http, unwrap } from '../platform/http.ts';
import { getSession } from '../platform/session.ts';
import { i18n } from '../platform/i18n/index.ts';
import { ENHANCE_ERROR, enhanceAction } from './user-enhance-rule.ts';

/**
 * The company's custom enhancement script (系统配置, issue 24), run on every page change inside a sandboxed frame
 * (GET /enhance/sandbox: opaque origin, no network, no token) — never in the page itself and never on the server.
 * It gets ctx {path, loginName, language} and api.notify(text); a failure is logged as 用户自定义JS增强代码运行出错.
 */
export function useUserEnhance(): void {
  const { pathname } = useLocation();
  const { message } = App.useApp();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const ready = useRef(false);
  const pending = useRef<string | undefined>(undefined);
  const config = useQuery({
    queryKey: ['user-enhance'],
    queryFn: async () =>
      unwrap(await http.get<{ userEnhanceJs?: string | null }>('/systemConfig/getCurrentInfo', undefined, { silent: true })).userEnhanceJs ?? '',
    staleTime: 300_000,
  });
  const code = config.data?.trim() ?? '';

  const run = (path: string) => {
    if (!frame.current?.contentWindow || !ready.current) return void (pending.current = path);
    const ctx = { path, loginName: getSession().user?.loginName ?? '', language: i18n.language };
    frame.current.contentWindow.postMessage({ type: 'erp-enhance-run', code, ctx }, '*');
  };

  useEffect(() => {
    if (!code) return;
    let el: HTMLIFrameElement | undefined;
    const onMessage = (e: MessageEvent) => {
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const a = enhanceAction(e.data);
      if (a.kind === 'ready') {
        ready.current = true;
        if (pending.current) run(pending.current);
      } else if (a.kind === 'notify') message.info(a.text);
      else if (a.kind === 'error') console.error(ENHANCE_ERROR, a.message);
    };
    window.addEventListener('message', onMessage);
    void apiBase().then((base) => {
      el = document.createElement('iframe');
      el.setAttribute('sandbox', 'allow-scripts');
      el.style.display = 'none';
      el.dataset.testid = 'user-enhance-frame';
      el.src = `${base}/enhance/sandbox`;
      frame.current = el;
      document.body.appendChild(el);
    });
    return () => {
      window.removeEventListener('message', onMessage);
      el?.remove();
      frame.current = null;
      ready.current = false;
    };
  }, [code]);

  useEffect(() => {
    if (code) run(pathname);
  }, [pathname, code]);
}

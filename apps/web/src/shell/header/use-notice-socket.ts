import { useEffect, useRef } from 'react';
import type { Message } from '../dialogs/message-api.ts';

export const PING_MS = 20000;
export const RECONNECT_MS = 5000;
/** the server closes with 4401 for a bad token or another user's id: retrying cannot succeed */
const AUTH_REFUSED = 4401;

/**
 * WebSocket /websocket/{userId}?token= (docs/api.md): 'ping' every 20 s, reconnect 5 s after an
 * error or close (SPEC §4), and a pushed {cmd:'msg'} handed to onMessage.
 */
export function useNoticeSocket(userId: number | undefined, token: string | undefined, onMessage: (m: Message | undefined) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => {
    if (!userId || !token) return;
    let ws: WebSocket | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const scheduleReconnect = () => {
      clearInterval(ping);
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        connect();
      }, RECONNECT_MS);
    };

    const connect = () => {
      const proto = window.location.protocol === 'https:' ? 'wss' : 'ws';
      ws = new WebSocket(`${proto}://${window.location.host}/websocket/${userId}?token=${encodeURIComponent(token)}`);
      ws.onopen = () => {
        ping = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send('ping'), PING_MS);
      };
      ws.onmessage = (e) => {
        if (typeof e.data !== 'string' || e.data === 'pong') return;
        try {
          const body = JSON.parse(e.data) as { cmd?: string; msg?: Message };
          if (body.cmd === 'msg') handler.current(body.msg);
        } catch {
          // not JSON: nothing for the bell
        }
      };
      ws.onerror = scheduleReconnect;
      ws.onclose = (e) => {
        if (e.code === AUTH_REFUSED) stopped = true;
        scheduleReconnect();
      };
    };

    connect();
    return () => {
      stopped = true;
      clearInterval(ping);
      clearTimeout(retry);
      ws?.close();
    };
  }, [userId, token]);
}

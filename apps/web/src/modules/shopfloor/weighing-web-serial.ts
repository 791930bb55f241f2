import { useCallback, useEffect, useRef, useState } from 'react';
import { ScaleStream, type FrameFormat, type ScaleState } from '@erp/entities';

/** The few parts of the Web Serial API used here (not in TypeScript's DOM library yet). */
interface WebSerialPort {
  open(o: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  readable: ReadableStream<Uint8Array> | null;
}
interface WebSerial {
  requestPort(): Promise<WebSerialPort>;
}
const serialOf = (): WebSerial | undefined => (navigator as Navigator & { serial?: WebSerial }).serial;

/** Whether this browser can read a scale itself (Chrome and Edge on a desktop, over https or localhost). */
export const webSerialSupported = () => typeof navigator !== 'undefined' && !!serialOf();

/** How long a stable frame counts as the present weight (the server's station reader uses the same). */
const STALE_MS = 3000;

export interface BrowserScale {
  connected: boolean;
  error: string | null;
  state: ScaleState | null;
  /** The stable weight now, or null. */
  stable: ScaleState['stable'];
  connect(baud: number, format: FrameFormat): Promise<void>;
  disconnect(): Promise<void>;
}

/**
 * 本机串口秤: the browser opens the scale the user picks (navigator.serial), parses its frames with the same parser as the
 * server's station reader (@erp/entities' ScaleStream) and keeps the latest stable weight; the page posts that weight.
 */
export function useBrowserScale(): BrowserScale {
  const port = useRef<WebSerialPort | null>(null);
  const reader = useRef<ReadableStreamDefaultReader<Uint8Array> | null>(null);
  const stream = useRef<ScaleStream | null>(null);
  const [state, setState] = useState<ScaleState | null>(null);
  const [connected, setConnected] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const disconnect = useCallback(async () => {
    await reader.current?.cancel().catch(() => undefined);
    await port.current?.close().catch(() => undefined);
    port.current = null;
    reader.current = null;
    setConnected(false);
  }, []);

  const connect = useCallback(
    async (baud: number, format: FrameFormat) => {
      setError(null);
      try {
        const p = await serialOf()!.requestPort();
        await p.open({ baudRate: baud });
        port.current = p;
        stream.current = new ScaleStream({ format });
        setConnected(true);
        const decoder = new TextDecoder('latin1');
        const r = p.readable!.getReader();
        reader.current = r;
        for (;;) {
          const { value, done } = await r.read();
          if (done) break;
          stream.current.push(decoder.decode(value, { stream: true }));
        }
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        await disconnect();
      }
    },
    [disconnect],
  );

  useEffect(() => {
    if (!connected) return;
    const h = setInterval(() => stream.current && setState({ ...stream.current.state }), 250);
    return () => clearInterval(h);
  }, [connected]);
  useEffect(() => () => void disconnect(), [disconnect]);

  const stable = state?.stable && Date.now() - state.stable.at <= STALE_MS ? state.stable : null;
  return { connected, error, state, stable, connect, disconnect };
}

import { allowListEntries, matchesEntry } from '../../../platform/allow-list.ts';
import { ScaleStream, type FrameFormat, type ScaleState, type ScaleUnit } from '@erp/entities';

/** What the reader needs of a station: where its scale is and how it talks. */
export interface ReaderConfig {
  tenantId: number;
  id: number;
  devicePath: string;
  baud: number;
  frameFormat: FrameFormat;
  stableCount: number;
  tolerance: string;
  unit: ScaleUnit;
}

/** How long a stable reading counts as the scale's present weight (a scale sends several frames a second). */
export const STALE_MS = 3000;
const OPEN_WAIT_MS = 3000;

interface PortLike {
  on(event: 'data', fn: (b: Buffer) => void): unknown;
  on(event: 'close' | 'error', fn: (e?: Error) => void): unknown;
  close(cb?: (e?: Error | null) => void): void;
  isOpen: boolean;
}

/** One open serial port and the frames read from it. */
class StationReader {
  readonly stream: ScaleStream;
  readonly signature: string;
  private port: PortLike | null = null;
  dead = false;

  constructor(readonly cfg: ReaderConfig) {
    this.stream = new ScaleStream({ format: cfg.frameFormat, stableCount: cfg.stableCount, tolerance: cfg.tolerance, unit: cfg.unit });
    this.signature = signatureOf(cfg);
  }

  /** Opens the port; rejects with the system's reason (no such file, busy, permission). */
  async open(): Promise<void> {
    // loaded on first use: a machine without a scale never loads the native binding
    const { SerialPort } = await import('serialport');
    await new Promise<void>((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        reject(new Error('timed out'));
      }, OPEN_WAIT_MS);
      const port = new SerialPort({ path: this.cfg.devicePath, baudRate: this.cfg.baud, autoOpen: false });
      port.open((err) => {
        clearTimeout(timer);
        if (err) return reject(err);
        // opened after the caller gave up: nobody reads it
        if (late) return port.close(() => undefined);
        this.port = port;
        resolve();
      });
      port.on('data', (b: Buffer) => this.stream.push(b.toString('latin1')));
      port.on('error', () => this.stop());
      port.on('close', () => this.stop());
    });
  }

  /** Closes the port (once) and forgets this reader, unless a newer one has taken its place. */
  stop(): void {
    if (this.dead) return;
    this.dead = true;
    const key = keyOf(this.cfg);
    if (readers.get(key) === this) readers.delete(key);
    const p = this.port;
    this.port = null;
    if (p?.isOpen) p.close(() => undefined);
  }

  state(): ScaleState & { stableNow: boolean } {
    const s = this.stream.state;
    const stableNow = !!s.stable && Date.now() - s.stable.at <= STALE_MS;
    return { ...s, stableNow };
  }
}

const readers = new Map<string, StationReader>();
const opening = new Map<string, Promise<StationReader>>();
const keyOf = (c: { tenantId: number; id: number }) => `${c.tenantId}:${c.id}`;
const signatureOf = (c: ReaderConfig) => [c.devicePath, c.baud, c.frameFormat, c.stableCount, c.tolerance, c.unit].join('|');

/**
 * The server's serial ports are the machine's, not a company's: a company may open only those its administrator
 * lists in ERP_SERIAL_PORTS (comma-separated paths, a trailing * for a prefix, e.g. `/dev/ttyUSB*`). Unset, none
 * is open, so on a shared server one company can never read another's scale (the browser's Web Serial path needs no
 * server port).
 */
export function serialPortAllowed(path: string, list = process.env.ERP_SERIAL_PORTS): boolean {
  return allowListEntries(list).some((p) => matchesEntry(p, path));
}

/** Thrown when a station's port cannot be opened; the message names the path and the system's reason. */
export class PortOpenError extends Error {}

/**
 * The running reader of a station: opened on first use and kept open (the scale sends all the time), reopened when
 * the station's port settings change or the port went away. Rejects with PortOpenError when the port cannot be opened.
 */
export async function readerFor(cfg: ReaderConfig): Promise<StationReader> {
  if (!serialPortAllowed(cfg.devicePath)) {
    throw new PortOpenError(`串口 ${cfg.devicePath} 未开放给本系统使用：请服务器管理员将它加入 ERP_SERIAL_PORTS`);
  }
  const key = keyOf(cfg);
  const have = readers.get(key);
  if (have && !have.dead && have.signature === signatureOf(cfg)) return have;
  have?.stop();
  const pending = opening.get(key);
  if (pending) return pending;
  const r = new StationReader(cfg);
  const p = r
    .open()
    .then(() => {
      readers.set(key, r);
      return r;
    })
    .catch((e: Error) => {
      throw new PortOpenError(`无法打开串口 ${cfg.devicePath}：${e.message}`);
    })
    .finally(() => opening.delete(key));
  opening.set(key, p);
  return p;
}

/** Closes a station's reader (station changed, disabled or deleted). */
export function stopReader(tenantId: number, id: number): void {
  readers.get(keyOf({ tenantId, id }))?.stop();
}

/** Closes every reader (server shutdown, end of a test). */
export function closeAllReaders(): void {
  for (const r of [...readers.values()]) r.stop();
}

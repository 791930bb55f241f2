import { Decimal } from 'decimal.js';

/**
 * Continuous-output scale frames (issue 17, 自动称重), shared by the server's station reader and the browser's
 * Web Serial path. A scale indicator sends one line per reading, many times a second:
 * - `toledo`: Toledo / A&D style `ST,GS,+  12.345kg` (ST stable, US unstable, OL overload; GS gross, NT net);
 * - `mtsics`: Mettler Toledo MT-SICS `S S     12.345 kg` (second letter S stable, D dynamic);
 * - `plain`: no stability flag, `+0012.345 kg`, `W: 12.345 kg`, `12.345kg`: stable once N consecutive readings
 *   agree within a tolerance;
 * - `auto`: whichever of the above a line matches.
 * A line that matches none is garbage: counted, never thrown.
 */
export const FRAME_FORMATS = ['auto', 'toledo', 'mtsics', 'plain'] as const;
export type FrameFormat = (typeof FRAME_FORMATS)[number];
export const SCALE_UNITS = ['kg', 'g', 'lb', 't'] as const;
export type ScaleUnit = (typeof SCALE_UNITS)[number];
export const STANDARD_BAUDS = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;

/** One parsed line: the weight as a decimal string, its unit, and the scale's stability flag (null: the format has none). */
export interface Frame {
  weight: string;
  unit: ScaleUnit;
  stable: boolean | null;
}

const NUM = String.raw`([+-]?)\s*(\d{1,9}(?:\.\d{1,6})?|\.\d{1,6})`;
const UNIT = String.raw`\s*(kg|g|lb|lbs|t)`;
const TOLEDO = new RegExp(String.raw`^(ST|US|OL),(GS|NT|GW|NW),${NUM}${UNIT}$`, 'i');
const MTSICS = new RegExp(String.raw`^S\s+([SD])\s+${NUM}${UNIT}$`, 'i');
const PLAIN = new RegExp(String.raw`^(?:(?:W|WT|GS|G|N|NET|GROSS)\s*[:=]?\s*)?${NUM}${UNIT}$`, 'i');
const MAX_LINE = 80;

const unitOf = (u: string): ScaleUnit => (u.toLowerCase() === 'lbs' ? 'lb' : (u.toLowerCase() as ScaleUnit));
const weightOf = (sign: string, digits: string) => new Decimal(`${sign === '-' ? '-' : ''}${digits}`).toFixed();

function parseToledo(line: string): Frame | null {
  const m = TOLEDO.exec(line);
  if (!m) return null;
  return { weight: weightOf(m[3]!, m[4]!), unit: unitOf(m[5]!), stable: m[1]!.toUpperCase() === 'ST' };
}
function parseMtsics(line: string): Frame | null {
  const m = MTSICS.exec(line);
  if (!m) return null;
  return { weight: weightOf(m[2]!, m[3]!), unit: unitOf(m[4]!), stable: m[1]!.toUpperCase() === 'S' };
}
function parsePlain(line: string): Frame | null {
  const m = PLAIN.exec(line);
  if (!m) return null;
  return { weight: weightOf(m[1]!, m[2]!), unit: unitOf(m[3]!), stable: null };
}
const PARSERS: Record<Exclude<FrameFormat, 'auto'>, (line: string) => Frame | null> = { toledo: parseToledo, mtsics: parseMtsics, plain: parsePlain };

/** One line → a frame, or null for garbage. Control characters (STX, ETX) and surrounding blanks are dropped. */
export function parseFrame(raw: string, format: FrameFormat = 'auto'): Frame | null {
  // eslint-disable-next-line no-control-regex
  const line = raw.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
  if (!line || line.length > MAX_LINE) return null;
  if (format !== 'auto') return PARSERS[format](line);
  return parseToledo(line) ?? parseMtsics(line) ?? parsePlain(line);
}

const TO_KG: Record<ScaleUnit, string> = { kg: '1', g: '0.001', t: '1000', lb: '0.45359237' };
/** A weight in one unit expressed in another, to 6 decimals. */
export function convertWeight(weight: string, from: ScaleUnit, to: ScaleUnit): string {
  if (from === to) return new Decimal(weight).toFixed();
  return new Decimal(weight).times(TO_KG[from]).div(TO_KG[to]).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();
}

export interface StreamOptions {
  format?: FrameFormat;
  /** Readings that must agree when a format has no stability flag (default 3). */
  stableCount?: number;
  /** How far apart those readings may be (default 0: equal), in `unit`. */
  tolerance?: string;
  /** The tolerance's unit (default kg); readings in other units are converted to compare. */
  unit?: ScaleUnit;
  /** Clock, for tests. */
  now?: () => number;
}

/** Where a stream stands: the latest frame, the stable weight if the scale is stable now, and the counts. */
export interface ScaleState {
  latest: (Frame & { at: number }) | null;
  stable: { weight: string; unit: ScaleUnit; at: number } | null;
  frames: number;
  garbage: number;
}

/**
 * Bytes from a scale → lines → frames → the stable weight. Frames split on CR, LF or both; a line that never ends
 * (longer than 80 characters) is garbage. An unstable frame clears the stable weight until the scale settles again.
 */
export class ScaleStream {
  private buffer = '';
  private recent: Frame[] = [];
  readonly state: ScaleState = { latest: null, stable: null, frames: 0, garbage: 0 };
  private readonly format: FrameFormat;
  private readonly count: number;
  private readonly tolerance: Decimal;
  private readonly unit: ScaleUnit;
  private readonly now: () => number;

  constructor(o: StreamOptions = {}) {
    this.format = o.format ?? 'auto';
    this.count = Math.max(1, o.stableCount ?? 3);
    this.tolerance = new Decimal(o.tolerance ?? 0);
    this.unit = o.unit ?? 'kg';
    this.now = o.now ?? Date.now;
  }

  /** Feeds a chunk of the serial line (any split: half lines wait for the rest). */
  push(chunk: string): void {
    this.buffer += chunk;
    const parts = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = parts.pop() ?? '';
    if (this.buffer.length > MAX_LINE) {
      this.state.garbage++;
      this.buffer = '';
    }
    for (const line of parts) this.line(line);
  }

  /** One complete line. */
  line(raw: string): void {
    if (!raw.trim()) return;
    const f = parseFrame(raw, this.format);
    if (!f) {
      this.state.garbage++;
      return;
    }
    this.state.frames++;
    const at = this.now();
    this.state.latest = { ...f, at };
    this.recent = [...this.recent, f].slice(-this.count);
    this.state.stable = this.isStable(f) ? { weight: f.weight, unit: f.unit, at } : null;
  }

  private isStable(f: Frame): boolean {
    if (f.stable !== null) return f.stable;
    if (this.recent.length < this.count) return false;
    const ws = this.recent.map((r) => new Decimal(convertWeight(r.weight, r.unit, this.unit)));
    return Decimal.max(...ws)
      .minus(Decimal.min(...ws))
      .lte(this.tolerance);
  }
}

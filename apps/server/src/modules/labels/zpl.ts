import { Socket } from 'node:net';
import { BusinessError } from '../../platform/errors.ts';
import { allowListEntries, matchesEntry } from '../../platform/allow-list.ts';
import { barcodeText } from './barcode.ts';
import { labelLines, type LabelItem } from './label-text.ts';
import type { Template } from './template.ts';

/** Field data with ^FH_: the characters ZPL treats as commands (^ ~) and the escape itself as hex. */
const esc = (s: string) => s.replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);
const fd = (s: string) => `^FH_^FD${esc(s)}^FS`;

/**
 * One label in ZPL II at the printer's resolution (dots per mm: 8 at 203 dpi, 12 at 300 dpi): text lines
 * (UTF-8, ^CI28; Chinese needs a CJK font on the printer) and the barcode — ^BC Code 128, ^BQ QR, ^BE EAN-13.
 */
export function labelZpl(t: Template, item: LabelItem, copies: number, dpmm = 8): string {
  const d = (mm: number) => Math.round(mm * dpmm);
  const lines = labelLines(t, item);
  const code = barcodeText(t.symbology, item.record.code);
  const out = ['^XA', '^CI28', `^PW${d(t.widthMm)}`, `^LL${d(t.heightMm)}`, '^LH0,0'];
  const pad = d(1.5);
  if (t.symbology === 'qrcode') {
    const side = Math.min(d(t.heightMm) - 2 * pad, lines.length ? d(t.widthMm) / 2 : d(t.widthMm));
    const mag = Math.max(1, Math.min(10, Math.floor(side / 29)));
    out.push(`^FO${pad},${pad}^BQN,2,${mag}`, `^FH_^FDQA,${esc(code)}^FS`);
    textLines(out, lines, pad + side + d(1), pad, d(t.heightMm) - 2 * pad);
  } else {
    const textH = lines.length ? Math.min((d(t.heightMm) - 2 * pad) / 2, lines.length * d(4)) : 0;
    textLines(out, lines, pad, pad, textH);
    const barH = Math.max(d(5), d(t.heightMm) - 2 * pad - textH - d(t.symbology === 'ean13' ? 4 : 1));
    const module = Math.max(1, Math.min(4, Math.floor((d(t.widthMm) - 2 * pad) / (t.symbology === 'ean13' ? 95 : 11 * code.length + 35))));
    out.push(`^BY${module}`);
    const symbol = t.symbology === 'ean13' ? `^BEN,${barH},Y,N` : `^BCN,${barH},N,N,N`;
    // ^BE takes the 12 digits and prints its own check digit
    out.push(`^FO${pad},${pad + textH + d(0.5)}${symbol}`, fd(t.symbology === 'ean13' ? code.slice(0, 12) : code));
  }
  out.push(`^PQ${copies}`, '^XZ');
  return out.join('\n');
}

function textLines(out: string[], lines: string[], x: number, y: number, h: number): void {
  if (!lines.length) return;
  const size = Math.max(14, Math.min(40, Math.floor(h / lines.length)));
  lines.slice(0, Math.max(1, Math.floor(h / size))).forEach((line, i) => out.push(`^FO${x},${y + i * size}^A0N,${size - 2},${size - 2}`, fd(line)));
}

export function batchZpl(t: Template, items: Array<{ item: LabelItem; copies: number }>, dpmm = 8): string {
  return `${items.map((i) => labelZpl(t, i.item, i.copies, dpmm)).join('\n')}\n`;
}

const WHY: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝',
  ENOTFOUND: '找不到主机',
  EAI_AGAIN: '找不到主机',
  EHOSTUNREACH: '主机不可达',
  ENETUNREACH: '网络不可达',
  ETIMEDOUT: '超时',
  ECONNRESET: '连接被断开',
};

/**
 * Raw TCP from the server to a host a user names is a way into the server's network (a ZPL line reaching a
 * database or cache port is a command to it), so only the printers the server's administrator lists in
 * ERP_LABEL_PRINTERS are reached: comma-separated `host` (port 9100) or `host:port`, a trailing `*` on the host
 * for a prefix (`192.168.1.*`), `*` for any port. Unset, none is.
 */
export function printerAllowed(host: string, port: number, list = process.env.ERP_LABEL_PRINTERS): boolean {
  return allowListEntries(list).some((e) => {
    const [h, p = '9100'] = e.split(':');
    return matchesEntry(h, host) && (p === '*' || Number(p) === port);
  });
}

/** Sends ZPL to a network label printer (raw TCP, usually port 9100); refuses clearly when it cannot be reached in time. */
export function sendToPrinter(host: string, port: number, zpl: string, timeoutMs = 5000): Promise<{ bytes: number }> {
  if (!printerAllowed(host, port)) {
    return Promise.reject(new BusinessError(`打印机 ${host}:${port} 不在服务器允许的打印机列表中：请服务器管理员将它加入 ERP_LABEL_PRINTERS`));
  }
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const fail = (why: string) => {
      socket.destroy();
      reject(new BusinessError(`无法连接打印机 ${host}:${port}（${why}），请检查打印机地址、端口和网络`));
    };
    socket.setTimeout(timeoutMs, () => fail('超时'));
    socket.once('error', (e: NodeJS.ErrnoException) => fail(WHY[e.code ?? ''] ?? e.code ?? e.message));
    socket.connect(port, host, () => {
      socket.end(zpl, 'utf8', () => {
        resolve({ bytes: Buffer.byteLength(zpl, 'utf8') });
        socket.destroy();
      });
    });
  });
}

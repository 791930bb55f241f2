import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { BusinessError } from '../../platform/errors.ts';

/**
 * HTML → PDF with headless Chromium, as Odoo does with wkhtmltopdf: a template is HTML and only a browser lays
 * HTML out faithfully (tables across pages, CJK text, CSS). The page runs with JavaScript off and every request
 * refused, so a template can neither run code nor reach the network (no server-side request forgery).
 * One browser per process, started on first use and closed after a minute idle.
 */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
const IDLE_MS = 60_000;
/** Renders at once per process: each page holds a renderer of ~50 MB. */
const MAX_PAGES = 2;

export const PAPERS = {
  A4: { format: 'A4', landscape: false },
  A4L: { format: 'A4', landscape: true },
  A5L: { format: 'A5', landscape: true },
} as const;
export type Paper = keyof typeof PAPERS;

let browser: Promise<Browser> | undefined;
let idle: NodeJS.Timeout | undefined;
let busy = 0;
const waiting: Array<() => void> = [];

function executable(): string {
  const path = [process.env.CHROMIUM_PATH, ...CANDIDATES].find((p) => p && existsSync(p));
  if (!path) throw new BusinessError('服务器未安装 Chromium，无法生成 PDF（请安装 chromium 或设置 CHROMIUM_PATH）');
  return path;
}

function getBrowser(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: executable(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] }).catch((e) => {
    browser = undefined;
    throw new BusinessError(`PDF 生成服务无法启动：${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  });
  return browser;
}

async function slot(): Promise<void> {
  if (busy < MAX_PAGES) {
    busy++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}
function release() {
  const next = waiting.shift();
  if (next) next();
  else busy--;
  if (busy === 0) {
    clearTimeout(idle);
    idle = setTimeout(() => void closePdfBrowser(), IDLE_MS);
    idle.unref();
  }
}

/** Closes the shared browser (idle timer, shutdown, tests). */
export async function closePdfBrowser(): Promise<void> {
  const b = browser;
  browser = undefined;
  if (b) await (await b.catch(() => undefined))?.close();
}

/** One PDF of a whole HTML document; pages break where its CSS says. */
export async function htmlToPdf(html: string, paper: Paper): Promise<Buffer> {
  await slot();
  try {
    clearTimeout(idle);
    const b = await getBrowser();
    const context = await b.newContext({ javaScriptEnabled: false, offline: true });
    try {
      await context.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load', timeout: 30_000 });
      return await page.pdf({ ...PAPERS[paper], printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } });
    } finally {
      await context.close();
    }
  } finally {
    release();
  }
}
